/**
 * Outgoing e-mail over SMTP (nodemailer). Without SMTP_URL (the embedded default and tests) each mail is
 * written as an .eml file into the development mailbox folder (MAIL_DIR, default DATA_DIR/mail), so a
 * newcomer can open a registration code or a password-reset link with any mail reader or a text editor.
 * The log only says that a mail was written and where: never its link or code.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** Text for an HTML body or attribute: the five characters HTML gives meaning to, as entities. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(message: MailMessage): Promise<void> };

/**
 * The file name of a mail in the development mailbox: time first (they list in order), then the
 * recipient (so a reader finds a person's mails by name alone).
 */
export function mailboxFileName(to: string, sequence: number): string {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return `${stamp}-${String(sequence).padStart(4, '0')}${mailboxFileSuffix(to)}`;
}

/** How every mailbox file of one recipient ends. */
export function mailboxFileSuffix(to: string): string {
  return `-${to.toLowerCase().replace(/[^a-z0-9@._-]/g, '_')}.eml`;
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  mailDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (!options.smtpUrl) {
    const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    let sequence = 0;
    return {
      async send(message) {
        const info = await composer.sendMail({ from: options.from, ...message });
        sequence += 1;
        const file = path.join(options.mailDir, mailboxFileName(message.to, sequence));
        await mkdir(options.mailDir, { recursive: true });
        // Written whole, then renamed: a reader never sees half a mail.
        await writeFile(`${file}.part`, info.message as Buffer);
        await rename(`${file}.part`, file);
        options.log.info({ mailFile: file }, 'mail written to the development mailbox (no SMTP_URL set)');
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
