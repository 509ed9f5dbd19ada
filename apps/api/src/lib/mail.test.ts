import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mail.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'cubierto-mailbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('development mailbox (no SMTP_URL)', () => {
  it('writes each mail as an .eml file named after its recipient and logs only where, never the code', async () => {
    const lines: string[] = [];
    const log = {
      info: (fields: unknown, message: string) => lines.push(JSON.stringify({ fields, message })),
    } as unknown as FastifyBaseLogger;
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Cubierto <no-responder@cubierto.com.ar>',
      mailDir: path.join(dir, 'mail'),
      log,
    });
    await mailer.send({
      to: 'Ana.Gomez@example.com',
      subject: '482913 es tu código de Cubierto',
      text: 'Ingresá este código:\n\n482913\n\nhttps://app.cubierto.test/reset-password?token=secreto',
    });
    const files = readdirSync(path.join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d-]+Z-0001-ana\.gomez@example\.com\.eml$/);
    const eml = readFileSync(path.join(dir, 'mail', files[0]!), 'utf8');
    expect(eml).toContain('To: Ana.Gomez@example.com');
    expect(eml).toMatch(/^482913$/m);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(files[0]);
    expect(lines[0]).not.toContain('482913');
    expect(lines[0]).not.toContain('secreto');
  });
});
