/**
 * The app's ARCA connection, built from the configuration: with ARCA_ENV=local a local ARCA peer
 * (arca/local-peer.ts) runs inside the process with a certificate it generated, and the client talks to
 * it as it would to ARCA; with homologacion or produccion the client talks to ARCA with the company's
 * certificate and key. Tickets are kept in the database (arca-tickets.ts), shared by every instance.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { ArcaConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import { createArcaClient } from './arca/client.ts';
import type { ArcaLocalPeer } from './arca/local-peer.ts';
import type { ArcaClient } from './arca/types.ts';
import { createArcaTicketStore } from './arca-tickets.ts';

export type ArcaService = {
  client: ArcaClient;
  environment: ArcaConfig['environment'];
  /** The issuer's CUIT (the fiscal QR carries it). */
  cuit: string;
  pointOfSale: number;
  /** The in-process peer when ARCA_ENV=local (tests tell it how to answer and read its vouchers). */
  peer: ArcaLocalPeer | undefined;
  close(): Promise<void>;
};

/**
 * The last voucher of a sequence the database holds as authorised: what a local peer goes on from after a
 * restart, or beside another instance's peer on the same database.
 */
async function lastAuthorisedVoucher(
  db: Db,
  pointOfSale: number,
  voucherType: number,
): Promise<{ number: number; issuedOn: string } | null> {
  const [last] = await db
    .select({ number: invoices.number, issuedOn: invoices.arcaIssuedOn })
    .from(invoices)
    .where(
      and(
        eq(invoices.pointOfSale, pointOfSale),
        eq(invoices.arcaVoucherType, voucherType),
        isNotNull(invoices.number),
      ),
    )
    .orderBy(desc(invoices.number))
    .limit(1);
  return last?.number ? { number: last.number, issuedOn: last.issuedOn ?? '' } : null;
}

export async function createArcaService(config: ArcaConfig, db: Db): Promise<ArcaService> {
  const ticketStore = createArcaTicketStore(db);
  if (config.environment === 'local') {
    // Loaded only when used: production refuses ARCA_ENV=local (config.ts) and never imports it.
    const { startArcaLocalPeer } = await import('./arca/local-peer.ts');
    const peer = await startArcaLocalPeer({
      host: '127.0.0.1',
      port: 0,
      authorisedElsewhere: (pointOfSale, voucherType) => lastAuthorisedVoucher(db, pointOfSale, voucherType),
    });
    const client = createArcaClient({
      environment: 'homologacion',
      cuit: peer.cuit,
      certificatePem: peer.certificatePem,
      privateKeyPem: peer.privateKeyPem,
      wsaaUrl: peer.wsaaUrl,
      wsfeUrl: peer.wsfeUrl,
      timeoutMs: config.timeoutMs,
      ticketStore,
    });
    return {
      client,
      environment: 'local',
      cuit: peer.cuit,
      pointOfSale: config.pointOfSale,
      peer,
      close: () => peer.close(),
    };
  }
  const client = createArcaClient({
    environment: config.environment,
    cuit: config.cuit,
    certificatePem: config.certificatePem,
    privateKeyPem: config.privateKeyPem,
    ...(config.wsaaUrl ? { wsaaUrl: config.wsaaUrl } : {}),
    ...(config.wsfeUrl ? { wsfeUrl: config.wsfeUrl } : {}),
    timeoutMs: config.timeoutMs,
    ticketStore,
  });
  return {
    client,
    environment: config.environment,
    cuit: config.cuit,
    pointOfSale: config.pointOfSale,
    peer: undefined,
    close: async () => {},
  };
}
