/** TicketKeeper when WSAA cannot be reached: one login per pause, the ticket still valid kept in use. */
import { describe, expect, it } from 'vitest';
import { type ArcaTicket, type ArcaTicketStore, ArcaUnavailableError } from './types.ts';
import { LOGIN_PAUSE_AFTER_UNAVAILABLE_MS, TicketKeeper } from './wsaa.ts';

const MINUTE = 60_000;

/** A keeper on a clock the test moves, a store in memory and a login that fails while `down` says so. */
function keeperWith(options: { stored?: ArcaTicket; failWith?: () => Error }) {
  const state = { now: Date.parse('2026-11-27T12:00:00Z'), logins: 0, down: true };
  const tickets = new Map<string, ArcaTicket>();
  if (options.stored) tickets.set('wsfe', options.stored);
  const store: ArcaTicketStore = {
    async read(service) {
      return tickets.get(service) ?? null;
    },
    async renewOnce(service, renew) {
      const ticket = await renew();
      tickets.set(service, ticket);
      return ticket;
    },
  };
  const login = async (): Promise<ArcaTicket> => {
    state.logins += 1;
    if (state.down)
      throw (
        options.failWith?.() ?? new ArcaUnavailableError('ARCA (wsaa) could not be reached: network error')
      );
    return ticketUntil(state.now + 12 * 60 * MINUTE);
  };
  const keeper = new TicketKeeper('wsfe', store, login, () => state.now);
  return { keeper, state };
}

const ticketUntil = (expiresAt: number): ArcaTicket => ({
  token: `token-${expiresAt}`,
  sign: 'sign',
  generatedAt: new Date(expiresAt - 12 * 60 * MINUTE),
  expiresAt: new Date(expiresAt),
});

describe('TicketKeeper while WSAA cannot be reached', () => {
  it('tries one login per pause and answers the same error meanwhile, then logs in once WSAA is back', async () => {
    const { keeper, state } = keeperWith({});
    await expect(keeper.ticket()).rejects.toThrow(/could not be reached/);
    await expect(keeper.ticket()).rejects.toThrow(/could not be reached/);
    state.now += LOGIN_PAUSE_AFTER_UNAVAILABLE_MS - 1;
    await expect(keeper.ticket()).rejects.toBeInstanceOf(ArcaUnavailableError);
    expect(state.logins).toBe(1);

    state.now += 1;
    state.down = false;
    const ticket = await keeper.ticket();
    expect(state.logins).toBe(2);
    expect(ticket.expiresAt.getTime()).toBe(state.now + 12 * 60 * MINUTE);
    expect(await keeper.ticket()).toBe(ticket);
    expect(state.logins).toBe(2);
  });

  it('keeps using a ticket still valid while the renewal cannot reach WSAA', async () => {
    const start = Date.parse('2026-11-27T12:00:00Z');
    const old = ticketUntil(start + 5 * MINUTE);
    const { keeper, state } = keeperWith({ stored: old });
    expect(await keeper.ticket()).toBe(old);
    expect(await keeper.ticket()).toBe(old);
    expect(state.logins).toBe(1);
    state.now += LOGIN_PAUSE_AFTER_UNAVAILABLE_MS;
    expect(await keeper.ticket()).toBe(old);
    expect(state.logins).toBe(2);
    // Past its expiry there is nothing to fall back on.
    state.now = old.expiresAt.getTime();
    await expect(keeper.ticket()).rejects.toBeInstanceOf(ArcaUnavailableError);
  });

  it('does not pause after a failure that is not ARCA being unavailable', async () => {
    const { keeper, state } = keeperWith({ failWith: () => new Error('the ticket store could not be read') });
    await expect(keeper.ticket()).rejects.toThrow(/ticket store/);
    await expect(keeper.ticket()).rejects.toThrow(/ticket store/);
    expect(state.logins).toBe(2);
  });
});
