/** The payment result status as spec §4 classifies it, value by value. */
import { describe, expect, it } from 'vitest';
import { classifyPaymentStatus } from './payment-methods.ts';

describe('payment result status (spec §4)', () => {
  it.each([
    null,
    undefined,
    'null',
    'inprocess',
    'inmediation',
    'rejected',
    'cancelled',
    'refunded',
    'chargedback',
    'failure',
  ])('%s is failing', (status) => {
    expect(classifyPaymentStatus(status)).toBe('failing');
  });

  it('pending is pending; approved and success are approved', () => {
    expect(classifyPaymentStatus('pending')).toBe('pending');
    expect(classifyPaymentStatus('approved')).toBe('approved');
    expect(classifyPaymentStatus('success')).toBe('approved');
  });
});
