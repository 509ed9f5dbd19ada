/**
 * The signed-in customer's own record: user with its personal entity, taker entity and place;
 * profile updates (name, place, avatar) and the stored market context.
 */
import type { ProfileUpdate, User } from '@cubierto/contracts';
import { eq, is, type Placeholder, sql } from 'drizzle-orm';
import { alias, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { contexts, entities, files, localities, places, provinces, users } from '../../db/schema/index.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import type { ImageLimits } from '../../lib/images.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';
import { IMAGE_TYPES, inspectUpload, type Storage } from '../../lib/storage.ts';

export const USER_RELATIONS = ['entity', 'takerEntity', 'place'] as const;

const takerEntities = alias(entities, 'taker_entities');

type EntityJson = NonNullable<User['entity']>;
/** The place as the database builds it; `zipCode` (spec §3's name) is added when it is sent. */
type PlaceJson = Omit<NonNullable<User['place']>, 'zipCode'>;

/** The profile's parts as PostgreSQL builds them (json_build_object), ready to send. */
type ProfileJson = {
  id: number;
  name: string;
  email: string;
  context_id: number | null;
  avatar_key: string | null;
  entity: EntityJson | null;
  taker: EntityJson | null;
  place: PlaceJson | null;
};

export function avatarUrl(storageKey: string | null): string | null {
  return storageKey ? `/api/v4/files/${storageKey}` : null;
}

function entityJson(table: typeof entities | typeof takerEntities) {
  return sql`case when ${table.id} is null then null else json_build_object(
    'id', ${table.id}, 'kind', ${table.kind}, 'name', ${table.name}, 'document_type', ${table.documentType},
    'document_number', ${table.documentNumber}, 'tax_condition', ${table.taxCondition}) end`;
}

/**
 * One query, whatever is loaded: the joins are cheap and keep the busiest route at one round trip. The
 * database hands the profile over as one JSON value rather than some thirty columns: decoding and
 * converting each column was most of the route's cost (bench/README.md, "Where the time goes").
 */
export function selectCustomerUser(db: DbOrTx, userId: number | Placeholder<'userId', number>) {
  return db
    .select({
      profile: sql<ProfileJson>`json_build_object(
        'id', ${users.id}, 'name', ${users.name}, 'email', ${users.email}, 'context_id', ${users.contextId},
        'avatar_key', ${files.storageKey},
        'entity', ${entityJson(entities)},
        'taker', ${entityJson(takerEntities)},
        'place', case when ${places.id} is null then null else json_build_object(
          'id', ${places.id},
          'state', case when ${provinces.id} is null then null
            else json_build_object('id', ${provinces.id}, 'name', ${provinces.name}) end,
          'locality', case when ${localities.id} is null then null
            else json_build_object('id', ${localities.id}, 'name', ${localities.name}) end,
          'zip_code', ${places.zipCode}) end)`,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(files, eq(files.id, users.avatarFileId))
    .leftJoin(entities, eq(entities.id, users.entityId))
    .leftJoin(takerEntities, eq(takerEntities.id, users.takerEntityId))
    .leftJoin(places, eq(places.id, users.placeId))
    .leftJoin(provinces, eq(provinces.id, places.provinceId))
    .leftJoin(localities, eq(localities.id, places.localityId))
    .where(eq(users.id, userId))
    .limit(1);
}

/** The busiest route's seven-table join, prepared (see lib/prepared.ts). */
const preparedCustomerUser = preparedPerDatabase((db: Db) =>
  selectCustomerUser(db, sql.placeholder('userId')).prepare('customers_find_user'),
);

async function readProfile(
  db: DbOrTx,
  userId: number,
): Promise<(ProfileJson & { created_at: string }) | null> {
  const rows = is(db, PgTransaction)
    ? await selectCustomerUser(db, userId)
    : await preparedCustomerUser(db).execute({ userId });
  const row = rows[0];
  return row ? { ...row.profile, created_at: row.createdAt.toISOString() } : null;
}

/**
 * The signed-in customer with the relations asked for. GET /customers/user keeps its answers in memory
 * (profile-cache.ts, declared by the route).
 */
export async function findCustomerUser(
  deps: { db: DbOrTx },
  input: { userId: number; load: ReadonlySet<string> },
): Promise<User> {
  const { userId, load } = input;
  const p = await readProfile(deps.db, userId);
  if (!p) throw new AppError('not_found');
  const out: User = {
    id: p.id,
    name: p.name,
    email: p.email,
    avatar: avatarUrl(p.avatar_key),
    context_id: p.context_id,
    created_at: p.created_at,
  };
  if (load.has('entity') && p.entity) out.entity = p.entity;
  if (load.has('takerEntity')) out.takerEntity = p.taker;
  if (load.has('place')) {
    // Spec §3 names the field zipCode; zip_code stays for the clients that read it (the web's profile).
    out.place = p.place && { ...p.place, zipCode: p.place.zip_code };
    out.userEntityPlace = p.place && { user_id: p.id, entity_id: p.entity?.id ?? null, place_id: p.place.id };
  }
  return out;
}

/**
 * Updates name, place and avatar in one transaction. The avatar is checked by its bytes (JPG, PNG or
 * WEBP within the upload limit), re-encoded without metadata and stored before the row points at it.
 */
export async function updateProfile(
  deps: { db: Db; storage: Storage; uploadLimit: number; images?: ImageLimits | undefined },
  { userId, ...input }: Omit<ProfileUpdate, '_method'> & { userId: number },
): Promise<User> {
  let avatar: { key: string; contentType: string; size: number } | undefined;
  if (input.avatar !== undefined && input.avatar !== '') {
    if (!Buffer.isBuffer(input.avatar)) throw validationError({ avatar: ['Adjuntá una imagen.'] });
    const checked = await inspectUpload(input.avatar, {
      allowed: IMAGE_TYPES,
      maxBytes: deps.uploadLimit,
      field: 'avatar',
      kind: 'avatars',
      images: deps.images,
    });
    await deps.storage.put(checked.key, checked.data, checked.contentType);
    avatar = { key: checked.key, contentType: checked.contentType, size: checked.data.length };
  }
  const wantsPlace =
    input.state_id !== undefined || input.locality_id !== undefined || input.zip_code !== undefined;

  await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw new AppError('not_found');
    const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (input.name !== undefined) changes.name = input.name;
    if (avatar) {
      const [file] = await tx
        .insert(files)
        .values({
          ownerUserId: userId,
          kind: 'avatar',
          contentType: avatar.contentType,
          sizeBytes: avatar.size,
          storageKey: avatar.key,
        })
        .returning({ id: files.id });
      changes.avatarFileId = file!.id;
    }
    if (wantsPlace) {
      const current = user.placeId
        ? (await tx.select().from(places).where(eq(places.id, user.placeId)))[0]
        : undefined;
      const provinceId = input.state_id ?? current?.provinceId ?? null;
      let localityId =
        input.locality_id ??
        (input.state_id !== undefined && input.state_id !== current?.provinceId
          ? null
          : (current?.localityId ?? null));
      if (provinceId !== null) {
        const [province] = await tx
          .select({ id: provinces.id })
          .from(provinces)
          .where(eq(provinces.id, provinceId));
        if (!province) throw validationError({ state_id: ['La provincia no existe.'] });
      }
      if (localityId !== null) {
        const [locality] = await tx.select().from(localities).where(eq(localities.id, localityId));
        if (!locality) throw validationError({ locality_id: ['La localidad no existe.'] });
        if (provinceId === null || locality.provinceId !== provinceId) {
          throw validationError({ locality_id: ['La localidad no pertenece a la provincia elegida.'] });
        }
      } else localityId = null;
      const zipCode = input.zip_code === undefined ? (current?.zipCode ?? null) : input.zip_code || null;
      const values = { provinceId, localityId, zipCode: zipCode?.toUpperCase() ?? null };
      if (current) await tx.update(places).set(values).where(eq(places.id, current.id));
      else {
        const [place] = await tx.insert(places).values(values).returning({ id: places.id });
        changes.placeId = place!.id;
      }
    }
    await tx.update(users).set(changes).where(eq(users.id, userId));
    if (input.name !== undefined && user.entityId) {
      await tx.update(entities).set({ name: input.name }).where(eq(entities.id, user.entityId));
    }
  });
  return findCustomerUser({ db: deps.db }, { userId, load: new Set(USER_RELATIONS) });
}

export async function setUserContext(
  deps: { db: DbOrTx },
  { userId, contextId }: { userId: number; contextId: number },
) {
  const { db } = deps;
  const [context] = await db.select().from(contexts).where(eq(contexts.id, contextId));
  if (!context) throw validationError({ context_id: ['El contexto no existe.'] });
  await db.update(users).set({ contextId, updatedAt: new Date() }).where(eq(users.id, userId));
  return context;
}

function selectUserContext(db: DbOrTx, userId: number | Placeholder<'userId', number>) {
  return db
    .select({ id: contexts.id, name: contexts.name, description: contexts.description })
    .from(users)
    .innerJoin(contexts, eq(contexts.id, users.contextId))
    .where(eq(users.id, userId));
}

/** Read at every start of the app, beside the profile: prepared (lib/prepared.ts). */
const preparedUserContext = preparedPerDatabase((db: Db) =>
  selectUserContext(db, sql.placeholder('userId')).prepare('customers_find_context'),
);

export async function findUserContext(deps: { db: DbOrTx }, { userId }: { userId: number }) {
  const rows = is(deps.db, PgTransaction)
    ? await selectUserContext(deps.db, userId)
    : await preparedUserContext(deps.db).execute({ userId });
  return rows[0] ?? null;
}
