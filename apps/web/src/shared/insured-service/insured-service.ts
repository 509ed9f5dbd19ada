/**
 * GET /common/insured-service: the Servicio de Atención al Asegurado that operators set in the back
 * office, shown at the foot of every public page (public-frame.tsx) and on the rights pages. Public: no
 * session needed.
 *
 * The answer is checked by hand rather than with the contracts' schema: every public page draws the block,
 * and the schema would bring zod (about 26 KiB gzip, and its evaluation on a phone) to the legal pages,
 * which read nothing else (as the login's catalogue does, shared/catalog/catalogue-products.ts). Unknown
 * fields are dropped and a field of the wrong type throws, as the schema would.
 */
import type { InsuredService } from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/client.ts';
import { queryKeys } from '../api/query-keys.ts';

/** The block's texts; a field the contract gains and this list lacks fails the type check. */
const TEXTS: Record<Exclude<keyof InsuredService, 'updated_at'>, true> = {
  responsible: true,
  deputy: true,
  phone: true,
  email: true,
  hours: true,
  ssn_line: true,
  policy_copy: true,
  claim_report: true,
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The `data` of the answer, as InsuredServiceSchema reads it. */
export function readInsuredService(answer: unknown): InsuredService {
  const data = isRecord(answer) ? answer.data : undefined;
  if (!isRecord(data)) throw new Error('GET /common/insured-service answered without its data');
  const service: Record<string, string | null> = {};
  for (const field of Object.keys(TEXTS)) {
    const value = data[field];
    if (typeof value !== 'string') throw new Error(`GET /common/insured-service: ${field} is not a text`);
    service[field] = value;
  }
  const updatedAt = data.updated_at;
  if (updatedAt !== null && typeof updatedAt !== 'string')
    throw new Error('GET /common/insured-service: updated_at is neither a date nor null');
  service.updated_at = updatedAt;
  return service as InsuredService;
}

export async function fetchInsuredService(): Promise<InsuredService> {
  return readInsuredService(await api.get('/common/insured-service', { auth: false }));
}

export const insuredServiceQueryOptions = queryOptions({
  queryKey: queryKeys.insuredService.all,
  queryFn: fetchInsuredService,
  staleTime: 5 * 60_000,
});
