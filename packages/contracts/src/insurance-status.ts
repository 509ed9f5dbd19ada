/**
 * An insurance's status, one table for every change (DOMAIN.md "Statuses"): which action may move an
 * insurance from which status to which. The API changes an insurance's status only through this table
 * (apps/api modules/insurances/status.ts); nothing else writes the column.
 *
 *   pendiente ──pay──▶ vigente (or stays pendiente, paid, until its start day) ──start──▶ vigente
 *   pendiente ──expire_unpaid (72 h unpaid) / close_account──▶ anulado
 *   vigente ──finish (after ends_on)──▶ finalizado
 *   vigente ──end_scheduled (after cancels_on, 'baja programada')──▶ cancelado
 *   pendiente | vigente ──cancel (the customer) / withdraw (botón de arrepentimiento)──▶ cancelado
 *   pendiente | vigente ──reverse (the provider took the payment back)──▶ anulado
 *   pendiente | vigente ──void / invalidate (an operator)──▶ anulado / invalido
 */
import type { InsuranceStatus } from './insurance.ts';

export const INSURANCE_ACTIONS = [
  'pay',
  'start',
  'expire_unpaid',
  'finish',
  'end_scheduled',
  'cancel',
  'void',
  'invalidate',
  'close_account',
  'withdraw',
  'reverse',
] as const;
export type InsuranceAction = (typeof INSURANCE_ACTIONS)[number];

type Rule = { from: readonly InsuranceStatus[]; to: readonly InsuranceStatus[] };

/** Every legal change of an insurance's status, by the action that makes it. */
export const INSURANCE_TRANSITIONS: Readonly<Record<InsuranceAction, Rule>> = {
  /** A payment approved: in force at once, or still `pendiente` (paid) until its start day. */
  pay: { from: ['pendiente'], to: ['vigente', 'pendiente'] },
  /** The lifecycle job: a paid insurance's start day has come. */
  start: { from: ['pendiente'], to: ['vigente'] },
  /** The lifecycle job: unpaid 72 h after it was issued, nothing to refund. */
  expire_unpaid: { from: ['pendiente'], to: ['anulado'] },
  /** The lifecycle job: the day after `ends_on`. */
  finish: { from: ['vigente'], to: ['finalizado'] },
  /** The lifecycle job: the day after a scheduled cancellation's `cancels_on`. */
  end_scheduled: { from: ['vigente'], to: ['cancelado'] },
  /** The customer cancels now (unpaid, paid but not started, or in force). */
  cancel: { from: ['pendiente', 'vigente'], to: ['cancelado'] },
  /** An operator voids it: everything paid is refunded. */
  void: { from: ['pendiente', 'vigente'], to: ['anulado'] },
  /** An operator rejects its data: everything paid is refunded. */
  invalidate: { from: ['pendiente', 'vigente'], to: ['invalido'] },
  /** The customer deletes the account: what was never paid is voided. */
  close_account: { from: ['pendiente'], to: ['anulado'] },
  /** The customer's arrepentimiento (Ley 24.240 art. 34): paid, within 10 days; everything paid comes back. */
  withdraw: { from: ['pendiente', 'vigente'], to: ['cancelado'] },
  /** The provider reported its payment refunded, cancelled or charged back without our asking. */
  reverse: { from: ['pendiente', 'vigente'], to: ['anulado'] },
};

/** Whether `action` may move an insurance in `from` to `to`. */
export function canMoveInsurance(
  from: InsuranceStatus,
  action: InsuranceAction,
  to: InsuranceStatus,
): boolean {
  const rule = INSURANCE_TRANSITIONS[action];
  return rule.from.includes(from) && rule.to.includes(to);
}

/** The statuses an insurance in `from` may still move to, whatever the action. */
export function nextInsuranceStatuses(from: InsuranceStatus): InsuranceStatus[] {
  const next = new Set<InsuranceStatus>();
  for (const rule of Object.values(INSURANCE_TRANSITIONS)) {
    if (rule.from.includes(from)) for (const to of rule.to) if (to !== from) next.add(to);
  }
  return [...next];
}

/** An insurance that can no longer change (finalizado, cancelado, anulado, invalido). */
export const isInsuranceClosed = (status: InsuranceStatus) => nextInsuranceStatuses(status).length === 0;
