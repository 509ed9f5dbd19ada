/** Personal accident (spec §1): the people flow; the customer accepts the policy's special clauses. */
import { z } from 'zod';
import { beneficiaries, PersonSchema, text } from './answers.ts';
import {
  amount,
  beneficiaryLines,
  col,
  dash,
  defineRiskType,
  insuredPeople,
  personColumns,
  personLine,
  plain,
  record,
  STANDARD_FLOW,
} from './define.ts';

export const personalAccident = defineRiskType({
  code: 'personal-accident',
  name: 'Accidentes personales',
  plural: 'Accidentes personales',
  ...STANDARD_FLOW,
  flowGroup: 1,
  dates: null,
  specialClauses: true,
  ssnBranch: 'accidentes_personales',
  answers: () =>
    z.strictObject({
      insured: PersonSchema,
      activity: text('la actividad', 80),
      beneficiaries: beneficiaries(0),
      special_clauses_accepted: z.literal(true, { error: 'Tenés que aceptar las cláusulas especiales.' }),
    }),
  fields: [
    {
      key: 'insured',
      kind: 'person',
      legendKey: 'contract.sections.insured',
      identifies: true,
      csv: personColumns('insured'),
    },
    { key: 'activity', kind: 'text', csv: [col('actividad', 'activity', 'text', 'Repartidor')] },
    { key: 'beneficiaries', kind: 'beneficiaries', min: 0, legendKey: 'contract.sections.beneficiaries' },
    {
      key: 'special_clauses_accepted',
      kind: 'accept',
      csv: [col('acepta_clausulas_especiales', 'special_clauses_accepted', 'yes_no', 'SI')],
    },
  ],
  importFixed: { beneficiaries: [] },
  descriptionFields: [
    amount('death_amount', 'Muerte accidental'),
    amount('medical_expenses_amount', 'Gastos médicos'),
    { key: 'scope', label: 'Alcance', kind: 'text' },
  ],
  certificateLines: (data) => [
    ['Asegurado', personLine(record(data.insured))],
    ['Actividad', dash(data.activity)],
    ...beneficiaryLines(data),
  ],
  facts: (data) => ({
    facts: [{ label: 'activity', text: plain(data.activity) }],
    people: insuredPeople(data),
  }),
});
