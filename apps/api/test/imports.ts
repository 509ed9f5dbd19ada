/**
 * Imports in tests: the cell-phone coverage of the demo catalogue, a business entity, Mi crédito topped
 * up through the sandbox checkout, and CSV files written the way Excel in Spanish writes them.
 */
import type { FastifyInstance } from 'fastify';
import { isoDaysFromToday, VALID_IMEI } from './contracting.ts';
import { idempotencyKey } from './purchase.ts';

type Auth = Record<string, string>;

/** Valid IMEIs (Luhn): the fixture's one and others built from a 14-digit body. */
export function imei(n: number): string {
  if (n === 0) return VALID_IMEI;
  const body = `35${String(n).padStart(12, '0')}`;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    let d = Number(body[13 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export const PHONE_HEADER = 'marca;modelo;imei;numero_de_serie;valor_del_equipo;fecha_inicio;fecha_fin';

/** One cell-phone row as Excel in Spanish writes it: ';', amounts with ',' decimals, dd/mm/aaaa. */
export function phoneRow(
  n: number,
  overrides: Partial<Record<'imei' | 'amount' | 'brand' | 'sn', string>> = {},
) {
  return [
    overrides.brand ?? 'Motorola',
    `Moto G${n}`,
    overrides.imei ?? imei(n),
    overrides.sn ?? `SN${n}`,
    overrides.amount ?? '300.000,00',
    dmy(isoDaysFromToday(1)),
    dmy(isoDaysFromToday(31)),
  ].join(';');
}

export function phoneCsv(rows: string[], header = PHONE_HEADER): Buffer {
  return Buffer.from(`${header}\r\n${rows.join('\r\n')}\r\n`, 'utf8');
}

async function ok<T>(what: string, res: { statusCode: number; body: string; json(): unknown }) {
  if (res.statusCode >= 300) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: T }).data;
}

export async function phoneCoverage(app: FastifyInstance) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/v4/public-policies?filter[risk_type][eq]=cell-phone',
  });
  const policies = await ok<Array<{ name: string; coverages: Array<{ id: number }> }>>('catalogue', res);
  return { coverageId: policies[0]!.coverages[0]!.id, policyName: policies[0]!.name };
}

export async function createBusiness(app: FastifyInstance, auth: Auth, cuit = '30712345671') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v4/customers/entities',
    headers: auth,
    payload: {
      kind: 'business',
      name: 'Celulares del Centro SRL',
      document_number: cuit,
      tax_condition: 'responsable_inscripto',
    },
  });
  return ok<{ id: number }>('entity', res);
}

/** Tops up Mi crédito by the sandbox checkout ('Aprobar el pago'). */
export async function topUpCredit(app: FastifyInstance, auth: Auth, amountCents: number) {
  const started = await ok<{ checkout_url: string }>(
    'top-up',
    await app.inject({
      method: 'POST',
      url: '/api/v4/customers/credit-wallet/top-ups',
      headers: { ...auth, ...idempotencyKey() },
      payload: { amount_cents: amountCents, method: 'sandbox' },
    }),
  );
  const res = await app.inject({ method: 'POST', url: `${new URL(started.checkout_url).pathname}/approve` });
  if (res.statusCode !== 303) throw new Error(`sandbox approval failed: ${res.statusCode} ${res.body}`);
}

export function uploadImport(
  app: FastifyInstance,
  auth: Auth,
  input: { coverageId: number; entityId: number; file: Buffer; contentType?: string },
) {
  return app.inject({
    method: 'POST',
    url: `/api/v4/customers/imports?coverage_id=${input.coverageId}&entity_id=${input.entityId}&file_name=celulares.csv`,
    headers: { ...auth, 'content-type': input.contentType ?? 'text/csv' },
    payload: input.file,
  });
}
