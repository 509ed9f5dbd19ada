/** Users, their sessions, password resets, social identities, entities and places. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, moment, optionalRef, ref, timestamps } from './columns.ts';
import { contexts, localities, provinces } from './common.ts';
import { files } from './files.ts';

export const places = pgTable('places', {
  id: id(),
  provinceId: optionalRef('province_id', () => provinces.id),
  localityId: optionalRef('locality_id', () => localities.id),
  zipCode: text('zip_code'),
  street: text('street'),
  streetNumber: text('street_number'),
  floorBlock: text('floor_block'),
  apartmentHouse: text('apartment_house'),
});

/** A person (DNI) or business (CUIT) a user acts for. */
export const entities = pgTable(
  'entities',
  {
    id: id(),
    kind: text('kind', { enum: ['person', 'business'] }).notNull(),
    name: text('name').notNull(),
    documentType: text('document_type', { enum: ['DNI', 'CUIT'] }).notNull(),
    documentNumber: text('document_number').notNull(),
    taxCondition: text('tax_condition'),
    placeId: optionalRef('place_id', () => places.id),
    createdAt: createdAt(),
  },
  (t) => [index('entities_document_idx').on(t.documentType, t.documentNumber)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    avatarFileId: optionalRef('avatar_file_id', () => files.id),
    entityId: optionalRef('entity_id', () => entities.id),
    takerEntityId: optionalRef('taker_entity_id', () => entities.id),
    placeId: optionalRef('place_id', () => places.id),
    contextId: optionalRef('context_id', () => contexts.id),
    lockedAt: moment('locked_at'),
    /**
     * When the customer deleted the account (decision 016): the row stays, anonymised, because the
     * contracts, invoices and movements the law makes us keep point at it.
     */
    deletedAt: moment('deleted_at'),
    /** When the customer accepted the terms and the privacy policy at registration, and which version. */
    termsAcceptedAt: moment('terms_accepted_at'),
    termsVersion: text('terms_version'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('users_email_idx').on(sql`lower(${t.email})`)],
);

/** Which entities a user may act for, and as what (≤ 50 per user, spec §9). */
export const userEntities = pgTable(
  'user_entities',
  {
    id: id(),
    userId: ref('user_id', () => users.id),
    entityId: ref('entity_id', () => entities.id),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_entities_user_entity_idx').on(t.userId, t.entityId)],
);

/** Opaque bearer tokens, stored as SHA-256 hashes; revocable; renewed by the app before renew_on. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: ref('user_id', () => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    renewOn: moment('renew_on').notNull(),
    expiresAt: moment('expires_at').notNull(),
    revokedAt: moment('revoked_at'),
    createdAt: createdAt(),
    userAgent: text('user_agent'),
    /** Hash of the device id the session was opened from (docs/DOMAIN.md "Device"); null when none was sent. */
    deviceHash: text('device_hash'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * A registration with a password waiting for its e-mailed 6-digit code (decision 019): the form's data
 * with the password already hashed, the code's hash, how many wrong codes were tried, and when it ends.
 * One per e-mail and device: registering again from the same device replaces it; another device's
 * registration of the same e-mail (a stranger's) is a row of its own and cannot change this one.
 */
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: id(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    dni: text('dni').notNull(),
    passwordHash: text('password_hash').notNull(),
    referralCode: text('referral_code'),
    codeHash: text('code_hash').notNull(),
    /** Hash of the device id it was started from: only that device confirms it (no one else's code). */
    deviceHash: text('device_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: moment('expires_at').notNull(),
    /** The terms and privacy policy accepted with the form: carried to the account on confirmation. */
    termsAcceptedAt: moment('terms_accepted_at'),
    termsVersion: text('terms_version'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pending_registrations_email_device_idx').on(
      sql`lower(${t.email})`,
      sql`coalesce(${t.deviceHash}, '')`,
    ),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: ref('user_id', () => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: moment('expires_at').notNull(),
    usedAt: moment('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const socialIdentities = pgTable(
  'social_identities',
  {
    id: id(),
    userId: ref('user_id', () => users.id),
    provider: text('provider', { enum: ['google', 'facebook', 'apple'] }).notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('social_identities_provider_subject_idx').on(t.provider, t.subject)],
);
