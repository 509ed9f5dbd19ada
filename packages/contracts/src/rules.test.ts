import { describe, expect, it } from 'vitest';
import { PasswordSchema, RegisterBodySchema } from './auth.ts';
import { isValidCuit, isValidDni } from './identity.ts';
import { compareVersions, isUpdateRequired } from './version.ts';

describe('version comparison (spec §5: numeric, part by part)', () => {
  it.each([
    ['2.10.0', '2.9.9', 1],
    ['2.1.11', '2.1.11', 0],
    ['2.1.2', '2.1.11', -1],
    ['3', '2.99.99', 1],
    ['1.0', '1.0.0', 0],
  ])('%s vs %s → %i', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
  });

  it('asks for an update only when the server version is higher', () => {
    expect(isUpdateRequired('2.1.11', '2.1.12')).toBe(true);
    expect(isUpdateRequired('2.1.11', '2.1.11')).toBe(false);
    expect(isUpdateRequired('2.1.11', '2.1.9')).toBe(false);
    expect(isUpdateRequired('2.1.11', null)).toBe(false);
  });
});

describe('identity numbers', () => {
  it('accepts valid CUITs and refuses a wrong check digit or prefix', () => {
    expect(isValidCuit('20-12345678-6')).toBe(true);
    expect(isValidCuit('30-71234567-1')).toBe(true);
    expect(isValidCuit('20-12345678-5')).toBe(false);
    expect(isValidCuit('99-12345678-6')).toBe(false);
    expect(isValidCuit('2012345678')).toBe(false);
  });

  it('accepts DNIs of 7 or 8 digits, with dots', () => {
    expect(isValidDni('30.123.456')).toBe(true);
    expect(isValidDni('1234567')).toBe(true);
    expect(isValidDni('123456')).toBe(false);
    expect(isValidDni('30A23456')).toBe(false);
  });
});

describe('password rules', () => {
  it('needs 8 characters and refuses the common ones', () => {
    expect(PasswordSchema.safeParse('corta').success).toBe(false);
    expect(PasswordSchema.safeParse('Password').success).toBe(false);
    expect(PasswordSchema.safeParse('argentina').success).toBe(false);
    expect(PasswordSchema.safeParse('Tornado-Azul-2025').success).toBe(true);
  });

  it('normalises the e-mail and the DNI at registration', () => {
    const parsed = RegisterBodySchema.parse({
      name: ' Ana Gómez ',
      email: ' ANA@Example.COM ',
      password: 'Tornado-Azul-2025',
      dni: '30.123.456',
      accepted_terms: true,
    });
    expect(parsed).toMatchObject({ name: 'Ana Gómez', email: 'ana@example.com', dni: '30123456' });
  });

  it('refuses a registration without the terms and the privacy policy accepted', () => {
    const body = {
      name: 'Ana Gómez',
      email: 'ana@example.com',
      password: 'Tornado-Azul-2025',
      dni: '30123456',
    };
    for (const accepted_terms of [undefined, false]) {
      const result = RegisterBodySchema.safeParse({ ...body, accepted_terms });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['accepted_terms', 'Aceptá los términos y la política de privacidad para continuar.'],
      ]);
    }
  });
});

describe('cover months', () => {
  it('counts a year as 12 months and a started month as one', async () => {
    const { coverMonths } = await import('./pricing.ts');
    expect(coverMonths('2026-01-01', '2027-01-01')).toBe(12);
    expect(coverMonths('2028-01-01', '2029-01-01')).toBe(12);
    expect(coverMonths('2026-01-01', '2026-01-31')).toBe(1);
    expect(coverMonths('2026-01-01', '2026-02-15')).toBe(2);
    expect(coverMonths('2026-01-01', '2026-07-01')).toBe(6);
    expect(coverMonths(null, null)).toBe(1);
  });
});
