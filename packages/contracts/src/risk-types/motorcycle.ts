/** Motorcycle (spec §1): the object flow; one insurer may sell it on its own site (external link). */
import { z } from 'zod';
import { motorcycleYearSchema, Plate, text } from './answers.ts';
import { amount, col, dash, defineRiskType, plain, STANDARD_FLOW } from './define.ts';

export const motorcycle = defineRiskType({
  code: 'motorcycle',
  name: 'Moto',
  plural: 'Motos',
  ...STANDARD_FLOW,
  flowGroup: 2,
  externalLink: true,
  ssnBranch: 'motovehiculos',
  answers: (now) =>
    z.strictObject({
      brand: text('la marca', 40),
      model: text('el modelo', 60),
      year: motorcycleYearSchema(now),
      engine_number: text('el número de motor', 40),
      chassis_number: text('el número de chasis', 40),
      plate: Plate,
    }),
  fields: [
    { key: 'brand', kind: 'text', csv: [col('marca', 'brand', 'text', 'Honda')] },
    { key: 'model', kind: 'text', csv: [col('modelo', 'model', 'text', 'Wave 110')] },
    { key: 'year', kind: 'year', csv: [col('anio', 'year', 'int', '2022')] },
    {
      key: 'engine_number',
      kind: 'text',
      autoComplete: 'off',
      csv: [col('numero_de_motor', 'engine_number', 'text', 'JA45E1234567')],
    },
    {
      key: 'chassis_number',
      kind: 'text',
      autoComplete: 'off',
      csv: [col('numero_de_chasis', 'chassis_number', 'text', '8CHJA4500PA123456')],
    },
    {
      key: 'plate',
      kind: 'text',
      mask: 'plate',
      hintKey: 'contract.hints.plate',
      identifies: true,
      csv: [col('patente', 'plate', 'text', 'AB123CD')],
    },
  ],
  formOrder: ['brand', 'model', 'year', 'plate', 'engine_number', 'chassis_number'],
  descriptionFields: [amount('total_liability_amount', 'Responsabilidad civil total')],
  certificateLines: (data) => [
    ['Marca / modelo / año', `${dash(data.brand)} / ${dash(data.model)} / ${dash(data.year)}`],
    ['Número de motor', dash(data.engine_number)],
    ['Número de chasis', dash(data.chassis_number)],
    ['Patente', dash(data.plate)],
  ],
  facts: (data) => ({
    facts: [
      { label: 'brand', text: plain(data.brand) },
      { label: 'model', text: plain(data.model) },
      { label: 'year', text: plain(data.year) },
      { label: 'engineNumber', text: plain(data.engine_number) },
      { label: 'chassisNumber', text: plain(data.chassis_number) },
      { label: 'plate', text: plain(data.plate) },
    ],
    people: [],
  }),
});
