/** Home (spec §1): the standard flow; the address identifies the insured home. */
import { z } from 'zod';
import { AddressSchema } from './answers.ts';
import {
  addressColumns,
  addressFacts,
  addressLines,
  amount,
  defineRiskType,
  STANDARD_FLOW,
} from './define.ts';

export const home = defineRiskType({
  code: 'home',
  name: 'Hogar',
  plural: 'Hogares',
  ...STANDARD_FLOW,
  ssnBranch: 'combinado_familiar_integral',
  answers: () => z.strictObject({ address: AddressSchema }),
  fields: [{ key: 'address', kind: 'address', identifies: true, csv: addressColumns }],
  descriptionFields: [
    amount('building_fire_amount', 'Incendio del edificio'),
    amount('contents_fire_amount', 'Incendio del contenido'),
    amount('boundary_civil_liability_amount', 'Responsabilidad civil linderos'),
  ],
  certificateLines: (data) => addressLines(data),
  facts: (data) => ({ facts: addressFacts(data), people: [] }),
});
