/**
 * Buying through the API, for tests that need an insurance in a given state: a bag insurance contracted
 * for 60 days from today (pendiente), and paid through the sandbox checkout (vigente).
 */
import type { FastifyInstance } from 'fastify';
import { isoDaysFromToday, riskAnswers } from './contracting.ts';

type Auth = Record<string, string>;
export type ContractedInsurance = {
  id: number;
  number: string;
  status: string;
  premium: { total_cents: number };
  starts_on: string;
  ends_on: string;
};

async function expectOk<T>(what: string, res: { statusCode: number; body: string; json(): unknown }) {
  if (res.statusCode >= 300) throw new Error(`${what} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: T }).data;
}

/** The first coverage of the first public bag policy (seed the demo catalogue first). */
export async function bagCoverageId(app: FastifyInstance): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/api/v4/public-policies?filter[risk_type][eq]=bag' });
  const policies = await expectOk<Array<{ coverages: Array<{ id: number }> }>>('catalogue', res);
  return policies[0]!.coverages[0]!.id;
}

/** Contracts a bag insurance from today (or `startInDays` later) for 60 days; it is left `pendiente`. */
export async function contractInsurance(
  app: FastifyInstance,
  auth: Auth,
  coverageId: number,
  options: { startInDays?: number } = {},
): Promise<ContractedInsurance> {
  const start = options.startInDays ?? 0;
  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url: `/api/v4/customers${url}`, headers: auth, ...(payload ? { payload } : {}) });
  const entities = await expectOk<Array<{ id: number }>>('entities', await inject('GET', '/entities'));
  const entity = entities[0]!.id;
  const process = await expectOk<{ id: number; steps: string[] }>(
    'start',
    await inject('POST', '/insurance-processes', { coverage_id: coverageId }),
  );
  const answers: Record<string, object> = {
    dates: { start_date: isoDaysFromToday(start), end_date: isoDaysFromToday(start + 60) },
    risk: riskAnswers('bag', { stateId: 1, localityId: 1 }),
    taker: { taker_entity_id: entity, billing_entity_id: entity },
  };
  for (const step of process.steps) {
    await expectOk(
      step,
      await inject('PUT', `/insurance-processes/${process.id}/steps/${step}`, answers[step]),
    );
  }
  const quote = await expectOk<{ id: number }>(
    'quote',
    await inject('POST', `/insurance-processes/${process.id}/quote`),
  );
  return expectOk<ContractedInsurance>(
    'confirm',
    await inject('POST', `/insurance-processes/${process.id}/confirm`, { quote_id: quote.id }),
  );
}

/** The insurance as its owner reads it (GET /customers/insurances/{id}). */
export async function insuranceOf(app: FastifyInstance, auth: Auth, insuranceId: number) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v4/customers/insurances/${insuranceId}`,
    headers: auth,
  });
  return expectOk<ContractedInsurance & { cancels_on: string | null }>('insurance', res);
}

/** The payment as its owner reads it by the reference it came back with. */
export async function paymentOf(app: FastifyInstance, auth: Auth, externalReference: string) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v4/customers/payments/by-reference/${externalReference}`,
    headers: auth,
  });
  return expectOk<{ id: number; status: string; method: string }>('payment', res);
}

let keys = 0;
export const idempotencyKey = () => ({ 'idempotency-key': `key-${process.pid}-${++keys}-${Date.now()}` });

/** Starts a provider payment of the insurance; answers the API's `{ payment, checkout_url }`. */
export async function startPayment(app: FastifyInstance, auth: Auth, insuranceId: number, method: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v4/customers/payments',
    headers: { ...auth, ...idempotencyKey() },
    payload: { insurance_id: insuranceId, method },
  });
  return expectOk<{ payment: { id: number; external_reference: string }; checkout_url: string }>(
    'payment',
    res,
  );
}

/** Pays the insurance through the sandbox checkout ('Aprobar el pago'); it becomes `vigente`. */
export async function payThroughSandbox(app: FastifyInstance, auth: Auth, insuranceId: number) {
  const { checkout_url } = await startPayment(app, auth, insuranceId, 'sandbox');
  const res = await app.inject({ method: 'POST', url: `${new URL(checkout_url).pathname}/approve` });
  if (res.statusCode !== 303) throw new Error(`sandbox approval failed: ${res.statusCode} ${res.body}`);
}
