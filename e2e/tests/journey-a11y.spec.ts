/**
 * Axe on every screen of issue 19's three journeys (journeys.ts: the ones `npm run bench:journey` counts
 * and times), at the phone's size only (journey.spec walks their screens at the desktop's, see below),
 * with the messages they can meet: an expected one beside its field (the registration sent empty, a wrong
 * password, the claim sent empty) and the central handler's toast for a request that got no answer. No
 * serious or critical violation on any of them; a screenshot of each under
 * artifacts/screenshots/<size>/<test>/.
 *
 * The actions each journey takes are counted as it walks. They may not grow: a change that adds a tap,
 * a field or a dialog to a journey fails here, with the journey's actions listed. CEILINGS are the issue's
 * targets (TARGETS), which the journeys meet (bench/README.md). Browser times are never asserted.
 */
import { expect, type Page, type TestInfo, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.ts';
import {
  claimWithAttachment,
  type JourneyName,
  type JourneyResult,
  newVisitorCellPhone,
  type OnScreen,
  prepareInsuredCustomer,
  prepareReturningTraveller,
  returningCustomerTravel,
  TARGETS,
} from './journeys.ts';
import { expectAccessible, shot } from './support.ts';

// The test checkout sends the customer back to the server's public address (localhost by default).
test.use({ baseURL: `http://localhost:${E2E_PORT}` });
// Three independent customers: the journeys may run side by side.
test.describe.configure({ mode: 'parallel' });

/** The most actions each journey may take: the targets, which every journey now meets. */
const CEILINGS: Record<JourneyName, number> = TARGETS;

function everyScreen(page: Page, info: TestInfo): OnScreen {
  return async (screen) => {
    await test.step(`axe: ${screen}`, async () => {
      await expectAccessible(page);
      await shot(page, info, screen);
    });
  };
}

function expectNoMoreActions(journey: JourneyName, result: JourneyResult): void {
  const listed = result.actions.map((action, n) => `${n + 1}. ${action}`).join('\n');
  expect(result.actions.length, `${journey} took:\n${listed}`).toBeLessThanOrEqual(CEILINGS[journey]);
}

// At the desktop's size journey.spec walks the screens of these journeys with axe on each (a new visitor
// registering from the cell-phone product to its certificate, a contract's steps, the payment and its
// certificate, a claim with attachments, the notifications) and keyboard.spec the profile, the billing
// party and a claim: these run at the phone's (playwright.config.ts), where the layout is tightest.
test('journey 1, a new visitor to a cell-phone certificate: every screen accessible', async ({
  page,
}, info) => {
  const result = await newVisitorCellPhone(page, { onScreen: everyScreen(page, info), provoke: true });
  expectNoMoreActions('new-visitor-cell-phone', result);
});

test('journey 2, a returning customer to a travel certificate: every screen accessible', async ({
  page,
}, info) => {
  const customer = await prepareReturningTraveller(page);
  const result = await returningCustomerTravel(page, customer, {
    onScreen: everyScreen(page, info),
    provoke: true,
  });
  expectNoMoreActions('returning-customer-travel', result);
});

test('journey 3, a claim with one attachment: every screen accessible', async ({ page }, info) => {
  const customer = await prepareInsuredCustomer(page);
  const result = await claimWithAttachment(page, customer, {
    onScreen: everyScreen(page, info),
    provoke: true,
  });
  expectNoMoreActions('claim-with-attachment', result);
});
