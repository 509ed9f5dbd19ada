/**
 * Run-time settings. The maintenance flag (spec §4): while on, customer routes answer 503 with the
 * error body and the app shows 'Mantenimiento programado'. Read through a one-second cache so a
 * request does not pay a query for it (one read at a time refreshes it); every API instance sees a
 * change within a second.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

export type Maintenance = { enabled: boolean; message: string | null };

const MAINTENANCE_KEY = 'maintenance';
const CACHE_MS = 1000;

export function createMaintenanceReader(db: DbOrTx) {
  let cached: { value: Maintenance; at: number } | null = null;
  // The read under way: the requests that find the cache stale at once wait for one query, not one each.
  let reading: Promise<Maintenance> | null = null;
  // Bumped by invalidate(): a read that started before a switch must not cache the value it replaced.
  let generation = 0;
  return {
    async get(): Promise<Maintenance> {
      if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
      if (reading) return reading;
      const started = generation;
      const read = getMaintenance(db)
        .then((value) => {
          if (started === generation) cached = { value, at: Date.now() };
          return value;
        })
        .finally(() => {
          if (reading === read) reading = null;
        });
      reading = read;
      return read;
    },
    invalidate() {
      generation += 1;
      cached = null;
      reading = null;
    },
  };
}

export async function getMaintenance(db: DbOrTx): Promise<Maintenance> {
  const rows = await db.select().from(settings).where(eq(settings.key, MAINTENANCE_KEY)).limit(1);
  const value = rows[0]?.value as Maintenance | undefined;
  return value ?? { enabled: false, message: null };
}

/** GET /admin/maintenance: the switch as it is now (not the one-second cache of the customer routes). */
export async function readMaintenance(deps: { db: DbOrTx }): Promise<Maintenance> {
  return getMaintenance(deps.db);
}

export async function setMaintenance(db: DbOrTx, value: Maintenance): Promise<void> {
  await db
    .insert(settings)
    .values({ key: MAINTENANCE_KEY, value, updatedAt: new Date() })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
}
