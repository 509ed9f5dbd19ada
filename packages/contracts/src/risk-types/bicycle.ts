/** Bicycle (spec §1): the object flow with two photos. */
import { z } from 'zod';
import { text, WHEEL_SIZES } from './answers.ts';
import { amount, col, dash, defineRiskType, joined, plain, STANDARD_FLOW } from './define.ts';

export const bicycle = defineRiskType({
  code: 'bicycle',
  name: 'Bicicleta',
  plural: 'Bicicletas',
  ...STANDARD_FLOW,
  flowGroup: 2,
  twoPhotos: true,
  ssnBranch: 'robo',
  answers: () =>
    z.strictObject({
      brand: text('la marca', 40),
      model: text('el modelo', 60),
      frame_number: text('el número de cuadro', 40),
      wheel_size: z.enum(WHEEL_SIZES, { error: 'Elegí el rodado.' }),
    }),
  fields: [
    { key: 'brand', kind: 'text', csv: [col('marca', 'brand', 'text', 'Trek')] },
    { key: 'model', kind: 'text', csv: [col('modelo', 'model', 'text', 'Marlin 5')] },
    {
      key: 'frame_number',
      kind: 'text',
      instructions: 'frame-number',
      hintKey: 'contract.hints.frameNumber',
      identifies: true,
      csv: [col('numero_de_cuadro', 'frame_number', 'text', 'WTU123456789')],
    },
    {
      key: 'wheel_size',
      kind: 'choice',
      options: WHEEL_SIZES.map((size) => ({ value: size, label: `R${size}` })),
      csv: [col('rodado', 'wheel_size', 'text', '29')],
    },
  ],
  descriptionFields: [
    amount('total_robbery_amount', 'Robo total'),
    amount('civil_liability_amount', 'Responsabilidad civil'),
  ],
  certificateLines: (data) => [
    ['Marca y modelo', `${dash(data.brand)} ${dash(data.model)}`],
    ['Número de cuadro', dash(data.frame_number)],
    ['Rodado', dash(data.wheel_size)],
  ],
  facts: (data) => ({
    facts: [
      { label: 'brandModel', text: joined(' ', data.brand, data.model) },
      { label: 'frameNumber', text: plain(data.frame_number) },
      { label: 'wheelSize', text: plain(data.wheel_size) },
    ],
    people: [],
  }),
});
