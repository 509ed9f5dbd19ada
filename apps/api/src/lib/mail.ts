/**
 * Outgoing e-mail over SMTP (nodemailer). Without SMTP_URL (the embedded default) mails are written
 * to the log instead, so a newcomer can still follow a password-reset link.
 */
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

/** Text for an HTML body or attribute: the five characters HTML gives meaning to, as entities. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type MailMessage = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(message: MailMessage): Promise<void> };

export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(message) {
        options.log.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          'mail (no SMTP_URL set)',
        );
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
