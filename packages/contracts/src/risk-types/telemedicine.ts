/** Telemedicine (spec §1): the people flow; one insurer may sell it on its own site (external link). */
import { z } from 'zod';
import { PersonSchema } from './answers.ts';
import { defineRiskType, insuredPeople, personColumns, personLine, record } from './define.ts';

export const telemedicine = defineRiskType({
  code: 'telemedicine',
  name: 'Telemedicina',
  plural: 'Telemedicina',
  flowGroup: 1,
  dates: { kind: 'cover', maxDays: 366, defaultDays: 30 },
  twoPhotos: false,
  specialClauses: false,
  externalLink: true,
  pricing: 'fixed_monthly',
  ssnBranch: 'salud',
  answers: () => z.strictObject({ insured: PersonSchema }),
  fields: [
    {
      key: 'insured',
      kind: 'person',
      legendKey: 'contract.sections.patient',
      identifies: true,
      csv: personColumns('insured'),
    },
  ],
  descriptionFields: [
    {
      key: 'specialist_doctor_consultations_A',
      label: 'Consultas con especialistas (grupo A)',
      kind: 'count',
    },
    {
      key: 'specialist_doctor_consultations_B',
      label: 'Consultas con especialistas (grupo B)',
      kind: 'count',
    },
    {
      key: 'specialist_doctor_consultations_C',
      label: 'Consultas con especialistas (grupo C)',
      kind: 'count',
    },
  ],
  certificateLines: (data) => [['Asegurado', personLine(record(data.insured))]],
  facts: (data) => ({ facts: [], people: insuredPeople(data) }),
});
