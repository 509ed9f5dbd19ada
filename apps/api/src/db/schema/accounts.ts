/** Users, their sessions, password resets, social identities, entities and places. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { contexts, localities, provinces } from './common.ts';
import { files } from './files.ts';

export const places = pgTable('places', {
  id: serial('id').primaryKey(),
  provinceId: integer('province_id').references(() => provinces.id),
  localityId: integer('locality_id').references(() => localities.id),
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
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ['person', 'business'] }).notNull(),
    name: text('name').notNull(),
    documentType: text('document_type', { enum: ['DNI', 'CUIT'] }).notNull(),
    documentNumber: text('document_number').notNull(),
    taxCondition: text('tax_condition'),
    placeId: integer('place_id').references(() => places.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('entities_document_idx').on(t.documentType, t.documentNumber)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    avatarFileId: integer('avatar_file_id').references(() => files.id),
    entityId: integer('entity_id').references(() => entities.id),
    takerEntityId: integer('taker_entity_id').references(() => entities.id),
    placeId: integer('place_id').references(() => places.id),
    contextId: integer('context_id').references(() => contexts.id),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /**
     * When the customer deleted the account (decision 016): the row stays, anonymised, because the
     * contracts, invoices and movements the law makes us keep point at it.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_idx').on(sql`lower(${t.email})`)],
);

/** Which entities a user may act for, and as what (≤ 50 per user, spec §9). */
export const userEntities = pgTable(
  'user_entities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    entityId: integer('entity_id')
      .notNull()
      .references(() => entities.id),
    role: text('role', { enum: ['owner', 'member'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_entities_user_entity_idx').on(t.userId, t.entityId)],
);

/** Opaque bearer tokens, stored as SHA-256 hashes; revocable; renewed by the app before renew_on. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    renewOn: timestamp('renew_on', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    dni: text('dni').notNull(),
    passwordHash: text('password_hash').notNull(),
    referralCode: text('referral_code'),
    codeHash: text('code_hash').notNull(),
    /** Hash of the device id it was started from: only that device confirms it (no one else's code). */
    deviceHash: text('device_hash'),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

export const socialIdentities = pgTable(
  'social_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['google', 'facebook', 'apple'] }).notNull(),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('social_identities_provider_subject_idx').on(t.provider, t.subject)],
);
