/**
 * Argentine identity numbers: DNI (7–8 digits) and CUIT/CUIL (11 digits with a mod-11 check digit).
 * Pure rules shared by the forms and the API.
 */

export function normalizeDigits(value: string): string {
  return value.replace(/[\s.-]/g, '');
}

export function isValidDni(value: string): boolean {
  return /^\d{7,8}$/.test(normalizeDigits(value));
}

const CUIT_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** CUIT check digit (AFIP): weighted sum mod 11; 11 → 0, 10 → invalid. */
export function isValidCuit(value: string): boolean {
  const digits = normalizeDigits(value);
  if (!/^\d{11}$/.test(digits)) return false;
  if (!['20', '23', '24', '27', '30', '33', '34'].includes(digits.slice(0, 2))) return false;
  const sum = CUIT_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(digits[i]), 0);
  const mod = 11 - (sum % 11);
  const check = mod === 11 ? 0 : mod;
  return check !== 10 && check === Number(digits[10]);
}
