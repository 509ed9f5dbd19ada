/**
 * Seeds what every deployment needs (context 'ar', the 24 provinces) and, when asked, the demo data
 * of the embedded default: app versions per platform and a demo customer. Idempotent: runs at every start.
 */
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/service.ts';
import { PROVINCES } from './argentina.ts';
import type { Db } from './client.ts';
import {
  appVersions,
  contexts,
  entities,
  localities,
  provinces,
  userEntities,
  users,
} from './schema/index.ts';

export const DEMO_CUSTOMER = {
  name: 'Sofía Demo',
  email: 'demo@cubierto.com.ar',
  password: 'Cubierto2025!',
  dni: '30123456',
} as const;
export const APP_VERSION = '2.1.11';

export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(contexts).values({ name: 'ar', description: 'Argentina' }).onConflictDoNothing();
    for (const p of PROVINCES) {
      await tx.insert(provinces).values({ code: p.code, name: p.name }).onConflictDoNothing();
      const [row] = await tx.select({ id: provinces.id }).from(provinces).where(eq(provinces.code, p.code));
      await tx
        .insert(localities)
        .values(p.localities.map(([name, zipCode]) => ({ provinceId: row!.id, name, zipCode })))
        .onConflictDoNothing();
    }
  });
}

export async function seedDemoData(db: Db): Promise<{ created: boolean }> {
  const [versions] = await db.select({ n: sql<number>`count(*)::int` }).from(appVersions);
  if (!versions?.n) {
    const social = { google: true, facebook: true, apple: true };
    await db.insert(appVersions).values([
      { version: APP_VERSION, platform: 'web', active: true, social },
      { version: APP_VERSION, platform: 'android', active: true, social },
      { version: APP_VERSION, platform: 'ios', active: true, social },
    ]);
  }
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER.email));
  if (existing.length) return { created: false };
  const passwordHash = await hashPassword(DEMO_CUSTOMER.password);
  await db.transaction(async (tx) => {
    const [ar] = await tx.select({ id: contexts.id }).from(contexts).where(eq(contexts.name, 'ar'));
    const [entity] = await tx
      .insert(entities)
      .values({
        kind: 'person',
        name: DEMO_CUSTOMER.name,
        documentType: 'DNI',
        documentNumber: DEMO_CUSTOMER.dni,
        taxCondition: 'consumidor_final',
      })
      .returning({ id: entities.id });
    const [user] = await tx
      .insert(users)
      .values({
        name: DEMO_CUSTOMER.name,
        email: DEMO_CUSTOMER.email,
        passwordHash,
        entityId: entity!.id,
        takerEntityId: entity!.id,
        contextId: ar?.id ?? null,
      })
      .returning({ id: users.id });
    await tx.insert(userEntities).values({ userId: user!.id, entityId: entity!.id, role: 'owner' });
  });
  return { created: true };
}
