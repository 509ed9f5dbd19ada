import { InsurancePollSchema, isPollComplete, pollScale } from '@cubierto/contracts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerCustomer, type TestApp } from '../../../test/harness.ts';
import { bagCoverageId, contractInsurance, payThroughSandbox, startPayment } from '../../../test/purchase.ts';
import { pollQuestions } from '../../db/schema/index.ts';
import {
  INSURANCE_POLL,
  INSURANCE_POLL_REWORDED,
  seedDemoCatalog,
  seedReferenceData,
} from '../../db/seed.ts';

let t: TestApp;
let coverage: number;
type Customer = Awaited<ReturnType<typeof registerCustomer>>;
type Poll = Array<{
  id: number;
  poll_question: { id: number; name: string; values: string };
  response: string | null;
}>;

beforeAll(async () => {
  // A deployment's own entity type id (spec §9 fixed configuration), not the default 1.
  t = await createTestApp({ env: { ENTITY_TYPE_ID: '7' } });
  await seedDemoCatalog(t.database.db, t.app.deps.storage);
  coverage = await bagCoverageId(t.app);
});
afterAll(async () => t.close());

const url = (insuranceId: number, entityTypeId = 7) =>
  `/api/v4/customers/poll-question-response/${entityTypeId}/insurance-poll?insurance_id=${insuranceId}`;
const open = (c: Customer, insuranceId: number, payload?: object) =>
  t.app.inject({ method: 'POST', url: url(insuranceId), headers: c.auth, ...(payload ? { payload } : {}) });
const answer = (c: Customer, insuranceId: number, responses: unknown) =>
  t.app.inject({ method: 'PUT', url: url(insuranceId), headers: c.auth, payload: { responses } });

async function paidInsurance(c: Customer) {
  const insurance = await contractInsurance(t.app, c.auth, coverage);
  await payThroughSandbox(t.app, c.auth, insurance.id);
  return insurance;
}

