/**
 * The ARCA client against the local ARCA peer over real HTTP: WSAA tickets (one login, shared store,
 * renewal, coe.alreadyAuthenticated, refused certificates and TRAs), WSFEv1 numbering and answers
 * (approve, observe, reject, timeout then consult), the totals checked on both sides, exact amounts,
 * unavailability, and the shipped WSDLs read by a generic SOAP client.
 */
import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import forge from 'node-forge';
import * as soap from 'soap';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { centavosToPesos, pesosToCentavos } from './amounts.ts';
import {
  ArcaInvalidRequestError,
  ArcaTicketRefusedError,
  createArcaClient,
  ticketStoreKey,
  WsaaFaultError,
} from './client.ts';
import { type ArcaLocalPeer, startArcaLocalPeer } from './local-peer.ts';
import { type ArcaCaeRequest, type ArcaTicket, type ArcaTicketStore, ArcaUnavailableError } from './types.ts';
import { postSoap, wsaaLogin } from './wsaa.ts';
import { authXml, caeRequestXml, readCaeResult, resultOf, wsfeEnvelope } from './wsfe.ts';

/** A ticket store in memory for these tests only (the API's is a database table): one renewal at a time. */
function memoryStore(): ArcaTicketStore & { tickets: Map<string, ArcaTicket>; renewals: number } {
  const tickets = new Map<string, ArcaTicket>();
  let lock: Promise<unknown> = Promise.resolve();
  const store = {
    tickets,
    renewals: 0,
    async read(service: string) {
      return tickets.get(service) ?? null;
    },
    renewOnce(service: string, renew: () => Promise<ArcaTicket>) {
      const run = lock.then(async () => {
        const current = tickets.get(service);
        if (current && current.expiresAt.getTime() - Date.now() >= 10 * 60_000) return current;
        store.renewals += 1;
        const ticket = await renew();
        tickets.set(service, ticket);
        return ticket;
      });
      lock = run.catch(() => undefined);
      return run;
    },
  };
  return store;
}

function clientFor(
  peer: ArcaLocalPeer,
  store: ArcaTicketStore,
  overrides: { timeoutMs?: number; privateKeyPem?: string; certificatePem?: string; cuit?: string } = {},
) {
  return createArcaClient({
    environment: 'homologacion',
    cuit: overrides.cuit ?? peer.cuit,
    certificatePem: overrides.certificatePem ?? peer.certificatePem,
    privateKeyPem: overrides.privateKeyPem ?? peer.privateKeyPem,
    wsaaUrl: peer.wsaaUrl,
    wsfeUrl: peer.wsfeUrl,
    timeoutMs: overrides.timeoutMs ?? 5000,
    ticketStore: store,
  });
}

function invoiceB(number: number, pointOfSale = 1, netCentavos = 100_000): ArcaCaeRequest {
  const vatCentavos = Math.round((netCentavos * 21) / 100);
  return {
    pointOfSale,
    voucherType: 6,
    number,
    issuedOn: '2026-11-26',
    concept: 2,
    serviceFrom: '2026-11-01',
    serviceTo: '2026-11-30',
    paymentDueOn: '2026-12-10',
    receiver: { docType: 96, docNumber: '30111222', ivaConditionId: 5 },
    totalCentavos: netCentavos + vatCentavos,
    untaxedCentavos: 0,
    netCentavos,
    exemptCentavos: 0,
    vatCentavos,
    otherTaxesCentavos: 0,
    vat: [{ rateId: 5, baseCentavos: netCentavos, amountCentavos: vatCentavos }],
  };
}

function otherCertificate(): { certificatePem: string; privateKeyPem: string } {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(
    keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  );
  cert.serialNumber = '02';
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 3600_000);
  cert.setSubject([{ name: 'commonName', value: 'intruso' }]);
  cert.setIssuer([{ name: 'commonName', value: 'intruso' }]);
  cert.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(cert), privateKeyPem };
}

