/** Validation of insured objects' identifiers (DOMAIN.md): IMEI with Luhn, Argentine plates. */

/** 15 digits whose Luhn check passes. */
export function isValidImei(value: string): boolean {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{15}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    let d = Number(digits[14 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Old format (ABC123) or Mercosur (AB123CD); spaces and dashes ignored, case-insensitive. */
export function normalizePlate(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

export function isValidPlate(value: string): boolean {
  const plate = normalizePlate(value);
  return /^[A-Z]{3}\d{3}$/.test(plate) || /^[A-Z]{2}\d{3}[A-Z]{2}$/.test(plate);
}
