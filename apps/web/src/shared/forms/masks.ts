/**
 * Text inputs masked as a person types, respecting maxLength (spec §5): DNI 12.345.678, CUIT
 * 20-12345678-3, a DNI-or-CUIT field, phone, plate (ABC 123 / AB 123 CD), IMEI 35-209900-176148-1 and
 * card-like numbers in groups of four. A mask keeps only the characters that count, adds the separators
 * the schemas in packages/contracts ignore (normalizeDigits, normalizePlate, isValidImei), and drops what
 * would not fit, so the shown text is never longer than the field's maxLength. The caret stays after the
 * same character it was after, wherever separators appear.
 */
import type { UseFormRegisterReturn } from 'react-hook-form';

export type MaskKind = 'dni' | 'cuit' | 'document' | 'phone' | 'plate' | 'imei' | 'card';

type Mask = {
  /** The characters that count (the others are separators or noise). */
  keep: RegExp;
  /** How many of them the field takes. */
  capacity: number;
  /** The kept characters with their separators. */
  format(raw: string): string;
};

/** Thousands with dots, as a DNI is written: 12.345.678. */
function withDots(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** Characters cut into groups of the given sizes, joined by `separator` (the last group takes the rest). */
function grouped(raw: string, sizes: number[], separator: string): string {
  const parts: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= raw.length) break;
    parts.push(raw.slice(at, at + size));
    at += size;
  }
  if (at < raw.length) parts.push(raw.slice(at));
  return parts.join(separator);
}

const cuit = (digits: string) => grouped(digits, [2, 8, 1], '-');

export const MASKS: Record<MaskKind, Mask> = {
  dni: { keep: /\d/, capacity: 8, format: withDots },
  cuit: { keep: /\d/, capacity: 11, format: cuit },
  /** A DNI while it is one (up to 8 digits), a CUIT from the ninth digit on. */
  document: {
    keep: /\d/,
    capacity: 11,
    format: (digits) => (digits.length <= 8 ? withDots(digits) : cuit(digits)),
  },
  /** Digits with a leading +, in groups as typed (the schema takes spaces and dashes). */
  phone: {
    keep: /[\d+]/,
    capacity: 15,
    format: (raw) => {
      const plus = raw.startsWith('+') ? '+' : '';
      const digits = raw.replace(/\+/g, '');
      return plus + grouped(digits, [2, 4, 4], ' ');
    },
  },
  /** Upper case, a space where letters and digits meet: ABC 123, AB 123 CD. */
  plate: {
    keep: /[A-Za-z0-9]/,
    capacity: 7,
    format: (raw) => raw.toUpperCase().replace(/(?<=[A-Z])(?=\d)|(?<=\d)(?=[A-Z])/g, ' '),
  },
  imei: { keep: /\d/, capacity: 15, format: (digits) => grouped(digits, [2, 6, 6, 1], '-') },
  card: { keep: /\d/, capacity: 16, format: (digits) => grouped(digits, [4, 4, 4, 4], ' ') },
};

function kept(value: string, mask: Mask): string {
  return Array.from(value)
    .filter((char) => mask.keep.test(char))
    .join('');
}

/** The masked text of `value`: at most the mask's characters, never longer than `maxLength`. */
export function maskValue(kind: MaskKind, value: string, maxLength?: number): string {
  const mask = MASKS[kind];
  let raw = kept(value, mask);
  // A '+' only counts first.
  if (kind === 'phone') raw = raw.slice(0, 1) + raw.slice(1).replace(/\+/g, '');
  raw = raw.slice(0, mask.capacity);
  let shown = mask.format(raw);
  while (maxLength !== undefined && shown.length > maxLength && raw.length > 0) {
    raw = raw.slice(0, -1);
    shown = mask.format(raw);
  }
  return shown;
}

/** The longest text the mask can show: the field's maxLength when none is given. */
export function maskMaxLength(kind: MaskKind): number {
  // A Mercosur plate (AB 123 CD) is the longest plate; every other mask is longest when full of digits.
  const full = kind === 'plate' ? 'AB123CD' : '9'.repeat(MASKS[kind].capacity);
  return maskValue(kind, full).length;
}

/** Masks an input in place, keeping the caret after the same kept character. */
export function maskInput(input: HTMLInputElement, kind: MaskKind, maxLength?: number): void {
  const mask = MASKS[kind];
  const before = input.value;
  const caret = input.selectionStart ?? before.length;
  const keptBeforeCaret = kept(before.slice(0, caret), mask).length;
  const after = maskValue(kind, before, maxLength);
  if (after === before) return;
  input.value = after;
  let position = 0;
  for (let count = 0; position < after.length && count < keptBeforeCaret; position++) {
    if (mask.keep.test(after.charAt(position))) count++;
  }
  if (input.ownerDocument.activeElement === input) input.setSelectionRange(position, position);
}

/**
 * A react-hook-form registration whose input is masked before the form reads it, with the maxLength
 * the mask fills (or the smaller one given).
 */
export function maskedRegistration<Name extends string>(
  registration: UseFormRegisterReturn<Name>,
  kind: MaskKind,
  maxLength?: number,
): UseFormRegisterReturn<Name> & { maxLength: number } {
  const limit = Math.min(maxLength ?? Number.POSITIVE_INFINITY, maskMaxLength(kind));
  return {
    ...registration,
    maxLength: limit,
    onChange: (event) => {
      if (event.target instanceof HTMLInputElement) maskInput(event.target, kind, limit);
      return registration.onChange(event);
    },
  };
}
