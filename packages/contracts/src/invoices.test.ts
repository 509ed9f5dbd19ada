import { describe, expect, it } from 'vitest';
import { isValidCuit } from './identity.ts';
import {
  formatDocumentNumber,
  formatInvoiceNumber,
  InvoiceProfileBodySchema,
  invoiceLetterFor,
  ivaRateFor,
  splitIva,
} from './invoices.ts';
import { ReferralCodeSchema } from './referrals.ts';

const profile = {
  name: 'Estudio Almada S.R.L.',
  document_type: 'CUIT',
  document_number: '30-50001234-6',
  tax_condition: 'responsable_inscripto',
  street: 'Av. Santa Fe',
  street_number: '1860',
  locality: 'Recoleta',
  state_id: '1',
  zip_code: 'C1123AAN',
};

describe('invoice rules', () => {
  it('gives an A only to a responsable inscripto', () => {
    expect(invoiceLetterFor('responsable_inscripto')).toBe('A');
    for (const other of ['consumidor_final', 'monotributo', 'exento'] as const)
      expect(invoiceLetterFor(other)).toBe('B');
  });

  it('splits IVA out of a total so that net and IVA always add up to it', () => {
    expect(splitIva(12_100, 2100)).toEqual({ netCents: 10_000, ivaCents: 2_100 });
    for (const total of [1, 99, 533_610, 800_415, 1_234_567]) {
      const { netCents, ivaCents } = splitIva(total, 2100);
      expect(netCents + ivaCents).toBe(total);
      expect(Math.abs(ivaCents - netCents * 0.21)).toBeLessThanOrEqual(1);
    }
    expect(splitIva(5_000, 0)).toEqual({ netCents: 5_000, ivaCents: 0 });
  });

  it('exempts life insurance from IVA and charges 21 % on the rest', () => {
    expect(ivaRateFor('life')).toBe(0);
    expect(ivaRateFor('bag')).toBe(2100);
    expect(ivaRateFor('cell-phone')).toBe(2100);
  });

  it('prints numbers and CUITs as receipts do', () => {
    expect(formatInvoiceNumber(1, 42)).toBe('0001-00000042');
    expect(formatDocumentNumber('CUIT', '30500012346')).toBe('30-50001234-6');
    expect(formatDocumentNumber('DNI', '28123456')).toBe('28123456');
  });
});

describe('invoice profile schema', () => {
  it('accepts a CUIT with its check digit and normalises it', () => {
    const parsed = InvoiceProfileBodySchema.parse(profile);
    expect(parsed.document_number).toBe('30500012346');
    expect(parsed.state_id).toBe(1);
    expect(isValidCuit(parsed.document_number)).toBe(true);
  });

  it('refuses a wrong check digit, a short DNI and a DNI that is not consumidor final, in Spanish', () => {
    const messages = (input: object) =>
      InvoiceProfileBodySchema.safeParse({ ...profile, ...input }).error?.issues.map((i) => [
        i.path.join('.'),
        i.message,
      ]);
    expect(messages({ document_number: '30-50001234-5' })).toEqual([
      ['document_number', 'El CUIT no es válido: revisá los 11 números.'],
    ]);
    expect(
      messages({ document_type: 'DNI', document_number: '1234', tax_condition: 'consumidor_final' }),
    ).toEqual([['document_number', 'El DNI debe tener 7 u 8 números.']]);
    expect(messages({ document_type: 'DNI', document_number: '28123456' })).toEqual([
      ['tax_condition', 'Con DNI la condición es consumidor final; para otra condición ingresá un CUIT.'],
    ]);
    expect(messages({ state_id: null })).toEqual([['state_id', 'Elegí una provincia.']]);
  });
});

describe('referral code', () => {
  it('is eight letters and digits that cannot be mistaken, read in capitals', () => {
    expect(ReferralCodeSchema.parse(' k7m2pq9x ')).toBe('K7M2PQ9X');
    expect(ReferralCodeSchema.safeParse('K7M2PQ90').success).toBe(false);
    expect(ReferralCodeSchema.safeParse('K7M2PQ9').success).toBe(false);
  });
});
