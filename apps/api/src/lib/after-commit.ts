/**
 * What a hot transaction tells the instances once committed rather than at its commit: PostgreSQL takes
 * one lock for the whole cluster at the commit of a transaction that notified, held through its WAL
 * flush, so every such commit waits for the others' (bench:wallet, 2026-11-27: a payment's commit 7.7 ms
 * with its trigger's notify, 4.7 ms without). Such a transaction quiets the triggers that would notify
 * (migrations 0028 and 0029: a setting of its own, 'after_commit') and says it here after its commit, on the
 * same channels with the same payloads, out of any transaction: its statement waits for no WAL flush.
 *
 * The first message is sent at once (with those told in the same turn); those that come while it is being
 * sent wait for it and go together in the next statement, and so on. Each caller's promise resolves once its message was sent: a statement
 * (and a wake-up of every listening connection) is spent per batch, not per transaction.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** The messages gathered for the next statement, and their callers. */
type Batch = { messages: Map<string, Set<string>>; sent: Promise<void>; send: () => void };
type Teller = { sending: boolean; waiting: Batch | undefined };
const tellers = new WeakMap<Db, Teller>();

/** Sends `payload` on `channel` (pg_notify) with the messages of the same moment; resolves once sent. */
export function tellAfterCommit(db: Db, channel: string, payload: string): Promise<void> {
  let teller = tellers.get(db);
  if (!teller) {
    teller = { sending: false, waiting: undefined };
    tellers.set(db, teller);
  }
  let batch = teller.waiting;
  if (!batch) {
    let send = () => {};
    const messages = new Map<string, Set<string>>();
    const sent = new Promise<void>((resolve, reject) => {
      send = () => {
        db.execute(tellStatement(messages)).then(() => resolve(), reject);
      };
    });
    batch = { messages, sent, send };
    teller.waiting = batch;
  }
  const payloads = batch.messages.get(channel) ?? new Set<string>();
  payloads.add(payload);
  batch.messages.set(channel, payloads);
  if (!teller.sending) {
    // In a moment: what the same caller tells next, in the same turn, goes in the same statement.
    teller.sending = true;
    queueMicrotask(() => void tellWaiting(teller));
  }
  return batch.sent;
}

/** Sends the waiting batch, then the one that gathered meanwhile, until none is left. */
async function tellWaiting(teller: Teller): Promise<void> {
  for (let batch = teller.waiting; batch; batch = teller.waiting) {
    teller.waiting = undefined;
    batch.send();
    await batch.sent.catch(() => {});
  }
  teller.sending = false;
}

/**
 * One statement for a batch, the same text whatever its size: channels and payloads as two parallel JSON
 * arrays, each message once.
 */
function tellStatement(messages: Map<string, Set<string>>): SQL {
  const channels: string[] = [];
  const payloads: string[] = [];
  for (const [channel, each] of messages)
    for (const payload of each) {
      channels.push(channel);
      payloads.push(payload);
    }
  return sql`select pg_notify(m.channel, m.payload)
    from jsonb_to_recordset(${JSON.stringify(channels.map((channel, i) => ({ channel, payload: payloads[i] })))}::jsonb)
      as m(channel text, payload text)`;
}