/** FECAESolicitar sent as given (past the client's own checks), to see what the peer itself refuses. */
async function rawCae(
  peer: ArcaLocalPeer,
  store: ArcaTicketStore,
  request: ArcaCaeRequest,
  edit = (xml: string) => xml,
) {
  const client = clientFor(peer, store);
  await client.ticketExpiresAt();
  const ticket = (await store.read(
    ticketStoreKey({ environment: 'homologacion', cuit: peer.cuit, certificatePem: peer.certificatePem }),
  ))!;
  const inner = `${authXml({ token: ticket.token, sign: ticket.sign, cuit: peer.cuit })}${edit(caeRequestXml(request, peer.cuit))}`;
  const { body } = await postSoap(
    peer.wsfeUrl,
    'http://ar.gov.afip.dif.FEV1/FECAESolicitar',
    wsfeEnvelope('FECAESolicitar', inner),
    5000,
  );
  return readCaeResult(resultOf(body, 'FECAESolicitar'), request.number).outcome;
}

describe('WSAA tickets', () => {
  it('logs in once for many calls, concurrent ones included, and a second client on the same store reuses the ticket', async () => {
    const peer = await startArcaLocalPeer();
    try {
      const store = memoryStore();
      const first = clientFor(peer, store);
      await Promise.all([first.lastAuthorized(1, 6), first.lastAuthorized(1, 1), first.ticketExpiresAt()]);
      for (let i = 0; i < 5; i++) await first.lastAuthorized(1, 6);
      const second = clientFor(peer, store);
      await second.lastAuthorized(2, 6);
      await second.consult(2, 6, 1);
      expect(peer.loginCount()).toBe(1);
      expect(store.renewals).toBe(1);
      const expiresAt = await second.ticketExpiresAt();
      expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(11.9 * 3600_000);
    } finally {
      await peer.close();
    }
  });

  it('renews a stored ticket with less than ten minutes left', async () => {
    const peer = await startArcaLocalPeer();
    try {
      const store = memoryStore();
      const key = ticketStoreKey({
        environment: 'homologacion',
        cuit: peer.cuit,
        certificatePem: peer.certificatePem,
      });
      store.tickets.set(key, {
        token: 'old',
        sign: 'old',
        generatedAt: new Date(Date.now() - 11.9 * 3600_000),
        expiresAt: new Date(Date.now() + 5 * 60_000),
      });
      const client = clientFor(peer, store);
      expect(await client.lastAuthorized(1, 6)).toBe(0);
      expect(peer.loginCount()).toBe(1);
      expect(store.tickets.get(key)?.token).not.toBe('old');
      expect((await client.ticketExpiresAt()).getTime()).toBeGreaterThan(Date.now() + 11 * 3600_000);
    } finally {
      await peer.close();
    }
  });

  it('keeps the current ticket while WSAA says it is still valid (coe.alreadyAuthenticated), and logs in again once it expired', async () => {
    const peer = await startArcaLocalPeer({ ticketTtlMs: 5000 });
    try {
      const store = memoryStore();
      const client = clientFor(peer, store);
      await client.lastAuthorized(1, 6);
      expect(peer.loginCount()).toBe(1);
      // Under ten minutes left: a renewal is tried, WSAA refuses it, the call goes on with the old ticket.
      await client.lastAuthorized(1, 6);
      expect(peer.loginCount()).toBe(2);
      // Not tried again while that ticket lasts.
      await client.lastAuthorized(1, 6);
      expect(peer.loginCount()).toBe(2);
      const expiresAt = await client.ticketExpiresAt();
      expect(peer.loginCount()).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, expiresAt.getTime() - Date.now() + 1100));
      await client.lastAuthorized(1, 6);
      expect(peer.loginCount()).toBe(3);
    } finally {
      await peer.close();
    }
  });

  it('refuses a TRA signed with another key (cms.sign.invalid) and a certificate it does not trust (cms.cert.untrusted)', async () => {
    const peer = await startArcaLocalPeer();
    try {
      const intruder = otherCertificate();
      const wrongKey = clientFor(peer, memoryStore(), { privateKeyPem: intruder.privateKeyPem });
      const refused = await wrongKey.lastAuthorized(1, 6).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(WsaaFaultError);
      expect(refused).toBeInstanceOf(ArcaUnavailableError);
      expect((refused as WsaaFaultError).code).toBe('cms.sign.invalid');
      expect((refused as Error).message).toMatch(/signature is invalid/);
      const untrusted = clientFor(peer, memoryStore(), intruder);
      await expect(untrusted.ticketExpiresAt()).rejects.toMatchObject({ code: 'cms.cert.untrusted' });
      expect(peer.vouchers()).toEqual([]);
    } finally {
      await peer.close();
    }
  });

  it('refuses an expired TRA and a service the certificate is not authorised for', async () => {
    const peer = await startArcaLocalPeer();
    try {
      const login = {
        url: peer.wsaaUrl,
        certificatePem: peer.certificatePem,
        privateKeyPem: peer.privateKeyPem,
        timeoutMs: 5000,
      };
      await expect(
        wsaaLogin({ ...login, service: 'wsfe', now: new Date(Date.now() - 3600_000) }),
      ).rejects.toMatchObject({
        code: 'xml.expirationTime.expired',
      });
      await expect(wsaaLogin({ ...login, service: 'ws_sr_padron_a5' })).rejects.toMatchObject({
        code: 'coe.notAuthorized',
      });
      await expect(wsaaLogin({ ...login, service: 'nada' })).rejects.toMatchObject({ code: 'wsn.notFound' });
      const ticket = await wsaaLogin({ ...login, service: 'wsfe' });
      expect(ticket.token.length).toBeGreaterThan(20);
    } finally {
      await peer.close();
    }
  });
});

