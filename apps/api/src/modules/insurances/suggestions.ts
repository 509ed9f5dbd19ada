/**
 * What a returning customer answered in their last contracts (issue 19 item 5), offered by the contract
 * flow so one tap fills it in again: the people insured or travelling, the vehicles and the addresses of
 * the insurances the customer contracted through the flow (imported ones are a business's customers, not
 * theirs), newest first, each once, and the choices a risk type remembers (a trip's type) as its last
 * contract answered them. Only the caller's own insurances are read; each answer is checked
 * again by its schema so nothing malformed is offered.
 */
import {
  AddressSchema,
  type ContractSuggestions,
  isRiskTypeCode,
  isValidPlate,
  normalizePlate,
  PersonSchema,
  riskTypeRule,
  SUGGESTION_LIMITS,
  type SuggestedAddress,
  type SuggestedPerson,
  type SuggestedVehicle,
} from '@cubierto/contracts';
import { and, desc, eq, is, isNotNull, type Placeholder, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { insuranceRisks, insurances } from '../../db/schema/index.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';

/** How many of the newest insured risks are read. */
const RECENT_RISKS = 30;

const textOrNull = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

function vehicleOf(data: Record<string, unknown>): SuggestedVehicle | null {
  if (typeof data.plate !== 'string') return null;
  const plate = normalizePlate(data.plate);
  if (!isValidPlate(plate)) return null;
  return {
    plate,
    brand: textOrNull(data.brand),
    model: textOrNull(data.model),
    year: typeof data.year === 'number' && Number.isInteger(data.year) ? data.year : null,
    engine_number: textOrNull(data.engine_number),
    chassis_number: textOrNull(data.chassis_number),
  };
}

function addressOf(value: unknown): SuggestedAddress | null {
  const parsed = AddressSchema.safeParse(value);
  if (!parsed.success) return null;
  const a = parsed.data;
  return {
    ...a,
    floor_block: textOrNull(a.floor_block),
    apartment_house: textOrNull(a.apartment_house),
  };
}

function personOf(value: unknown): SuggestedPerson | null {
  const parsed = PersonSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The answers of the caller's latest contracts, newest first. */
function selectRecentRisks(db: DbOrTx, userId: number | Placeholder<'userId', number>) {
  return db
    .select({ kind: insuranceRisks.kind, data: insuranceRisks.data })
    .from(insuranceRisks)
    .innerJoin(insurances, eq(insurances.id, insuranceRisks.insuranceId))
    .where(and(eq(insurances.userId, userId), isNotNull(insurances.processId)))
    .orderBy(desc(insurances.createdAt), desc(insuranceRisks.id))
    .limit(RECENT_RISKS);
}

/** Every contract flow starts with it: prepared (lib/prepared.ts). */
const preparedRecentRisks = preparedPerDatabase((db: Db) =>
  selectRecentRisks(db, sql.placeholder('userId')).prepare('insurances_recent_risks'),
);

export async function contractSuggestions(
  deps: { db: DbOrTx },
  input: { userId: number },
): Promise<ContractSuggestions> {
  const rows = is(deps.db, PgTransaction)
    ? await selectRecentRisks(deps.db, input.userId)
    : await preparedRecentRisks(deps.db).execute({ userId: input.userId });

  const people = new Map<string, SuggestedPerson>();
  const vehicles = new Map<string, SuggestedVehicle>();
  const addresses = new Map<string, SuggestedAddress>();
  const choices: Record<string, Record<string, string>> = {};
  for (const { kind, data } of rows) {
    if (!isRiskTypeCode(kind)) continue;
    for (const field of riskTypeRule(kind).fields) {
      const value = data[field.key];
      if (field.remembered) {
        // The newest contract's answer, when it is still one of the options.
        const known = field.options?.some((o) => o.value === value);
        if (known && choices[kind]?.[field.key] === undefined)
          choices[kind] = { ...choices[kind], [field.key]: value as string };
      } else if (field.kind === 'person' || field.kind === 'people') {
        for (const item of Array.isArray(value) ? value : [value]) {
          const person = personOf(item);
          if (person && !people.has(person.dni)) people.set(person.dni, person);
        }
      } else if (field.kind === 'address') {
        const address = addressOf(value);
        const key = address
          ? [address.street, address.street_number, address.floor_block, address.apartment_house]
              .join('|')
              .toLowerCase()
              .concat(`|${address.locality_id}`)
          : '';
        if (address && !addresses.has(key)) addresses.set(key, address);
      } else if (field.key === 'plate') {
        const vehicle = vehicleOf(data);
        if (vehicle && !vehicles.has(vehicle.plate)) vehicles.set(vehicle.plate, vehicle);
      }
    }
  }
  return {
    people: [...people.values()].slice(0, SUGGESTION_LIMITS.people),
    vehicles: [...vehicles.values()].slice(0, SUGGESTION_LIMITS.vehicles),
    addresses: [...addresses.values()].slice(0, SUGGESTION_LIMITS.addresses),
    choices,
  };
}
