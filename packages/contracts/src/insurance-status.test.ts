import { describe, expect, it } from 'vitest';
import { INSURANCE_STATUSES } from './insurance.ts';
import {
  canMoveInsurance,
  INSURANCE_TRANSITIONS,
  isInsuranceClosed,
  nextInsuranceStatuses,
} from './insurance-status.ts';

describe('the transition table of an insurance’s status', () => {
  it('lets an insurance leave only pendiente and vigente (DOMAIN.md "Statuses")', () => {
    const open = INSURANCE_STATUSES.filter((s) => !isInsuranceClosed(s));
    expect(open).toEqual(['pendiente', 'vigente']);
    expect(nextInsuranceStatuses('pendiente').sort()).toEqual([
      'anulado',
      'cancelado',
      'invalido',
      'vigente',
    ]);
    expect(nextInsuranceStatuses('vigente').sort()).toEqual([
      'anulado',
      'cancelado',
      'finalizado',
      'invalido',
    ]);
  });

  it('names the action of every change', () => {
    expect(canMoveInsurance('pendiente', 'pay', 'vigente')).toBe(true);
    expect(canMoveInsurance('pendiente', 'pay', 'pendiente')).toBe(true);
    expect(canMoveInsurance('vigente', 'pay', 'vigente')).toBe(false);
    expect(canMoveInsurance('pendiente', 'expire_unpaid', 'anulado')).toBe(true);
    expect(canMoveInsurance('vigente', 'expire_unpaid', 'anulado')).toBe(false);
    expect(canMoveInsurance('vigente', 'finish', 'finalizado')).toBe(true);
    expect(canMoveInsurance('pendiente', 'finish', 'finalizado')).toBe(false);
    expect(canMoveInsurance('cancelado', 'void', 'anulado')).toBe(false);
    expect(canMoveInsurance('vigente', 'cancel', 'anulado')).toBe(false);
  });

  it('ends by one status per ending action', () => {
    for (const action of [
      'cancel',
      'void',
      'invalidate',
      'expire_unpaid',
      'end_scheduled',
      'finish',
    ] as const)
      expect(INSURANCE_TRANSITIONS[action].to).toHaveLength(1);
  });
});
