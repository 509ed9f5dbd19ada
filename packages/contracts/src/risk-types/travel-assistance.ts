/**
 * Travel assistance (spec §1): the people flow; it asks the dates of the trip (up to 365 days) instead of
 * a cover date range, and is priced per day and traveller.
 */
import { z } from 'zod';
import { PersonSchema, TRIP_TYPE_LABELS, TRIP_TYPES, text } from './answers.ts';
import {
  amount,
  assistancePhoneField,
  col,
  dash,
  defineRiskType,
  list,
  personColumns,
  personLine,
  plain,
  STANDARD_FLOW,
} from './define.ts';

export const travelAssistance = defineRiskType({
  code: 'travel-assistance',
  name: 'Asistencia al viajero',
  plural: 'Asistencias al viajero',
  ...STANDARD_FLOW,
  flowGroup: 1,
  dates: { kind: 'trip', maxDays: 365, defaultDays: 7 },
  pricing: 'travel_by_days',
  ssnBranch: 'asistencia',
  answers: () =>
    z.strictObject({
      trip_type: z.enum(TRIP_TYPES, { error: 'Elegí el tipo de viaje.' }),
      destination: text('el destino', 80),
      travellers: z
        .array(PersonSchema)
        .min(1, { error: 'Agregá al menos un viajero.' })
        .max(6, { error: 'Podés agregar hasta 6 viajeros.' }),
    }),
  fields: [
    {
      key: 'trip_type',
      kind: 'choice',
      options: TRIP_TYPES.map((value) => ({ value, label: TRIP_TYPE_LABELS[value] })),
      // Issue 19: one trip unless the customer's last trip was of another type.
      proposed: 'one_trip',
      remembered: true,
      csv: [col('tipo_de_viaje', 'trip_type', 'trip_type', 'Un viaje')],
    },
    { key: 'destination', kind: 'text', csv: [col('destino', 'destination', 'text', 'Brasil')] },
    {
      key: 'travellers',
      kind: 'people',
      min: 1,
      legendKey: 'contract.sections.travellers',
      identifies: true,
      csv: personColumns('travellers.0'),
    },
  ],
  descriptionFields: [
    amount('medical_assistance_preexisting_illness_amount', 'Asistencia médica por enfermedad preexistente'),
    amount(
      'medical_assistance_non_preexisting_illness_amount',
      'Asistencia médica por enfermedad no preexistente',
    ),
    amount('medical_assistance_ambulatory_medications_amount', 'Medicamentos ambulatorios'),
    assistancePhoneField,
  ],
  certificateLines: (data) => [
    ['Tipo de viaje', TRIP_TYPE_LABELS[data.trip_type as keyof typeof TRIP_TYPE_LABELS] ?? '—'],
    ['Destino', dash(data.destination)],
    ...list(data.travellers).map((t): [string, string] => ['Viajero', personLine(t)]),
  ],
  facts: (data) => ({
    facts: [
      { label: 'tripType', text: TRIP_TYPE_LABELS[data.trip_type as keyof typeof TRIP_TYPE_LABELS] ?? '' },
      { label: 'destination', text: plain(data.destination) },
    ],
    people: [{ title: 'travellers', role: 'person', people: list(data.travellers) }],
  }),
});
