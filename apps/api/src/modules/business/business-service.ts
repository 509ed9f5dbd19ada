/**
 * Business center: an entity's detail (fiscal address, contact, who acts for it), edited by its owner;
 * members invited by e-mail and removed by the owner (or leaving by themselves). A registered user is
 * added at once; an e-mail with no account gets a link, and whoever opens it signed in with that e-mail
 * joins (acceptInvitation). Every entity a user acts for counts toward their limit of 50 (spec §9),
 * invited ones included.
 */
import type { EntityDetail, EntityInvitation, EntityMember, EntityRole } from '@cubierto/contracts';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { entities, entityInvitations, entityProfiles, userEntities, users } from '../../db/schema/index.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { escapeHtml, type Mailer } from '../../lib/mail.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { ProfileCache } from '../customers/profile-cache.ts';
import { notify } from '../notifications/notify.ts';
import { entityOut, entityRoleOf, MAX_ENTITIES } from './service.ts';

async function members(db: DbOrTx, entityId: number): Promise<EntityMember[]> {
  const rows = await db
    .select({ userId: users.id, name: users.name, email: users.email, role: userEntities.role })
    .from(userEntities)
    .innerJoin(users, eq(users.id, userEntities.userId))
    .where(eq(userEntities.entityId, entityId))
    .orderBy(asc(userEntities.id));
  return rows.map((r) => ({ user_id: r.userId, name: r.name, email: r.email, role: r.role }));
}

/** How long an invitation link stays valid. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

async function pendingInvitations(db: DbOrTx, entityId: number): Promise<EntityInvitation[]> {
  const rows = await db
    .select({
      id: entityInvitations.id,
      email: entityInvitations.email,
      expiresAt: entityInvitations.expiresAt,
    })
    .from(entityInvitations)
    .where(
      and(
        eq(entityInvitations.entityId, entityId),
        isNull(entityInvitations.acceptedAt),
        gt(entityInvitations.expiresAt, new Date()),
      ),
    )
    .orderBy(asc(entityInvitations.id));
  return rows.map((r) => ({ id: r.id, email: r.email, expires_at: r.expiresAt.toISOString() }));
}

export async function findEntityDetail(
  deps: { db: DbOrTx },
  { userId, entityId }: { userId: number; entityId: number },
): Promise<EntityDetail> {
  const { db } = deps;
  const role = await entityRoleOf(db, userId, entityId);
  const [row] = await db
    .select({ entity: entities, profile: entityProfiles })
    .from(entities)
    .leftJoin(entityProfiles, eq(entityProfiles.entityId, entities.id))
    .where(eq(entities.id, entityId));
  const p = row!.profile;
  return {
    ...entityOut(row!.entity),
    role,
    street: p?.street ?? null,
    street_number: p?.streetNumber ?? null,
    locality: p?.locality ?? null,
    province: p?.province ?? null,
    zip_code: p?.zipCode ?? null,
    contact_name: p?.contactName ?? null,
    contact_email: p?.contactEmail ?? null,
    contact_phone: p?.contactPhone ?? null,
    members: await members(db, entityId),
    invitations: role === 'owner' ? await pendingInvitations(db, entityId) : [],
  };
}

export type EntityProfileValues = {
  name: string;
  tax_condition: string;
  street?: string | null | undefined;
  street_number?: string | null | undefined;
  locality?: string | null | undefined;
  province?: string | null | undefined;
  zip_code?: string | null | undefined;
  contact_name?: string | null | undefined;
  contact_email?: string | null | undefined;
  contact_phone?: string | null | undefined;
};

/**
 * The owner edits name, tax condition, address and contact; the document (DNI/CUIT) never changes. The
 * database tells every instance; this one forgets at once every cached profile that shows the entity.
 */
export async function updateEntityProfile(
  deps: { db: Db; profiles: Pick<ProfileCache, 'evict'> },
  input: { userId: number; entityId: number; values: EntityProfileValues },
): Promise<EntityDetail> {
  const { db } = deps;
  const v = input.values;
  await db.transaction(async (tx) => {
    await entityRoleOf(tx, input.userId, input.entityId, 'owner');
    await tx
      .update(entities)
      .set({ name: v.name, taxCondition: v.tax_condition })
      .where(eq(entities.id, input.entityId));
    const profile = {
      street: v.street ?? null,
      streetNumber: v.street_number ?? null,
      locality: v.locality ?? null,
      province: v.province ?? null,
      zipCode: v.zip_code ?? null,
      contactName: v.contact_name ?? null,
      contactEmail: v.contact_email ?? null,
      contactPhone: v.contact_phone ?? null,
      updatedAt: new Date(),
    };
    await tx
      .insert(entityProfiles)
      .values({ entityId: input.entityId, ...profile })
      .onConflictDoUpdate({ target: entityProfiles.entityId, set: profile });
  });
  deps.profiles.evict(`entity:${input.entityId}`);
  return findEntityDetail(deps, input);
}

