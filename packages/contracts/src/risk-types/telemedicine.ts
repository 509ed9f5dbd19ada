/** Telemedicine (spec §1): the people flow; one insurer may sell it on its own site (external link). */
import { z } from 'zod';
import { PersonSchema } from './answers.ts';
import { defineRiskType, insuredPeople, personColumns, personLine, record, STANDARD_FLOW } from './define.ts';

export const telemedicine = defineRiskType({
  code: 'telemedicine',
  name: 'Telemedicina',
  plural: 'Telemedicina',
  ...STANDARD_FLOW,
  flowGroup: 1,
  externalLink: true,
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
