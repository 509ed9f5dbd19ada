/**
 * The entities a customer acts for (personal entity, businesses): listed, searched by DNI/CUIT for the
 * taker and the designated billing party, and created up to the limit of 50 (spec §9).
 */
import {
  type Entity,
  type EntityRole,
  isValidCuit,
  normalizeDigits,
  type UserEntity,
} from '@cubierto/contracts';
import { and, asc, count, eq, inArray, is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { entities, userEntities } from '../../db/schema/index.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';

export const MAX_ENTITIES = 50;

type EntityRow = typeof entities.$inferSelect;

export function entityOut(row: EntityRow): Entity {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    document_type: row.documentType,
    document_number: row.documentNumber,
    tax_condition: row.taxCondition,
  };
}

/** An entity with the user's role on it. */
export function userEntityOut(row: EntityRow, role: EntityRole): UserEntity {
  return { ...entityOut(row), role };
}

/** The entities the user acts for, with their role; `document` narrows to one DNI/CUIT (search-entity). */
export async function findUserEntities(
  deps: { db: DbOrTx },
  input: { userId: number; document?: string | undefined },
): Promise<UserEntity[]> {
  const { db } = deps;
  const { userId, document } = input;
  if (!document && !is(db, PgTransaction)) {
    const [row] = await preparedUserEntities(db).execute({ userId });
    return row?.entities ?? [];
  }
  const conditions = [eq(userEntities.userId, userId)];
  if (document) conditions.push(eq(entities.documentNumber, document));
  const rows = await db
    .select({ entity: entities, role: userEntities.role })
    .from(userEntities)
    .innerJoin(entities, eq(entities.id, userEntities.entityId))
    .where(and(...conditions))
    .orderBy(asc(entities.id));
  return rows.map((r) => userEntityOut(r.entity, r.role));
}

/**
 * GET /customers/entities (read by the contract's taker step and the business center): one prepared
 * statement whose one row is the answer, built by the database as JSON (lib/prepared.ts).
 */
const preparedUserEntities = preparedPerDatabase((db: Db) =>
  db
    .select({
      entities: sql<UserEntity[]>`coalesce(json_agg(json_build_object(
        'id', ${entities.id}, 'kind', ${entities.kind}, 'name', ${entities.name},
        'document_type', ${entities.documentType}, 'document_number', ${entities.documentNumber},
        'tax_condition', ${entities.taxCondition}, 'role', ${userEntities.role}) order by ${entities.id}), '[]'::json)`,
    })
    .from(userEntities)
    .innerJoin(entities, eq(entities.id, userEntities.entityId))
    .where(eq(userEntities.userId, sql.placeholder('userId')))
    .prepare('business_user_entities'),
);

/** Throws 404 unless every id is an entity the user may act for. */
export async function assertUserEntities(db: DbOrTx, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: userEntities.entityId })
    .from(userEntities)
    .where(and(eq(userEntities.userId, userId), inArray(userEntities.entityId, unique)));
  if (rows.length !== unique.length)
    throw new AppError('not_found', { message: 'La entidad no existe o no es tuya.' });
}

/**
 * The caller's role on an entity; 404 when they do not act for it (another business's entity does not
 * exist for them), 403 when `need` is 'owner' and they are only a member.
 */
export async function entityRoleOf(
  db: DbOrTx,
  userId: number,
  entityId: number,
  need: EntityRole = 'member',
): Promise<EntityRole> {
  const [row] = await db
    .select({ role: userEntities.role })
    .from(userEntities)
    .where(and(eq(userEntities.userId, userId), eq(userEntities.entityId, entityId)));
  if (!row) throw new AppError('not_found', { message: 'La entidad no existe o no es tuya.' });
  if (need === 'owner' && row.role !== 'owner')
    throw new AppError('forbidden', { message: 'Solo quien administra la entidad puede hacer esto.' });
  return row.role;
}

export type NewEntity = {
  kind: 'person' | 'business';
  name: string;
  document_number: string;
  tax_condition: string;
};

export async function createUserEntity(
  deps: { db: Db },
  { userId, entity: input }: { userId: number; entity: NewEntity },
): Promise<UserEntity> {
  const { db } = deps;
  const document = normalizeDigits(input.document_number);
  const documentType = input.kind === 'business' ? 'CUIT' : 'DNI';
  if (documentType === 'CUIT' && !isValidCuit(document))
    throw validationError({ document_number: ['El CUIT no es válido.'] });
  return db.transaction(async (tx) => {
    // Serialise this user's entity creations so the limit holds under concurrency.
    await tx.execute(sql`select pg_advisory_xact_lock(${userId})`);
    const [n] = await tx.select({ n: count() }).from(userEntities).where(eq(userEntities.userId, userId));
    if ((n?.n ?? 0) >= MAX_ENTITIES) {
      throw new AppError('entity_limit_reached', {
        message: `Podés administrar hasta ${MAX_ENTITIES} entidades.`,
      });
    }
    const existing = await findUserEntities({ db: tx }, { userId, document });
    if (existing.length)
      throw validationError({ document_number: ['Ya tenés una entidad con ese documento.'] });
    const [entity] = await tx
      .insert(entities)
      .values({
        kind: input.kind,
        name: input.name,
        documentType,
        documentNumber: document,
        taxCondition: input.tax_condition,
      })
      .returning();
    await tx.insert(userEntities).values({ userId, entityId: entity!.id, role: 'owner' });
    return userEntityOut(entity!, 'owner');
  });
}
