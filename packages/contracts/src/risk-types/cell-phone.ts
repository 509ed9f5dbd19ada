/**
 * Cell phone (spec §1): the object flow with two photos, priced on the phone's value. The IMEI identifies
 * the phone; the serial number (SN) is optional (issue 19) and printed only when given.
 */
import { z } from 'zod';
import { isValidImei } from '../objects.ts';
import { amountCents, optionalText, text } from './answers.ts';
import {
  amount,
  type CertificateLine,
  col,
  dash,
  defineRiskType,
  joined,
  plain,
  type RiskAnswersData,
  STANDARD_FLOW,
} from './define.ts';

/** The SN line, only for a phone whose serial number was given. */
function serialNumberLine(data: RiskAnswersData): CertificateLine[] {
  const serial = plain(data.serial_number);
  return serial ? [['Número de serie (SN)', serial]] : [];
}

export const cellPhone = defineRiskType({
  code: 'cell-phone',
  name: 'Celular',
  plural: 'Celulares',
  ...STANDARD_FLOW,
  flowGroup: 2,
  twoPhotos: true,
  pricing: 'by_insured_amount',
  ssnBranch: 'robo',
  answers: () =>
    z.strictObject({
      brand: text('la marca', 40),
      model: text('el modelo', 60),
      imei: z
        .string({ error: 'Ingresá el IMEI.' })
        .transform((v) => v.replace(/[\s-]/g, ''))
        .refine(isValidImei, {
          error: 'El IMEI debe tener 15 números y ser válido. Marcá *#06# para verlo.',
        }),
      serial_number: optionalText(40),
      insured_amount_cents: amountCents('el valor del equipo'),
    }),
  fields: [
    { key: 'brand', kind: 'text', csv: [col('marca', 'brand', 'text', 'Samsung')] },
    { key: 'model', kind: 'text', csv: [col('modelo', 'model', 'text', 'Galaxy A54')] },
    {
      key: 'imei',
      kind: 'text',
      instructions: 'imei',
      hintKey: 'contract.hints.imei',
      mask: 'imei',
      inputMode: 'numeric',
      identifies: true,
      csv: [col('imei', 'imei', 'text', '490154203237518')],
    },
    {
      key: 'serial_number',
      kind: 'text',
      instructions: 'serial-number',
      optional: true,
      hintKey: 'contract.hints.serialNumber',
      csv: [col('numero_de_serie', 'serial_number', 'text', 'R58T12345XY', false)],
    },
    {
      key: 'insured_amount_cents',
      kind: 'money',
      hintKey: 'contract.hints.phoneValue',
      csv: [col('valor_del_equipo', 'insured_amount_cents', 'amount', '450000,00')],
    },
  ],
  descriptionFields: [
    amount('insured_amount', 'Suma asegurada'),
    { key: 'franchise', label: 'Franquicia', kind: 'text' },
  ],
  certificateLines: (data) => [
    ['Marca y modelo', `${dash(data.brand)} ${dash(data.model)}`],
    ['IMEI', dash(data.imei)],
    ...serialNumberLine(data),
  ],
  facts: (data) => ({
    facts: [
      { label: 'brandModel', text: joined(' ', data.brand, data.model) },
      { label: 'imei', text: plain(data.imei) },
      { label: 'serialNumber', text: plain(data.serial_number) },
      { label: 'insuredAmount', cents: data.insured_amount_cents },
    ],
    people: [],
  }),
});
