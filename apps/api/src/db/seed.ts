/**
 * Seeds what every deployment needs (context 'ar', application 1, the 12 risk types, the 24 provinces,
 * the post-purchase poll) and, when asked, the demo data of the embedded default: app versions, a demo
 * customer, a catalogue. Idempotent: runs at every start.
 */
import { RISK_TYPE_CODES, RISK_TYPES } from '@cubierto/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Storage } from '../lib/storage.ts';
import { hashPassword, insertPersonAccount } from '../modules/auth/service.ts';
import { INSURANCE_POLL_CODE } from '../modules/polls/service.ts';
import { PROVINCES } from './argentina.ts';
import type { Db } from './client.ts';
import { DEMO_COMPANIES, DEMO_POLICIES, logoSvg } from './demo-catalog.ts';
import {
  applicationPolicies,
  applications,
  appVersions,
  companies,
  contexts,
  coverages,
  files,
  localities,
  policies,
  pollQuestions,
  polls,
  provinces,
  riskTypes,
  users,
} from './schema/index.ts';

export const DEMO_CUSTOMER = {
  name: 'Sofía Demo',
  email: 'demo@cubierto.com.ar',
  password: 'Cubierto2025!',
  dni: '30123456',
} as const;
export const APP_VERSION = '2.1.11';

/**
 * The post-purchase poll (spec §2 dialog 6): each question on a 5-step scale, least to most likely. The
 * app speaks to the customer as "vos" (issue 19), so do its questions.
 */
export const INSURANCE_POLL = {
  name: 'Encuesta de satisfacción',
  values: '1,2,3,4,5',
  questions: [
    '¿Qué tan probable es que nos recomendés a un amigo?',
    '¿Qué tan probable es que volvás a contratar un seguro con Cubierto?',
    '¿Qué tan probable es que recomendés la aseguradora que elegiste?',
  ],
} as const;

/**
 * The questions as earlier versions seeded them (with "tú"), each with the wording that replaces it. A
 * database seeded before keeps its question rows (and the answers given to them) under the new wording;
 * a question an operator reworded is left alone.
 */
export const INSURANCE_POLL_REWORDED: ReadonlyArray<readonly [before: string, after: string]> = [
  ['¿Qué tan probable es que recomiendes Cubierto a un amigo?', INSURANCE_POLL.questions[0]],
  ['¿Qué tan probable es que vuelvas a contratar un seguro con Cubierto?', INSURANCE_POLL.questions[1]],
  ['¿Qué tan probable es que recomiendes la aseguradora que elegiste?', INSURANCE_POLL.questions[2]],
];

export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(contexts).values({ name: 'ar', description: 'Argentina' }).onConflictDoNothing();
    await tx.insert(applications).values({ id: 1, name: 'Cubierto' }).onConflictDoNothing();
    await tx.execute(
      sql`select setval(pg_get_serial_sequence('applications', 'id'), greatest((select max(id) from applications), 1))`,
    );
    for (const code of RISK_TYPE_CODES) {
      const rule = RISK_TYPES[code];
      await tx
        .insert(riskTypes)
        .values({ shortCode: code, name: rule.name, plural: rule.plural, flowGroup: rule.flowGroup })
        .onConflictDoUpdate({
          target: riskTypes.shortCode,
          set: { name: rule.name, plural: rule.plural, flowGroup: rule.flowGroup },
        });
    }
    for (const p of PROVINCES) {
      await tx.insert(provinces).values({ code: p.code, name: p.name }).onConflictDoNothing();
      const [row] = await tx.select({ id: provinces.id }).from(provinces).where(eq(provinces.code, p.code));
      await tx
        .insert(localities)
        .values(p.localities.map(([name, zipCode]) => ({ provinceId: row!.id, name, zipCode })))
        .onConflictDoNothing();
    }
    const [poll] = await tx
      .insert(polls)
      .values({ code: INSURANCE_POLL_CODE, name: INSURANCE_POLL.name })
      .onConflictDoUpdate({ target: polls.code, set: { name: INSURANCE_POLL.name } })
      .returning({ id: polls.id });
    for (const [before, after] of INSURANCE_POLL_REWORDED) {
      // Unless the new wording is there already (one question per poll and name).
      await tx.execute(
        sql`update poll_questions set name = ${after}
            where poll_id = ${poll!.id} and name = ${before}
              and not exists (select 1 from poll_questions where poll_id = ${poll!.id} and name = ${after})`,
      );
    }
    await tx
      .insert(pollQuestions)
      .values(
        INSURANCE_POLL.questions.map((name, i) => ({
          pollId: poll!.id,
          name,
          values: INSURANCE_POLL.values,
          position: i + 1,
        })),
      )
      .onConflictDoNothing();
  });
}

/** The demo catalogue, linked to application 1; skipped once any company exists. */
export async function seedDemoCatalog(db: Db, storage: Storage): Promise<void> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(companies);
  if (existing?.n) return;
  for (const company of DEMO_COMPANIES) {
    const key = `logos/${company.key}.svg`;
    await storage.put(key, Buffer.from(logoSvg(company)), 'image/svg+xml');
  }
  await db.transaction(async (tx) => {
    const companyIds = new Map<string, number>();
    for (const company of DEMO_COMPANIES) {
      const svg = Buffer.from(logoSvg(company));
      await tx
        .insert(files)
        .values({
          kind: 'logo',
          contentType: 'image/svg+xml',
          sizeBytes: svg.length,
          storageKey: `logos/${company.key}.svg`,
        })
        .onConflictDoNothing();
      const [row] = await tx
        .insert(companies)
        .values({ name: company.name, legalName: company.legalName, logoFilename: `${company.key}.svg` })
        .returning({ id: companies.id });
      companyIds.set(company.key, row!.id);
    }
    const types = new Map((await tx.select().from(riskTypes)).map((r) => [r.shortCode, r.id]));
    for (const demo of DEMO_POLICIES) {
      const [policy] = await tx
        .insert(policies)
        .values({
          companyId: companyIds.get(demo.company)!,
          riskTypeId: types.get(demo.riskType)!,
          name: demo.name,
          includes: demo.includes,
          excludes: demo.excludes,
          externalUrl: demo.externalUrl ?? null,
          specialClauses: demo.specialClauses ?? null,
        })
        .returning({ id: policies.id });
      await tx.insert(coverages).values(
        demo.coverages.map((c, i) => ({
          policyId: policy!.id,
          publicName: c.publicName,
          publicDescription: c.publicDescription,
          description: c.description,
          descriptionMore: c.descriptionMore ?? {},
          pricing: c.pricing,
          surchargeBps: 500,
          taxBps: 2100,
          sortOrder: i,
        })),
      );
      await tx.insert(applicationPolicies).values({ applicationId: 1, policyId: policy!.id });
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
    await insertPersonAccount(tx, { ...DEMO_CUSTOMER, passwordHash, contextId: ar?.id ?? null });
  });
  return { created: true };
}
