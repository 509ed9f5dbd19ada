/** A real SMTP server in the test process (smtp-server): the app's mails arrive here and tests read them. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

const REGISTRATION_CODE = /^(\d{6})\r?$/m;

export async function startSmtpPeer() {
  const inbox: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    /** Waits for a mail to `to` (whose decoded text matches `matching`, when given) and returns it. */
    async waitFor(to: string, timeoutMs = 5000, matching?: RegExp): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = inbox.find((m) => m.to.includes(to) && (!matching || matching.test(decodeMail(m.raw))));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    /** The 6-digit registration code of the first code mail to `to` (alone on its line). */
    async registrationCode(to: string, timeoutMs = 5000): Promise<string> {
      const mail = await this.waitFor(to, timeoutMs, REGISTRATION_CODE);
      return REGISTRATION_CODE.exec(decodeMail(mail.raw))![1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A mail's body as a reader sees it: quoted-printable soft breaks and escapes undone. */
export function decodeMail(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  return Buffer.from(
    unfolded.replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`).replace(/%(?![0-9A-F]{2})/g, '%25'),
    'latin1',
  )
    .toString('latin1')
    .replace(/(%[0-9A-F]{2})+/g, (seq) => decodeURIComponent(seq));
}

/** The reset token inside a mail. */
export function resetTokenFrom(raw: string): string {
  const m = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec(decodeMail(raw));
  if (!m) throw new Error('no reset link in mail');
  return decodeURIComponent(m[1]!);
}
