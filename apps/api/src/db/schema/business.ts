/**
 * Business center: the address and contact of an entity (a business's fiscal address and who to call).
 * Who may act for an entity, and as what (owner | member), is `user_entities` in accounts.ts.
 */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { entities, users } from './accounts.ts';
import { createdAt, id, moment, optionalRef, ref, updatedAt } from './columns.ts';

export const entityProfiles = pgTable('entity_profiles', {
  entityId: integer('entity_id')
    .primaryKey()
    .references(() => entities.id),
  street: text('street'),
  streetNumber: text('street_number'),
  locality: text('locality'),
  province: text('province'),
  zipCode: text('zip_code'),
  contactName: text('contact_name'),
  contactEmail: text('contact_email'),
  contactPhone: text('contact_phone'),
  updatedAt: updatedAt(),
});

/**
 * An owner's invitation to someone with no account yet: an e-mail with a link carrying a secret token
 * (stored hashed). Opening the link signed in with the invited e-mail makes them a member; the token is
 * the proof they read that mailbox, since signing up does not verify an address. One pending invitation
 * per business and e-mail; inviting again sends a new link and voids the old one.
 */
export const entityInvitations = pgTable(
  'entity_invitations',
  {
    id: id(),
    entityId: ref('entity_id', () => entities.id),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: ref('invited_by', () => users.id),
    expiresAt: moment('expires_at').notNull(),
    acceptedAt: moment('accepted_at'),
    acceptedBy: optionalRef('accepted_by', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('entity_invitations_pending_idx').on(t.entityId, t.email).where(sql`${t.acceptedAt} is null`),
    index('entity_invitations_email_idx').on(t.email),
  ],
);
