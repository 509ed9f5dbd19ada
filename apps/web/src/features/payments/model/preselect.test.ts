import { describe, expect, it } from 'vitest';
import { preselectPaymentMethod } from './preselect.ts';

const checkouts = ['mercadopago', 'uala', 'sandbox'] as const;

describe('preselectPaymentMethod', () => {
  it('chooses Mi dinero when its balance covers the premium, to the centavo', () => {
    expect(
      preselectPaymentMethod({
        totalCents: 1_029_105,
        moneyBalanceCents: 1_029_105,
        checkoutMethods: checkouts,
      }),
    ).toBe('money_wallet');
    expect(
      preselectPaymentMethod({
        totalCents: 1_029_105,
        moneyBalanceCents: 5_000_000,
        checkoutMethods: checkouts,
      }),
    ).toBe('money_wallet');
  });

  it('chooses the first checkout the server offers when Mi dinero falls short, is empty or in debt', () => {
    for (const balance of [1_029_104, 0, -50_000])
      expect(
        preselectPaymentMethod({
          totalCents: 1_029_105,
          moneyBalanceCents: balance,
          checkoutMethods: checkouts,
        }),
      ).toBe('mercadopago');
    expect(
      preselectPaymentMethod({ totalCents: 1_000, moneyBalanceCents: 0, checkoutMethods: ['sandbox'] }),
    ).toBe('sandbox');
  });

  it('does not choose Mi dinero while its balance is unknown', () => {
    expect(
      preselectPaymentMethod({
        totalCents: 1_000,
        moneyBalanceCents: null,
        checkoutMethods: ['uala', 'sandbox'],
      }),
    ).toBe('uala');
  });

  it('passes over the method whose payment was just rejected, unless nothing else is left', () => {
    expect(
      preselectPaymentMethod({
        totalCents: 1_000,
        moneyBalanceCents: 0,
        checkoutMethods: checkouts,
        passOver: 'mercadopago',
      }),
    ).toBe('uala');
    expect(
      preselectPaymentMethod({
        totalCents: 1_000,
        moneyBalanceCents: 0,
        checkoutMethods: ['sandbox'],
        passOver: 'sandbox',
      }),
    ).toBe('sandbox');
    expect(
      preselectPaymentMethod({
        totalCents: 1_000,
        moneyBalanceCents: 2_000,
        checkoutMethods: ['sandbox'],
        passOver: 'sandbox',
      }),
    ).toBe('money_wallet');
    expect(
      preselectPaymentMethod({
        totalCents: 1_000,
        moneyBalanceCents: 2_000,
        checkoutMethods: ['sandbox'],
        passOver: 'money_wallet',
      }),
    ).toBe('sandbox');
  });

  it('falls back to Mi dinero when the server offers no checkout at all', () => {
    expect(preselectPaymentMethod({ totalCents: 1_000, moneyBalanceCents: 0, checkoutMethods: [] })).toBe(
      'money_wallet',
    );
  });
});
