/**
 * Migration 0025 on a database that already has invoices (issued before ARCA): they are not marked
 * `autorizada` (they have no CAE); they stay `pendiente_cae` without a number, keep their old internal
 * number in `legacy_number`, get their voucher type and the receiver's VAT condition, and each has its
 * authorisation job enqueued. The migrations run on PGlite up to 0024 first, then to the end.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../db/client.ts';

const work = mkdtempSync(path.join(tmpdir(), 'cubierto-0025-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The migrations folder without 0025 and later. */
function migrationsUpTo0024(): string {
  const folder = path.join(work, 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: Array<{ idx: number; tag: string }>;
  };
  for (const entry of journal.entries.filter((e) => e.idx >= 25))
    unlinkSync(path.join(folder, `${entry.tag}.sql`));
  journal.entries = journal.entries.filter((e) => e.idx < 25);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0025 (ARCA authorisation)', () => {
  it('leaves the invoices issued before it pendiente_cae, without a number, with their job enqueued', async () => {
    const client = new PGlite();
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo0024() });
    // Rows of a database in use (their users and insurances are not the subject: no foreign keys checked).
    await client.exec(`
      set session_replication_role = replica;
      insert into invoices (id, user_id, kind, letter, point_of_sale, number, issued_at, recipient_name,
        recipient_document_type, recipient_document_number, recipient_tax_condition, recipient_address,
        net_cents, iva_cents, total_cents, invoice_id)
      values
        (1, 7, 'invoice', 'A', 1, 41, '2026-10-01T12:00:00Z', 'La Espiga S.R.L.', 'CUIT', '30500012346',
          'responsable_inscripto', '', 10000, 2100, 12100, null),
        (2, 8, 'invoice', 'B', 1, 77, '2026-10-02T12:00:00Z', 'Marta Suárez', 'DNI', '31222333',
          'consumidor_final', '', 10000, 2100, 12100, null),
        (3, 7, 'credit_note', 'A', 1, 5, '2026-10-03T12:00:00Z', 'La Espiga S.R.L.', 'CUIT', '30500012346',
          'responsable_inscripto', '', 10000, 2100, 12100, 1),
        (4, 9, 'invoice', 'B', 1, 78, '2026-10-04T12:00:00Z', 'Kiosco Uno', 'CUIT', '20111111112',
          'monotributo', '', 5000, 0, 5000, null);
      set session_replication_role = origin;
    `);
    await migrate(db, { migrationsFolder });

    const rows = await client.query<Record<string, unknown>>(
      `select id, number, legacy_number, arca_status, arca_voucher_type, receiver_iva_condition_id, cae
       from invoices order by id`,
    );
    expect(rows.rows).toEqual([
      {
        id: 1,
        number: null,
        legacy_number: 41,
        arca_status: 'pendiente_cae',
        arca_voucher_type: 1,
        receiver_iva_condition_id: 1,
        cae: null,
      },
      {
        id: 2,
        number: null,
        legacy_number: 77,
        arca_status: 'pendiente_cae',
        arca_voucher_type: 6,
        receiver_iva_condition_id: 5,
        cae: null,
      },
      {
        id: 3,
        number: null,
        legacy_number: 5,
        arca_status: 'pendiente_cae',
        arca_voucher_type: 3,
        receiver_iva_condition_id: 1,
        cae: null,
      },
      {
        id: 4,
        number: null,
        legacy_number: 78,
        arca_status: 'pendiente_cae',
        arca_voucher_type: 6,
        receiver_iva_condition_id: 6,
        cae: null,
      },
    ]);
    const jobs = await client.query<{ kind: string; payload: unknown; key: string }>(
      `select kind, payload, key from outbox order by id`,
    );
    expect(jobs.rows).toEqual(
      [1, 2, 3, 4].map((id) => ({
        kind: 'invoices.arca-authorize',
        payload: { invoiceId: id },
        key: `invoices.arca-authorize:${id}:0`,
      })),
    );
    // Still append-only: the old amounts cannot change, nor can a row be deleted.
    await expect(
      client.query('update invoices set total_cents = 1, net_cents = 1, iva_cents = 0 where id = 2'),
    ).rejects.toThrow(/cannot be changed/);
    await expect(client.query('delete from invoices where id = 2')).rejects.toThrow(/cannot be changed/);
    await client.close();
  }, 120_000);
});
