import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/harness.ts';
import { createMaintenanceReader, setMaintenance } from './service.ts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db.drop();
});

describe('the maintenance reader', () => {
  it('answers from its cache until invalidated', async () => {
    const reader = createMaintenanceReader(db.database.db);
    await setMaintenance(db.database.db, { enabled: false, message: null });
    expect((await reader.get()).enabled).toBe(false);
    await setMaintenance(db.database.db, { enabled: true, message: 'Volvemos pronto.' });
    expect((await reader.get()).enabled).toBe(false);
    reader.invalidate();
    expect(await reader.get()).toEqual({ enabled: true, message: 'Volvemos pronto.' });
  });
});