describe('insurance poll', () => {
  it('opens with the seeded questions on a 5-step scale, all unanswered, the same every time', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await paidInsurance(c);
    const res = await open(c, insurance.id);
    expect(res.statusCode, res.body).toBe(200);
    const poll = InsurancePollSchema.parse(res.json().data);
    expect(poll.map((q) => q.poll_question.name)).toEqual([...INSURANCE_POLL.questions]);
    // The app says "vos" (issue 19): so does its poll.
    expect(poll.map((q) => q.poll_question.name)).toEqual([
      '¿Qué tan probable es que nos recomendés a un amigo?',
      '¿Qué tan probable es que volvás a contratar un seguro con Cubierto?',
      '¿Qué tan probable es que recomendés la aseguradora que elegiste?',
    ]);
    for (const question of poll) {
      expect(question.response).toBeNull();
      expect(pollScale(question.poll_question.values)).toHaveLength(5);
    }
    expect(isPollComplete(poll)).toBe(false);

    const again = await open(c, insurance.id, {});
    expect(again.json().data).toEqual(poll);
  });

  it('stores one answer per question, and sending the same answers again changes nothing', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await paidInsurance(c);
    const poll: Poll = (await open(c, insurance.id)).json().data;
    const responses = poll.map((q, i) => ({ id: q.id, response: pollScale(q.poll_question.values)[4 - i] }));

    const saved = await answer(c, insurance.id, responses);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.map((q: Poll[number]) => q.response)).toEqual(['5', '4', '3']);
    expect(isPollComplete(saved.json().data)).toBe(true);

    const repeated = await answer(c, insurance.id, responses);
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json().data).toEqual(saved.json().data);
    expect((await open(c, insurance.id)).json().data).toEqual(saved.json().data);
  });

  it('takes the answers as a form POST with _method=PUT (spec §7), and a PUT without a body is refused', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await paidInsurance(c);
    const poll: Poll = (await open(c, insurance.id)).json().data;
    const responses = poll.map((q) => ({ id: q.id, response: pollScale(q.poll_question.values)[0] }));
    const form = new FormData();
    form.append('_method', 'PUT');
    form.append('responses', JSON.stringify(responses));
    const request = new Request('http://x', { method: 'POST', body: form });
    const saved = await t.app.inject({
      method: 'POST',
      url: url(insurance.id),
      headers: { ...c.auth, 'content-type': request.headers.get('content-type') ?? '' },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(isPollComplete(saved.json().data)).toBe(true);

    const empty = await t.app.inject({ method: 'PUT', url: url(insurance.id), headers: c.auth });
    expect(empty.statusCode).toBe(422);
  });

  it('refuses a value off the scale, a missing question and a question of another poll with 422, storing nothing', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await paidInsurance(c);
    const other = await paidInsurance(c);
    const poll: Poll = (await open(c, insurance.id)).json().data;
    const otherPoll: Poll = (await open(c, other.id)).json().data;

    const offScale = await answer(c, insurance.id, [
      { id: poll[0]!.id, response: '9' },
      { id: poll[1]!.id, response: '3' },
      { id: poll[2]!.id, response: '3' },
    ]);
    expect(offScale.statusCode).toBe(422);
    expect(offScale.json()).toMatchObject({
      error_code: 'validation_failed',
      validations: { 'responses.0.response': ['Elegí una de las opciones: 1, 2, 3, 4, 5.'] },
    });

    const missing = await answer(c, insurance.id, [{ id: poll[0]!.id, response: '3' }]);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().validations.responses).toEqual(['Respondé todas las preguntas.']);

    const foreign = await answer(c, insurance.id, [
      { id: otherPoll[0]!.id, response: '3' },
      { id: poll[1]!.id, response: '3' },
      { id: poll[2]!.id, response: '3' },
    ]);
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().validations['responses.0.id']).toEqual([
      'Esa pregunta no es parte de esta encuesta.',
    ]);

    const empty = await answer(c, insurance.id, []);
    expect(empty.statusCode).toBe(422);
    expect((await open(c, insurance.id)).json().data.every((q: Poll[number]) => q.response === null)).toBe(
      true,
    );
  });

  it('answers 404 for another customer’s insurance and 409 before an approved payment', async () => {
    const owner = await registerCustomer(t.app);
    const intruder = await registerCustomer(t.app);
    const paid = await paidInsurance(owner);
    expect((await open(intruder, paid.id)).statusCode).toBe(404);
    expect((await answer(intruder, paid.id, [{ id: 1, response: '5' }])).statusCode).toBe(404);
    expect((await open(owner, 999_999)).statusCode).toBe(404);

    const unpaid = await contractInsurance(t.app, owner.auth, coverage);
    await startPayment(t.app, owner.auth, unpaid.id, 'sandbox');
    const early = await open(owner, unpaid.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'La encuesta se habilita cuando el pago de la contratación está aprobado.',
    );
  });

  it('is asked under the configured entity type id with the insurance in the query: another id is 404, no insurance 422', async () => {
    const c = await registerCustomer(t.app);
    const insurance = await paidInsurance(c);
    const config = await t.app.inject({ method: 'GET', url: '/api/v4/common/app-config' });
    expect(config.json().data.entity_type_id).toBe(7);

    const otherType = await t.app.inject({ method: 'POST', url: url(insurance.id, 1), headers: c.auth });
    expect(otherType.statusCode, otherType.body).toBe(404);
    // The insurance id in the entity type's place (the old path) is not a poll either.
    const insuranceAsType = await t.app.inject({
      method: 'POST',
      url: `/api/v4/customers/poll-question-response/${insurance.id}/insurance-poll`,
      headers: c.auth,
    });
    expect([404, 422]).toContain(insuranceAsType.statusCode);
    const withoutInsurance = await t.app.inject({
      method: 'POST',
      url: '/api/v4/customers/poll-question-response/7/insurance-poll',
      headers: c.auth,
    });
    expect(withoutInsurance.statusCode).toBe(422);
    expect((await open(c, insurance.id)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'POST', url: url(1) });
    expect(res.statusCode).toBe(401);
  });

  it('a database seeded with the earlier "tú" questions gets them reworded in place at the next start, answers kept', async () => {
    const db = t.database.db;
    const rows = () =>
      db
        .select({ id: pollQuestions.id, name: pollQuestions.name })
        .from(pollQuestions)
        .orderBy(asc(pollQuestions.id));
    const seeded = await rows();
    for (const [before, after] of INSURANCE_POLL_REWORDED)
      await db.update(pollQuestions).set({ name: before }).where(eq(pollQuestions.name, after));
    expect((await rows()).map((row) => row.name)).toEqual(INSURANCE_POLL_REWORDED.map(([before]) => before));

    await seedReferenceData(db);
    // The same rows (and so the answers given to them), under the new wording; no question added.
    expect(await rows()).toEqual(seeded);
    expect(seeded.map((row) => row.name)).toEqual([...INSURANCE_POLL.questions]);
    // Run again, nothing changes.
    await seedReferenceData(db);
    expect(await rows()).toEqual(seeded);
  });
});
