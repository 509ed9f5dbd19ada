/**
 * Steps the browser tests take through the API rather than the screens, to set a scene quickly: a
 * customer registered, a 'bag' insurance contracted (or a process left half-way), an insurance paid
 * through the test checkout. What a test looks at is always done through the screens.
 */
import { expect, type Page } from '@playwright/test';
import { mailedCode, newEmail, PASSWORD } from './support.ts';

export const API = '/api/v4';

export type Customer = { email: string; auth: Record<string, string> };
export type IssuedInsurance = { id: number; number: string; total_cents: number };

/** A calendar day in Argentina (UTC−3), `days` from today, as YYYY-MM-DD. */
export function dayFromToday(days: number): string {
  const today = Date.parse(new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10));
  return new Date(today + days * 86_400_000).toISOString().slice(0, 10);
}

/** A new customer, registered as the app does it: the form, then the code mailed to the address. */
export async function registerThroughApi(page: Page, name: string, emailPrefix = 'e2e'): Promise<Customer> {
  const email = newEmail(emailPrefix);
  const dni = String(30_000_000 + Math.floor(Math.random() * 9_000_000));
  const started = await page.request.post(`${API}/auth/register`, {
    data: { name, email, password: PASSWORD, dni, accepted_terms: true },
  });
  expect(started.status(), await started.text()).toBe(202);
  const answer = await page.request.post(`${API}/auth/register/confirm`, {
    data: { email, code: await mailedCode(email) },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const { access_token } = (await answer.json()) as { access_token: string };
  return { email, auth: { Authorization: `Bearer ${access_token}` } };
}

/** The first coverage of the first public 'bag' policy. */
export async function bagCoverage(page: Page): Promise<{ id: number; name: string }> {
  const answer = await page.request.get(`${API}/public-policies?per_page=100&filter[risk_type][eq]=bag`);
  const coverage = (await answer.json()).data[0].coverages[0];
  return { id: coverage.id, name: coverage.public_name };
}

/**
 * Starts a 'bag' process and answers its steps (dates from `startsIn` days for 90 days, risk, taker);
 * quotes and confirms it when asked, and answers the insurance issued (`pendiente`).
 */
export async function contractBag(
  page: Page,
  customer: Customer,
  { confirm, startsIn = 1 }: { confirm: boolean; startsIn?: number },
): Promise<{ processId: number; coverage: { id: number; name: string }; insurance?: IssuedInsurance }> {
  const coverage = await bagCoverage(page);
  const headers = customer.auth;
  const started = await page.request.post(`${API}/customers/insurance-processes`, {
    headers,
    data: { coverage_id: coverage.id },
  });
  expect(started.status(), await started.text()).toBe(201);
  const process = (await started.json()).data as { id: number; steps: string[] };
  const entity = (await (await page.request.get(`${API}/customers/entities`, { headers })).json()).data[0].id;
  const answers: Record<string, unknown> = {
    dates: { start_date: dayFromToday(startsIn), end_date: dayFromToday(startsIn + 90) },
    risk: { description: 'Mochila negra con notebook' },
    taker: { taker_entity_id: entity, billing_entity_id: entity },
  };
  for (const step of process.steps) {
    const saved = await page.request.put(`${API}/customers/insurance-processes/${process.id}/steps/${step}`, {
      headers,
      data: answers[step],
    });
    expect(saved.status(), `${step}: ${await saved.text()}`).toBe(200);
  }
  if (!confirm) return { processId: process.id, coverage };
  const quote = await page.request.post(`${API}/customers/insurance-processes/${process.id}/quote`, {
    headers,
  });
  expect(quote.status(), await quote.text()).toBe(201);
  const confirmed = await page.request.post(`${API}/customers/insurance-processes/${process.id}/confirm`, {
    headers,
    data: { quote_id: (await quote.json()).data.id },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(201);
  const issued = (await confirmed.json()).data as Omit<IssuedInsurance, 'total_cents'> & {
    premium: { total_cents: number };
  };
  return {
    processId: process.id,
    coverage,
    insurance: { id: issued.id, number: issued.number, total_cents: issued.premium.total_cents },
  };
}

/** A 'bag' insurance starting today, issued `pendiente`. */
export async function issueBagInsurance(page: Page, customer: Customer): Promise<IssuedInsurance> {
  const { insurance } = await contractBag(page, customer, { confirm: true, startsIn: 0 });
  if (!insurance) throw new Error('The insurance was not issued');
  return insurance;
}

/** Starts a test-checkout payment of the insurance; answers the checkout page's path. */
export async function startSandboxPayment(
  page: Page,
  customer: Customer,
  insuranceId: number,
): Promise<string> {
  const started = await page.request.post(`${API}/customers/payments`, {
    headers: { ...customer.auth, 'Idempotency-Key': `e2e-${insuranceId}-${Date.now()}` },
    data: { insurance_id: insuranceId, method: 'sandbox' },
  });
  expect(started.status(), await started.text()).toBe(201);
  return new URL((await started.json()).data.checkout_url as string).pathname;
}

/** Pays an insurance through the test checkout, approving it as the customer would. */
export async function payInSandbox(page: Page, customer: Customer, insuranceId: number): Promise<void> {
  const checkout = await startSandboxPayment(page, customer, insuranceId);
  const approved = await page.request.post(`${checkout}/approve`, { maxRedirects: 0 });
  expect(approved.status()).toBe(303);
}
