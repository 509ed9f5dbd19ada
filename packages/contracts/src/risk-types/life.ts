/** Life (spec §1): the standard flow; at least one beneficiary. Exempt from IVA (Ley de IVA art. 7 h) 21). */
import { z } from 'zod';
import { beneficiaries, PersonSchema } from './answers.ts';
import {
  amount,
  beneficiaryLines,
  col,
  defineRiskType,
  insuredPeople,
  personColumns,
  personLine,
  record,
  STANDARD_FLOW,
} from './define.ts';

export const life = defineRiskType({
  code: 'life',
  name: 'Vida',
  plural: 'Vida',
  ...STANDARD_FLOW,
  ssnBranch: 'vida',
  ivaExempt: true,
  answers: () => z.strictObject({ insured: PersonSchema, beneficiaries: beneficiaries(1) }),
  fields: [
    {
      key: 'insured',
      kind: 'person',
      legendKey: 'contract.sections.insured',
      identifies: true,
      csv: personColumns('insured'),
    },
    {
      key: 'beneficiaries',
      kind: 'beneficiaries',
      min: 1,
      legendKey: 'contract.sections.beneficiaries',
      csv: [
        col('beneficiario_nombre', 'beneficiaries.0.first_name', 'text', 'Martín'),
        col('beneficiario_apellido', 'beneficiaries.0.last_name', 'text', 'Gómez'),
        col('beneficiario_dni', 'beneficiaries.0.dni', 'text', '31234567'),
        col('beneficiario_parentesco', 'beneficiaries.0.relationship', 'text', 'Cónyuge'),
      ],
    },
  ],
  /** The one beneficiary of a CSV row takes 100 %. */
  importFixed: { 'beneficiaries.0.percentage': 100 },
  descriptionFields: [
    amount('life_amount', 'Suma asegurada por fallecimiento'),
    amount('serious_diseases_amount', 'Enfermedades graves'),
    amount('daily_hospitalization_rent_amount', 'Renta diaria por internación'),
  ],
  certificateLines: (data) => [['Asegurado', personLine(record(data.insured))], ...beneficiaryLines(data)],
  facts: (data) => ({ facts: [], people: insuredPeople(data) }),
});
