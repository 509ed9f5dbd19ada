/** Bag (spec §1): the standard flow; an optional description, nothing that identifies it. */
import { z } from 'zod';
import { amount, col, dash, defineRiskType, plain, STANDARD_FLOW } from './define.ts';

export const bag = defineRiskType({
  code: 'bag',
  name: 'Bolso protegido',
  plural: 'Bolsos protegidos',
  ...STANDARD_FLOW,
  ssnBranch: 'robo',
  answers: () => z.strictObject({ description: z.string().trim().max(200).optional() }),
  fields: [
    {
      key: 'description',
      kind: 'textarea',
      maxLength: 200,
      hintKey: 'contract.hints.optional',
      csv: [col('descripcion', 'description', 'text', 'Mochila de reparto', false)],
    },
  ],
  descriptionFields: [
    amount('robbery_wallet_amount', 'Robo de billetera'),
    amount('robbery_documents_amount', 'Robo de documentos'),
    amount('robbery_keys_amount', 'Robo de llaves'),
    amount('robbery_cell_phone_amount', 'Robo de celular'),
  ],
  certificateLines: (data) => [['Descripción', dash(data.description)]],
  facts: (data) => ({
    facts: [{ label: 'description', text: plain(data.description), fallbackKey: 'noDescription' }],
    people: [],
  }),
});
