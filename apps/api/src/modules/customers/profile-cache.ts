/**
 * Recently read customer profiles (GET /customers/user, called at every start of the app), kept in this
 * instance's memory so the route costs no query while nothing it shows has changed: the seven-table join
 * was the busiest route's cost on PostgreSQL (bench/README.md).
 *
 * Migration 0016's triggers notify `cubierto_profiles` at commit whenever a row the profile is read from
 * changes, on any instance and by any means: 'user:<id>' (name, e-mail, avatar, entity, taker, place,
 * context), 'entity:<id>' (an entity a profile shows, its own or as taker), 'place:<id>', and 'all' for
 * provinces, localities and files. See lib/notified-cache.ts for what keeps it honest.
 */
import type { Database } from '../../db/client.ts';
import {
  createNotifiedCache,
  type NotifiedCache,
  type NotifiedCacheOptions,
} from '../../lib/notified-cache.ts';
import type { ProfileJson } from './service.ts';

export const PROFILES_CHANNEL = 'cubierto_profiles';

/** A profile as read, with the user's creation date already formatted. */
export type StoredProfile = ProfileJson & { created_at: string };
export type ProfileCache = NotifiedCache<StoredProfile>;

export function createProfileCache(
  database: Database,
  options: Pick<NotifiedCacheOptions<StoredProfile>, 'maxAgeMs' | 'maxEntries' | 'now'> = {},
): Promise<ProfileCache> {
  return createNotifiedCache<StoredProfile>(database, {
    ...options,
    channel: PROFILES_CHANNEL,
    kinds: ['user', 'entity', 'place'],
    concerns: (kind, id, profile) => {
      if (kind === 'user') return profile.id === id;
      if (kind === 'entity') return profile.entity?.id === id || profile.taker?.id === id;
      return profile.place?.id === id;
    },
  });
}