describe('WSFEv1', () => {
  let peer: ArcaLocalPeer;
  let store: ReturnType<typeof memoryStore>;
  beforeAll(async () => {
    peer = await startArcaLocalPeer();
    store = memoryStore();
  });
  afterAll(async () => peer.close());

  it('numbers per point of sale and type: the next must be last + 1 (10016 otherwise)', async () => {
    const client = clientFor(peer, store);
    expect(await client.lastAuthorized(10, 6)).toBe(0);
    const first = await client.requestCae(invoiceB(1, 10));
    expect(first).toMatchObject({ result: 'A', number: 1, caeDueOn: '2026-12-06', observations: [] });
    if (first.result === 'A') expect(first.cae).toMatch(/^\d{14}$/);
    expect(await client.lastAuthorized(10, 6)).toBe(1);
    expect(await client.lastAuthorized(11, 6)).toBe(0);
    const skipped = await client.requestCae(invoiceB(3, 10));
    expect(skipped).toMatchObject({ result: 'R', number: 3, observations: [{ code: 10016 }] });
    const again = await client.requestCae(invoiceB(1, 10));
    expect(again.result).toBe('R');
    expect(await client.lastAuthorized(10, 6)).toBe(1);
  });

  it('answers approve, observe and reject as told, and a timeout whose voucher a consult then finds', async () => {
    const client = clientFor(peer, store, { timeoutMs: 800 });
    peer.nextAnswer('observe', 'El receptor figura como no categorizado.');
    const observed = await client.requestCae(invoiceB(1, 20));
    expect(observed).toMatchObject({
      result: 'A',
      observations: [{ code: 10063, message: 'El receptor figura como no categorizado.' }],
    });
    peer.nextAnswer('reject');
    const rejected = await client.requestCae(invoiceB(2, 20));
    expect(rejected).toMatchObject({ result: 'R', number: 2, errors: [{ code: 10242 }] });
    expect(await client.consult(20, 6, 2)).toBeNull();
    peer.nextAnswer('timeout');
    const started = Date.now();
    await expect(client.requestCae(invoiceB(2, 20))).rejects.toBeInstanceOf(ArcaUnavailableError);
    expect(Date.now() - started).toBeLessThan(3000);
    const found = await client.consult(20, 6, 2);
    expect(found).toMatchObject({ result: 'A', number: 2 });
    expect(found?.cae).toBe(peer.vouchers().find((v) => v.pointOfSale === 20 && v.number === 2)?.cae);
    expect(await client.consult(20, 6, 3)).toBeNull();
    expect(await client.lastAuthorized(20, 6)).toBe(2);
    const approved = await client.requestCae(invoiceB(3, 20));
    expect(approved).toMatchObject({ result: 'A', number: 3, observations: [] });
  });

  it('refuses before sending a request whose totals do not add up, and the peer refuses them too', async () => {
    const client = clientFor(peer, store);
    const before = peer.vouchers().length;
    const good = invoiceB(1, 30);
    const cases: ArcaCaeRequest[] = [
      { ...good, totalCentavos: good.totalCentavos + 1 },
      { ...good, vatCentavos: good.vatCentavos - 1, totalCentavos: good.totalCentavos - 1 },
      {
        ...good,
        vat: [{ rateId: 5, baseCentavos: good.netCentavos - 100, amountCentavos: good.vatCentavos }],
      },
      { ...good, vat: [] },
      { ...good, netCentavos: 10.5 },
      { ...good, receiver: { ...good.receiver, ivaConditionId: 0 } },
      { ...good, voucherType: 8 },
    ];
    for (const request of cases) {
      await expect(client.requestCae(request)).rejects.toBeInstanceOf(ArcaInvalidRequestError);
    }
    expect(peer.vouchers().length).toBe(before);
    expect(
      await rawCae(peer, store, good, (xml) => xml.replace('<ar:ImpTotal>1210.00', '<ar:ImpTotal>1210.01')),
    ).toMatchObject({
      result: 'R',
      observations: [{ code: 10048 }],
    });
    expect(await rawCae(peer, store, cases[1]!)).toMatchObject({
      result: 'R',
      observations: [{ code: 10023 }],
    });
    expect(await rawCae(peer, store, cases[2]!)).toMatchObject({
      result: 'R',
      observations: [{ code: 10061 }, { code: 10051 }],
    });
    expect(
      await rawCae(peer, store, good, (xml) =>
        xml.replace(/<ar:CondicionIVAReceptorId>\d+<\/ar:CondicionIVAReceptorId>/, ''),
      ),
    ).toMatchObject({
      result: 'R',
      observations: [{ code: 10246 }],
    });
    expect(
      await rawCae(peer, store, { ...good, receiver: { ...good.receiver, ivaConditionId: 1 } }),
    ).toMatchObject({
      observations: [{ code: 10243 }],
    });
    expect(await rawCae(peer, store, { ...good, voucherType: 8 })).toMatchObject({
      result: 'R',
      observations: [{ code: 10197 }],
    });
    expect(
      await rawCae(peer, store, good, (xml) => xml.replace('<ar:ImpNeto>1000.00', '<ar:ImpNeto>1000.001')),
    ).toMatchObject({
      observations: [{ code: 10056 }],
    });
    expect(peer.vouchers().length).toBe(before);
  });

  it('authorises a credit note that names its invoice, and a class A invoice to a CUIT', async () => {
    const client = clientFor(peer, store);
    const invoice: ArcaCaeRequest = {
      ...invoiceB(1, 40),
      voucherType: 1,
      receiver: { docType: 80, docNumber: '30500010912', ivaConditionId: 1 },
    };
    expect(await client.requestCae(invoice)).toMatchObject({ result: 'A', number: 1 });
    const creditNote: ArcaCaeRequest = {
      ...invoice,
      voucherType: 3,
      number: 1,
      associated: { voucherType: 1, pointOfSale: 40, number: 1, issuedOn: '2026-11-26' },
    };
    expect(await client.requestCae(creditNote)).toMatchObject({ result: 'A', number: 1 });
    const stored = peer.vouchers().find((v) => v.pointOfSale === 40 && v.voucherType === 3);
    expect(stored?.request.associated).toEqual(creditNote.associated);
    const toDni = {
      ...invoice,
      number: 2,
      receiver: { docType: 96 as const, docNumber: '30111222', ivaConditionId: 1 },
    };
    await expect(client.requestCae(toDni)).rejects.toThrow(/class A vouchers need a CUIT/);
  });

  it('sends amounts exactly as their centavos, for any amount', async () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (centavos) => {
        const pesos = centavosToPesos(centavos);
        expect(pesos).toMatch(/^\d+\.\d{2}$/);
        expect(pesosToCentavos(pesos)).toBe(centavos);
      }),
      { numRuns: 2000 },
    );
    const client = clientFor(peer, store);
    let number = await client.lastAuthorized(50, 6);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 99_999_999_999 }), async (netCentavos) => {
        number += 1;
        const request = invoiceB(number, 50, netCentavos);
        const result = await client.requestCae(request);
        expect(result.result).toBe('A');
        const stored = peer.vouchers().find((v) => v.pointOfSale === 50 && v.number === number);
        expect(stored?.request.totalCentavos).toBe(request.totalCentavos);
        expect(stored?.request.netCentavos).toBe(request.netCentavos);
        expect(stored?.request.vat).toEqual(request.vat);
      }),
      { numRuns: 40 },
    );
  });

  it('reads the receiver IVA conditions once a day', async () => {
    const client = clientFor(peer, store);
    const conditions = await client.receiverIvaConditions();
    expect(conditions).toContainEqual({ id: 5, description: 'Consumidor Final' });
    expect(conditions).toContainEqual({ id: 1, description: 'IVA Responsable Inscripto' });
    peer.outage(true);
    try {
      expect(await client.receiverIvaConditions()).toEqual(conditions);
    } finally {
      peer.outage(false);
    }
  });

  it('treats HTTP 5xx, network errors and a refused ticket as unavailable', async () => {
    const client = clientFor(peer, store);
    await client.lastAuthorized(1, 6);
    peer.outage(true);
    try {
      await expect(client.lastAuthorized(1, 6)).rejects.toThrow(/HTTP 503 without a SOAP envelope/);
      await expect(client.requestCae(invoiceB(1, 60))).rejects.toBeInstanceOf(ArcaUnavailableError);
    } finally {
      peer.outage(false);
    }
    const gone = await startArcaLocalPeer();
    const goneUrls = { wsaa: gone.wsaaUrl, wsfe: gone.wsfeUrl };
    await gone.close();
    const unreachable = createArcaClient({
      environment: 'homologacion',
      cuit: peer.cuit,
      certificatePem: peer.certificatePem,
      privateKeyPem: peer.privateKeyPem,
      wsaaUrl: goneUrls.wsaa,
      wsfeUrl: goneUrls.wsfe,
      timeoutMs: 2000,
      ticketStore: memoryStore(),
    });
    await expect(unreachable.lastAuthorized(1, 6)).rejects.toThrow(/could not be reached: network error/);
    // The ticket presented for another CUIT than the one it was issued to: ARCA answers 601.
    const key = (cuit: string) =>
      ticketStoreKey({ environment: 'homologacion', cuit, certificatePem: peer.certificatePem });
    const borrowed = memoryStore();
    borrowed.tickets.set(key('20222222223'), store.tickets.get(key(peer.cuit))!);
    const otherCuit = clientFor(peer, borrowed, { cuit: '20222222223' });
    await expect(otherCuit.lastAuthorized(1, 6)).rejects.toBeInstanceOf(ArcaTicketRefusedError);
    await expect(otherCuit.lastAuthorized(1, 6)).rejects.toThrow(
      /601 CUIT representada no incluida en token/,
    );
    // A ticket the peer never issued: 600.
    const forged = memoryStore();
    forged.tickets.set(
      ticketStoreKey({ environment: 'homologacion', cuit: peer.cuit, certificatePem: peer.certificatePem }),
      {
        token: 'dG9rZW4=',
        sign: 'c2lnbg==',
        generatedAt: new Date(),
        expiresAt: new Date(Date.now() + 3600_000),
      },
    );
    await expect(clientFor(peer, forged).consult(1, 6, 1)).rejects.toThrow(/600 ValidacionDeToken/);
  });

  it('serves WSDLs a generic SOAP client can use against it', async () => {
    const wsfe = await soap.createClientAsync(`${peer.wsfeUrl}?WSDL`);
    const [dummy] = (await wsfe.FEDummyAsync({})) as [{ FEDummyResult: Record<string, string> }];
    expect(dummy.FEDummyResult).toEqual({ AppServer: 'OK', DbServer: 'OK', AuthServer: 'OK' });
    const wsaa = await soap.createClientAsync(`${peer.wsaaUrl}?wsdl`);
    const fault = await wsaa.loginCmsAsync({ in0: 'no es base64 !' }).catch((error: unknown) => error);
    expect(
      String((fault as { root?: unknown }).root ? JSON.stringify((fault as { root: unknown }).root) : fault),
    ).toMatch(/cms\.bad\.base64/);
  });
});
