/** Cargo of a specific vehicle (spec §1): the standard flow, covered for a month from payment. */
import { z } from 'zod';
import { Plate, text } from './answers.ts';
import { amount, col, dash, defineRiskType, plain, STANDARD_FLOW } from './define.ts';

export const specificVehicleCargo = defineRiskType({
  code: 'specific-vehicle-cargo',
  name: 'Carga por vehículo',
  plural: 'Cargas por vehículo',
  ...STANDARD_FLOW,
  dates: null,
  ssnBranch: 'transporte',
  answers: () => z.strictObject({ plate: Plate, cargo_description: text('qué carga transporta', 200) }),
  fields: [
    {
      key: 'plate',
      kind: 'text',
      mask: 'plate',
      hintKey: 'contract.hints.plate',
      identifies: true,
      csv: [col('patente', 'plate', 'text', 'AA123BB')],
    },
    {
      key: 'cargo_description',
      kind: 'textarea',
      maxLength: 200,
      csv: [col('carga', 'cargo_description', 'text', 'Electrodomésticos embalados')],
    },
  ],
  descriptionFields: [amount('insured_amount', 'Suma asegurada')],
  certificateLines: (data) => [
    ['Patente', dash(data.plate)],
    ['Carga', dash(data.cargo_description)],
  ],
  facts: (data) => ({
    facts: [
      { label: 'plate', text: plain(data.plate) },
      { label: 'cargo', text: plain(data.cargo_description) },
    ],
    people: [],
  }),
});
