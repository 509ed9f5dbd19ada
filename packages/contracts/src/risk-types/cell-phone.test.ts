/** The cell phone's serial number is optional (issue 19): the IMEI identifies the phone. */
import { describe, expect, it } from 'vitest';
import { riskTypeRule } from './index.ts';

const now = new Date('2026-11-22T12:00:00Z');
const phone = {
  brand: 'Motorola',
  model: 'Moto G54',
  imei: '490154203237518',
  insured_amount_cents: 45_000_000,
};
const rule = riskTypeRule('cell-phone');

describe('a cell phone without its serial number', () => {
  it('passes the answers schema left out or blank, and stores no serial number then', () => {
    for (const answers of [phone, { ...phone, serial_number: '' }, { ...phone, serial_number: '   ' }]) {
      const parsed = rule.answers(now).safeParse(answers);
      expect(parsed.success).toBe(true);
      // Stored as JSON: an undefined value leaves no key.
      expect(JSON.parse(JSON.stringify(parsed.data))).not.toHaveProperty('serial_number');
    }
    expect(rule.answers(now).parse({ ...phone, serial_number: ' R58T1 ' })).toMatchObject({
      serial_number: 'R58T1',
    });
    expect(rule.answers(now).safeParse({ ...phone, serial_number: 'x'.repeat(41) }).success).toBe(false);
  });

  it('prints the SN line on the certificate and the insurance page only when given, once', () => {
    const labels = (data: Record<string, unknown>) => rule.certificateLines(data).map(([label]) => label);
    expect(labels(phone)).toEqual(['Marca y modelo', 'IMEI']);
    expect(labels({ ...phone, serial_number: '' })).toEqual(['Marca y modelo', 'IMEI']);
    expect(rule.certificateLines({ ...phone, serial_number: 'R58T1' })).toEqual([
      ['Marca y modelo', 'Motorola Moto G54'],
      ['IMEI', '490154203237518'],
      ['Número de serie (SN)', 'R58T1'],
    ]);
    const facts = (data: Record<string, unknown>) =>
      rule
        .facts(data)
        .facts.filter((f) => !('text' in f) || f.text)
        .map((f) => f.label);
    expect(facts(phone)).toEqual(['brandModel', 'imei', 'insuredAmount']);
    expect(facts({ ...phone, serial_number: 'R58T1' })).toEqual([
      'brandModel',
      'imei',
      'serialNumber',
      'insuredAmount',
    ]);
  });

  it('is marked optional for the form and the CSV', () => {
    const field = rule.fields.find((f) => f.key === 'serial_number');
    expect(field?.optional).toBe(true);
    expect(field?.csv?.[0]?.required).toBe(false);
  });
});