type InviteDeps = { db: Db; mailer: Mailer; config: Pick<Config, 'publicUrl'> };

/**
 * The owner of a business invites someone by e-mail: a registered user acts for it as a member at once;
 * an e-mail with no account gets an invitation link (a new one, voiding the last, when invited again).
 */
export async function inviteMember(
  deps: InviteDeps,
  input: { userId: number; entityId: number; email: string },
): Promise<EntityDetail> {
  const invitation = await deps.db.transaction(async (tx) => {
    await entityRoleOf(tx, input.userId, input.entityId, 'owner');
    const [entity] = await tx.select().from(entities).where(eq(entities.id, input.entityId));
    if (entity!.kind !== 'business')
      throw new AppError('entity_not_business', { message: 'Solo las empresas pueden tener miembros.' });
    const [invitee] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email}`);
    if (!invitee) {
      const [owner] = await tx.select({ name: users.name }).from(users).where(eq(users.id, input.userId));
      const token = newToken();
      await tx
        .delete(entityInvitations)
        .where(
          and(
            eq(entityInvitations.entityId, input.entityId),
            eq(entityInvitations.email, input.email),
            isNull(entityInvitations.acceptedAt),
          ),
        );
      await tx.insert(entityInvitations).values({
        entityId: input.entityId,
        email: input.email,
        tokenHash: hashToken(token),
        invitedBy: input.userId,
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      });
      return { token, business: entity!.name, owner: owner!.name };
    }
    await addMember(tx, invitee.id, input.entityId, entity!.name, 'email');
    return null;
  });
  if (invitation) {
    const link = `${deps.config.publicUrl}/business-invitation?token=${encodeURIComponent(invitation.token)}`;
    const who = `${invitation.owner} te invitó a contratar e importar seguros por ${invitation.business} en Cubierto.`;
    await deps.mailer.send({
      to: input.email,
      subject: `Te invitaron a ${invitation.business} en Cubierto`,
      text: `Hola:\n\n${who}\n\nCreá tu cuenta con este email (${input.email}) y abrí este enlace (vence en 7 días):\n${link}\n\nSi no esperabas esta invitación, ignorá este mensaje.\n\nCubierto`,
      html: `<p>Hola:</p><p>${escapeHtml(who)}</p><p>Creá tu cuenta con este email (${escapeHtml(input.email)}) y abrí este enlace (vence en 7 días):</p><p><a href="${link}">Aceptar la invitación</a></p><p>Si no esperabas esta invitación, ignorá este mensaje.</p><p>Cubierto</p>`,
    });
  }
  return findEntityDetail(deps, input);
}

/** Makes a user a member of a business, within their limit of entities; notifies them. */
async function addMember(
  tx: DbOrTx,
  userId: number,
  entityId: number,
  business: string,
  field: 'email' | 'token',
): Promise<void> {
  // The member's limit, serialised like their own entity creations.
  await tx.execute(sql`select pg_advisory_xact_lock(${userId})`);
  const [already] = await tx
    .select({ id: userEntities.id })
    .from(userEntities)
    .where(and(eq(userEntities.userId, userId), eq(userEntities.entityId, entityId)));
  if (already) {
    if (field === 'token') return;
    throw validationError({ email: ['Esa persona ya actúa por esta empresa.'] });
  }
  const [n] = await tx.select({ n: count() }).from(userEntities).where(eq(userEntities.userId, userId));
  if ((n?.n ?? 0) >= MAX_ENTITIES) {
    throw field === 'email'
      ? validationError({ email: [`Esa persona ya administra ${MAX_ENTITIES} entidades, el máximo.`] })
      : new AppError('entity_limit_reached', {
          message: `Ya actuás por ${MAX_ENTITIES} entidades, el máximo. Dejá alguna para sumarte a esta.`,
        });
  }
  await tx.insert(userEntities).values({ userId, entityId, role: 'member' });
  await notify(tx, {
    userId,
    title: 'Te sumaron a una empresa',
    body: `Ahora podés contratar e importar seguros por ${business}.`,
    action: { type: 'Message' },
    key: `entity:${entityId}:member:${userId}:${Date.now()}`,
  });
}

/**
 * Someone opens an invitation link signed in: if the account's e-mail is the invited one, they join the
 * business as a member and the link is spent. Answers the business's detail.
 */
export async function acceptInvitation(
  deps: { db: Db },
  input: { userId: number; token: string },
): Promise<EntityDetail> {
  const { db } = deps;
  const entityId = await db.transaction(async (tx) => {
    const [invitation] = await tx
      .select()
      .from(entityInvitations)
      .where(eq(entityInvitations.tokenHash, hashToken(input.token)))
      .for('update');
    if (!invitation || invitation.acceptedAt || invitation.expiresAt.getTime() <= Date.now())
      throw new AppError('invalid_token', {
        message: 'La invitación no es válida o ya venció. Pedile a la empresa que te invite de nuevo.',
      });
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, input.userId));
    if (user!.email.toLowerCase() !== invitation.email)
      throw new AppError('forbidden', {
        message: `Esta invitación es para ${invitation.email}. Ingresá con esa cuenta para aceptarla.`,
      });
    const [entity] = await tx
      .select({ name: entities.name })
      .from(entities)
      .where(eq(entities.id, invitation.entityId));
    await addMember(tx, input.userId, invitation.entityId, entity!.name, 'token');
    await tx
      .update(entityInvitations)
      .set({ acceptedAt: new Date(), acceptedBy: input.userId })
      .where(eq(entityInvitations.id, invitation.id));
    return invitation.entityId;
  });
  return findEntityDetail(deps, { userId: input.userId, entityId });
}

/** The owner withdraws a pending invitation: its link stops working. */
export async function cancelInvitation(
  deps: { db: Db },
  input: { userId: number; entityId: number; invitationId: number },
): Promise<EntityDetail> {
  const { db } = deps;
  await db.transaction(async (tx) => {
    await entityRoleOf(tx, input.userId, input.entityId, 'owner');
    const gone = await tx
      .delete(entityInvitations)
      .where(
        and(
          eq(entityInvitations.id, input.invitationId),
          eq(entityInvitations.entityId, input.entityId),
          isNull(entityInvitations.acceptedAt),
        ),
      )
      .returning({ id: entityInvitations.id });
    if (!gone.length)
      throw new AppError('not_found', { message: 'Esa invitación no existe o ya fue aceptada.' });
  });
  return findEntityDetail(deps, input);
}

/**
 * The owner removes anyone but the last owner; a member may leave by removing themselves. Answers the
 * entity's detail, or null when the caller left it.
 */
export async function removeMember(
  deps: { db: Db },
  input: { userId: number; entityId: number; memberUserId: number },
): Promise<EntityDetail | null> {
  const { db } = deps;
  await db.transaction(async (tx) => {
    const leaving = input.memberUserId === input.userId;
    const role: EntityRole = await entityRoleOf(
      tx,
      input.userId,
      input.entityId,
      leaving ? 'member' : 'owner',
    );
    const [target] = await tx
      .select({ role: userEntities.role })
      .from(userEntities)
      .where(and(eq(userEntities.userId, input.memberUserId), eq(userEntities.entityId, input.entityId)))
      .for('update');
    if (!target) throw new AppError('not_found', { message: 'Esa persona no actúa por esta entidad.' });
    if (target.role === 'owner') {
      const [owners] = await tx
        .select({ n: count() })
        .from(userEntities)
        .where(and(eq(userEntities.entityId, input.entityId), eq(userEntities.role, 'owner')));
      if ((owners?.n ?? 0) <= 1 || role !== 'owner')
        throw new AppError('last_entity_owner', {
          message: 'La entidad necesita al menos un administrador.',
        });
    }
    const [personal] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, input.memberUserId), eq(users.entityId, input.entityId)));
    if (personal)
      throw new AppError('personal_entity_fixed', { message: 'La entidad personal no se puede quitar.' });
    await tx
      .delete(userEntities)
      .where(and(eq(userEntities.userId, input.memberUserId), eq(userEntities.entityId, input.entityId)));
  });
  return input.memberUserId === input.userId ? null : findEntityDetail(deps, input);
}
