import { describe, expect, it } from 'vitest';
import { homeTourSteps } from './tour-steps.ts';

describe('the home tour steps (spec §2)', () => {
  it("keep the spec's order, with 'Mi crédito' only while credit wallet mode is on", () => {
    const on = homeTourSteps(false).map((step) => step.id);
    expect(on.slice(0, 5)).toEqual(['welcome', 'wallets', 'money-wallet', 'credit-wallet', 'products']);
    expect(homeTourSteps(true, true).map((step) => step.id)).toContain('credit-wallet');
    const off = homeTourSteps(true, false).map((step) => step.id);
    expect(off).not.toContain('credit-wallet');
    expect(off).toEqual(
      homeTourSteps(true)
        .map((step) => step.id)
        .filter((id) => id !== 'credit-wallet'),
    );
  });
});
