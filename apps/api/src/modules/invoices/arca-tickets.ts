/**
 * Where the WSAA access tickets live: the `arca_tickets` table, shared by every API instance. WSAA
 * refuses a second login for the same service while a ticket is valid ("El CEE ya posee un TA valido"),
 * so only one instance may renew: `renewOnce` takes a transaction-scoped advisory lock of the service
 * (the same on PGlite and PostgreSQL), reads the row again under it and renews only when no other
 * instance stored a ticket valid for ten more minutes meanwhile.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { arcaTickets } from '../../db/schema/index.ts';
import type { ArcaTicket, ArcaTicketStore } from './arca/types.ts';

/** A ticket closer than this to its expiry is renewed. */
export const TICKET_MARGIN_MS = 10 * 60_000;

/** The advisory lock's second key; the first is the service's hash (one lock per service). */
const TICKET_LOCK_NAMESPACE = 74_210_024;

type Row = typeof arcaTickets.$inferSelect;

const ticketOf = (row: Row): ArcaTicket => ({
  token: row.token,
  sign: row.sign,
  generatedAt: row.generatedAt,
  expiresAt: row.expiresAt,
});

export function createArcaTicketStore(db: Db, clock: () => Date = () => new Date()): ArcaTicketStore {
  return {
    async read(service) {
      const [row] = await db.select().from(arcaTickets).where(eq(arcaTickets.service, service));
      return row ? ticketOf(row) : null;
    },

    async renewOnce(service, renew) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${TICKET_LOCK_NAMESPACE}, hashtext(${service}))`);
        const [row] = await tx.select().from(arcaTickets).where(eq(arcaTickets.service, service));
        if (row && row.expiresAt.getTime() - clock().getTime() >= TICKET_MARGIN_MS) return ticketOf(row);
        const ticket = await renew();
        const values = {
          token: ticket.token,
          sign: ticket.sign,
          generatedAt: ticket.generatedAt,
          expiresAt: ticket.expiresAt,
          updatedAt: clock(),
        };
        await tx
          .insert(arcaTickets)
          .values({ service, ...values })
          .onConflictDoUpdate({ target: arcaTickets.service, set: values });
        return ticket;
      });
    },
  };
}
