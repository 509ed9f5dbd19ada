/**
 * What a returning customer answered in their last contracts, offered in the contract flow so one tap fills
 * it in again (issue 19 item 5): the people (insured, travellers), the vehicles (plate and the motorcycle's
 * data), the addresses (home, store) and the choices a type remembers (a trip's type). GET /customers/insurance-processes/suggestions answers only the
 * caller's own insurances, newest first, each person, vehicle and address once; each one still passes the
 * step's own schema when it is saved.
 */
import { z } from 'zod';
import { GENDERS } from './risk-types/answers.ts';

export const SuggestedPersonSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  dni: z.string(),
  birth_date: z.string(),
  gender: z.enum(GENDERS),
});
export type SuggestedPerson = z.infer<typeof SuggestedPersonSchema>;

/** A vehicle by its plate; a motorcycle's contract also knows its brand, model, year, engine and chassis. */
export const SuggestedVehicleSchema = z.object({
  plate: z.string(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  engine_number: z.string().nullable(),
  chassis_number: z.string().nullable(),
});
export type SuggestedVehicle = z.infer<typeof SuggestedVehicleSchema>;

export const SuggestedAddressSchema = z.object({
  street: z.string(),
  street_number: z.string(),
  floor_block: z.string().nullable(),
  apartment_house: z.string().nullable(),
  state_id: z.number().int(),
  locality_id: z.number().int(),
  zip_code: z.string(),
});
export type SuggestedAddress = z.infer<typeof SuggestedAddressSchema>;

export const ContractSuggestionsSchema = z.object({
  people: z.array(SuggestedPersonSchema),
  vehicles: z.array(SuggestedVehicleSchema),
  addresses: z.array(SuggestedAddressSchema),
  /**
   * By risk-type code, the choices its definition remembers (fields marked `remembered`) as the customer's
   * last contract of that type answered them (issue 19): `{ 'travel-assistance': { trip_type: 'multi_trip' } }`.
   */
  choices: z.record(z.string(), z.record(z.string(), z.string())),
});
export type ContractSuggestions = z.infer<typeof ContractSuggestionsSchema>;

/** At most this many of each are offered. */
export const SUGGESTION_LIMITS = { people: 6, vehicles: 3, addresses: 3 } as const;
