// Where mail goes: a log line (the default, the mail itself stays readable in the outbox) or an SMTP
// server given by SMTP_URL, through nodemailer.
import nodemailer from 'nodemailer';
import { attachmentsOf, type OutboxRow } from './outbox';

export interface MailTransport {
  readonly name: 'log' | 'smtp';
  send(mail: OutboxRow): Promise<void>;
  close(): void;
}

export function logTransport(log: (line: string) => void): MailTransport {
  return {
    name: 'log',
    async send(mail) {
      log(`mail ${mail.id} to ${mail.to}: "${mail.subject}" (no SMTP_URL: the text is in the outbox table)`);
    },
    close() {},
  };
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        headers: { 'Content-Language': mail.language },
        attachments: attachmentsOf(mail).map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
    },
    close: () => transporter.close(),
  };
}
