import net from 'node:net';
import type { OutboxRow } from './outbox';
import { smtpTransport } from './transports';
import { expectRefused } from '../testing/refusal';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A minimal SMTP server: enough of RFC 5321 for one client to hand over messages. */
async function smtpSink(): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 sink ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          received.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') current.from = line;
        if (verb === 'RCPT') current.to.push(line);
        if (verb === 'DATA') inData = true;
        reply(verb === 'DATA' ? '354 go ahead' : verb === 'QUIT' ? '221 bye' : '250 ok');
        if (verb === 'QUIT') socket.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const row: OutboxRow = {
  id: 'm1',
  to: 'eva@helio.test',
  subject: 'Váš kód',
  text: 'Kód je 123456.',
  language: 'cs',
  created_at: new Date().toISOString(),
  sent_at: null,
  claimed_at: null,
  attempts: 1,
  last_error: null,
  secret_until: null,
  attachments: null,
};

describe('SMTP transport', () => {
  it('hands the mail to the SMTP server of SMTP_URL, from MAIL_FROM, in UTF-8', async () => {
    const sink = await smtpSink();
    const transport = smtpTransport(`smtp://127.0.0.1:${sink.port}?ignoreTLS=true`, 'Helio EMS <no-reply@helio.test>');
    try {
      await transport.send(row);
    } finally {
      transport.close();
      await sink.close();
    }
    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail?.from).toMatch(/<no-reply@helio\.test>/);
    expect(mail?.to).toEqual([expect.stringMatching(/<eva@helio\.test>/)]);
    expect(mail?.data).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(mail?.data).toMatch(/^Content-Language: cs/m);
  });

  it('sends the attachments kept in the outbox row (a monthly report PDF) as MIME parts', async () => {
    const pdf = Buffer.from('%PDF-1.3 a report');
    const sink = await smtpSink();
    const transport = smtpTransport(`smtp://127.0.0.1:${sink.port}?ignoreTLS=true`, 'no-reply@helio.test');
    const attachments = JSON.stringify([
      { filename: 'helio-report-2025-06-roof.pdf', contentType: 'application/pdf', base64: pdf.toString('base64') },
    ]);
    try {
      await transport.send({ ...row, attachments });
    } finally {
      transport.close();
      await sink.close();
    }
    const data = sink.received[0]?.data ?? '';
    expect(data).toMatch(/^Content-Type: application\/pdf; name=helio-report-2025-06-roof\.pdf/m);
    expect(data).toContain(pdf.toString('base64'));
  });

  it('fails when the mail server cannot be reached, so the outbox keeps the mail', async () => {
    const unused = await smtpSink();
    await unused.close();
    const transport = smtpTransport(`smtp://127.0.0.1:${unused.port}`, 'no-reply@helio.test');
    await expectRefused(transport.send(row), /ECONNREFUSED/);
    transport.close();
  });
});
