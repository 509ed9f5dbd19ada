/**
 * The answers of GET /customers/user (called at every start of the app), kept in this instance's memory
 * by the read-cache layer (lib/read-cache.ts) per caller and relations asked for, so the route costs no
 * query while nothing it shows has changed: the seven-table join was the busiest route's cost on
 * PostgreSQL (bench/README.md). The route declares it; findCustomerUser is plain database code.
 *
 * Migration 0016's triggers notify `cubierto_profiles` at commit whenever a row the profile is read from
 * changes, on any instance and by any means: 'user:<id>' (name, e-mail, avatar, entity, taker, place,
 * context), 'entity:<id>' (an entity a profile shows, its own or as taker), 'place:<id>', and 'all' for
 * provinces, localities and files. An answer is dropped by the payloads of the rows it shows.
 *
 * The other small answers of the app's header and start are kept here too, each declared by its route with
 * its own payloads: GET /auth/user (the profile again), GET /customers/user/context ('user:<id>', notified
 * when the stored context changes; contexts are reference data no route writes) and the bell's
 * GET /customers/notification-user/count ('unread:<id>', notified by migration 0026's triggers whenever a
 * notification of the customer is added, read or removed), GET /customers/entities and
 * GET /customers/invoice-profile ('user:<id>', notified by migration 0027 when whom the customer acts for or
 * their invoice profile changes; 'entity:<id>' for an entity shown).
 */
import type { User } from '@cubierto/contracts';
import type { Database } from '../../db/client.ts';
import { createReadCache, type ReadCache, type ReadCacheOptions } from '../../lib/read-cache.ts';

export const PROFILES_CHANNEL = 'cubierto_profiles';

export type ProfileAnswer = { data: User };
export type ProfileCache = ReadCache<ProfileAnswer>;

export function createProfileCache(
  database: Database,
  options: Pick<ReadCacheOptions<ProfileAnswer>, 'maxAgeMs' | 'maxEntries' | 'now'> = {},
): Promise<ProfileCache> {
  return createReadCache<ProfileAnswer>(database, {
    ...options,
    channel: PROFILES_CHANNEL,
    kinds: ['user', 'entity', 'place', 'unread'],
    tags: ({ data }) => [
      `user:${data.id}`,
      ...(data.entity ? [`entity:${data.entity.id}`] : []),
      ...(data.takerEntity ? [`entity:${data.takerEntity.id}`] : []),
      ...(data.place ? [`place:${data.place.id}`] : []),
    ],
  });
}
