/** Store (spec §1): the standard flow; the address and the business activity. */
import { z } from 'zod';
import { AddressSchema, text } from './answers.ts';
import {
  addressColumns,
  addressFacts,
  addressLines,
  amount,
  col,
  dash,
  defineRiskType,
  plain,
  STANDARD_FLOW,
} from './define.ts';

export const store = defineRiskType({
  code: 'store',
  name: 'Comercio',
  plural: 'Comercios',
  ...STANDARD_FLOW,
  ssnBranch: 'combinado_familiar_integral',
  answers: () =>
    z.strictObject({ address: AddressSchema, business_activity: text('el rubro del comercio', 80) }),
  fields: [
    { key: 'address', kind: 'address', identifies: true, csv: addressColumns },
    {
      key: 'business_activity',
      kind: 'text',
      csv: [col('rubro', 'business_activity', 'text', 'Librería')],
    },
  ],
  descriptionFields: [
    amount('building_fire_amount', 'Incendio del edificio'),
    amount('contents_fire_amount', 'Incendio del contenido'),
    amount('comprehensive_civil_liability_amount', 'Responsabilidad civil comprensiva'),
  ],
  certificateLines: (data) => [...addressLines(data), ['Rubro', dash(data.business_activity)]],
  facts: (data) => ({
    facts: [...addressFacts(data), { label: 'businessActivity', text: plain(data.business_activity) }],
    people: [],
  }),
});
