/**
 * The ARCA client Cubierto uses: WSAA tickets (wsaa.ts, kept in the shared ArcaTicketStore) and WSFEv1
 * (wsfe.ts) over fetch, each call bounded by `timeoutMs`.
 *
 * Failures: a timeout, a network error, an HTTP 5xx, a SOAP fault, ARCA's internal errors (500-series) and a
 * refused ticket (600/601) throw ArcaUnavailableError — the voucher may or may not exist, consult first.
 * A CAE request whose amounts do not add up is refused before it is sent (ArcaInvalidRequestError). A query
 * ARCA refuses for a business reason throws ArcaRefusedError.
 *
 * The ticket store key is `wsfe:<environment>:<cuit>:<certificate fingerprint>`: a ticket belongs to the
 * certificate that asked for it (WSAA's rule), so a new certificate, another CUIT or another environment never
 * reuses a ticket ARCA would refuse.
 */
import { createHash } from 'node:crypto';
import forge from 'node-forge';
import { fromArcaDate } from './amounts.ts';
import {
  type ArcaCaeRequest,
  type ArcaCaeResult,
  type ArcaClient,
  type ArcaClientOptions,
  type ArcaEnvironment,
  type ArcaMessage,
  ArcaUnavailableError,
  type ArcaVoucherType,
} from './types.ts';
import { postSoap, TicketKeeper, wsaaLogin } from './wsaa.ts';
import {
  ArcaInvalidRequestError,
  ArcaRefusedError,
  ArcaTicketRefusedError,
  authXml,
  caeRequestProblems,
  caeRequestXml,
  messagesIn,
  readCaeResult,
  resultOf,
  throwIfUnavailable,
  type WsfeOperation,
  wsfeEnvelope,
} from './wsfe.ts';
import { path, soapFault, textAt, type XmlElement } from './xml.ts';

export { ArcaUnavailableError } from './types.ts';
export { WsaaFaultError } from './wsaa.ts';
export { ArcaInvalidRequestError, ArcaRefusedError, ArcaTicketRefusedError } from './wsfe.ts';

export const ARCA_ENDPOINTS: Record<ArcaEnvironment, { wsaaUrl: string; wsfeUrl: string }> = {
  homologacion: {
    wsaaUrl: 'https://wsaahomo.afip.gov.ar/ws/services/LoginCms',
    wsfeUrl: 'https://wswhomo.afip.gov.ar/wsfev1/service.asmx',
  },
  produccion: {
    wsaaUrl: 'https://wsaa.afip.gov.ar/ws/services/LoginCms',
    wsfeUrl: 'https://servicios1.afip.gov.ar/wsfev1/service.asmx',
  },
};

const SERVICE = 'wsfe';
const DAY_MS = 24 * 3600_000;

export interface ArcaClientExtraOptions {
  /** ARCA's Events (notices such as maintenance windows) as they arrive with an answer. */
  onEvents?: (operation: WsfeOperation, events: ArcaMessage[]) => void;
}

/** The ArcaClient plus FEDummy (no ticket needed), for health checks. */
export interface ArcaClientWithStatus extends ArcaClient {
  /** FEDummy: the state of ARCA's application, database and authentication servers ("OK" each when up). */
  serverStatus(): Promise<{ appServer: string; dbServer: string; authServer: string }>;
}

/** The store key of this client's wsfe ticket (see the file's comment). */
export function ticketStoreKey(
  options: Pick<ArcaClientOptions, 'environment' | 'cuit' | 'certificatePem'>,
): string {
  const der = forge.asn1.toDer(
    forge.pki.certificateToAsn1(forge.pki.certificateFromPem(options.certificatePem)),
  );
  const fingerprint = createHash('sha256')
    .update(Buffer.from(der.getBytes(), 'binary'))
    .digest('hex')
    .slice(0, 16);
  return `${SERVICE}:${options.environment}:${options.cuit}:${fingerprint}`;
}

export function createArcaClient(options: ArcaClientOptions & ArcaClientExtraOptions): ArcaClientWithStatus {
  if (!/^\d{11}$/.test(options.cuit)) throw new RangeError('ARCA: the CUIT must have 11 digits');
  const endpoints = ARCA_ENDPOINTS[options.environment];
  const wsaaUrl = options.wsaaUrl ?? endpoints.wsaaUrl;
  const wsfeUrl = options.wsfeUrl ?? endpoints.wsfeUrl;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const keeper = new TicketKeeper(ticketStoreKey(options), options.ticketStore, () =>
    wsaaLogin({
      url: wsaaUrl,
      service: SERVICE,
      certificatePem: options.certificatePem,
      privateKeyPem: options.privateKeyPem,
      timeoutMs,
    }),
  );
  let conditions: { at: number; value: Promise<{ id: number; description: string }[]> } | null = null;

  /** One WSFEv1 call: its Result element. Transport failures, faults and non-200 answers are unavailable. */
  async function call(operation: WsfeOperation, inner: (auth: string) => string): Promise<XmlElement> {
    const auth = operation === 'FEDummy' ? '' : await ticketAuth();
    const { status, body } = await postSoap(
      wsfeUrl,
      `http://ar.gov.afip.dif.FEV1/${operation}`,
      wsfeEnvelope(operation, inner(auth)),
      timeoutMs,
    );
    const fault = soapFault(body);
    if (fault)
      throw new ArcaUnavailableError(
        `ARCA answered ${operation} with a SOAP fault: ${fault.code} ${fault.message}`,
      );
    if (status !== 200) throw new ArcaUnavailableError(`ARCA answered ${operation} with HTTP ${status}`);
    const result = resultOf(body, operation);
    const events = messagesIn(path(result, 'Events'), 'Evt');
    if (events.length > 0) options.onEvents?.(operation, events);
    return result;
  }

  async function ticketAuth(): Promise<string> {
    const ticket = await keeper.ticket();
    return authXml({ token: ticket.token, sign: ticket.sign, cuit: options.cuit });
  }

  /** Runs a call; a refused ticket is forgotten so the next call reads the store again. */
  async function guarded<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof ArcaTicketRefusedError) keeper.forget();
      throw error;
    }
  }

  function queryErrors(operation: WsfeOperation, result: XmlElement, allowed: number[] = []): ArcaMessage[] {
    const errors = messagesIn(path(result, 'Errors'), 'Err');
    throwIfUnavailable(operation, errors);
    const refused = errors.filter((e) => !allowed.includes(e.code));
    if (refused.length > 0) throw new ArcaRefusedError(operation, refused);
    return errors;
  }

  return {
    lastAuthorized: (pointOfSale: number, voucherType: ArcaVoucherType) =>
      guarded(async () => {
        const result = await call(
          'FECompUltimoAutorizado',
          (auth) => `${auth}<ar:PtoVta>${pointOfSale}</ar:PtoVta><ar:CbteTipo>${voucherType}</ar:CbteTipo>`,
        );
        queryErrors('FECompUltimoAutorizado', result);
        const number = textAt(result, 'CbteNro') ?? '';
        if (!/^\d+$/.test(number))
          throw new ArcaUnavailableError('ARCA answered FECompUltimoAutorizado without CbteNro');
        return Number(number);
      }),

    requestCae: (request: ArcaCaeRequest) => {
      const problems = caeRequestProblems(request);
      if (problems.length > 0) return Promise.reject(new ArcaInvalidRequestError(problems));
      return guarded(async () => {
        const result = await call(
          'FECAESolicitar',
          (auth) => `${auth}${caeRequestXml(request, options.cuit)}`,
        );
        return readCaeResult(result, request.number).outcome;
      });
    },

    consult: (pointOfSale: number, voucherType: ArcaVoucherType, number: number) =>
      guarded(async (): Promise<Extract<ArcaCaeResult, { result: 'A' }> | null> => {
        const result = await call(
          'FECompConsultar',
          (auth) =>
            `${auth}<ar:FeCompConsReq><ar:CbteTipo>${voucherType}</ar:CbteTipo><ar:CbteNro>${number}</ar:CbteNro><ar:PtoVta>${pointOfSale}</ar:PtoVta></ar:FeCompConsReq>`,
        );
        const errors = queryErrors('FECompConsultar', result, [602]);
        if (errors.some((e) => e.code === 602)) return null;
        const found = path(result, 'ResultGet');
        if (!found || textAt(found, 'Resultado') !== 'A') return null;
        const cae = textAt(found, 'CodAutorizacion') ?? '';
        const due = textAt(found, 'FchVto') ?? '';
        if (!/^\d{14}$/.test(cae) || !/^\d{8}$/.test(due)) {
          throw new ArcaUnavailableError(`ARCA answered FECompConsultar for ${number} without a valid CAE`);
        }
        return {
          result: 'A',
          number: Number(textAt(found, 'CbteDesde') ?? number),
          cae,
          caeDueOn: fromArcaDate(due),
          observations: messagesIn(path(found, 'Observaciones'), 'Obs'),
        };
      }),

    receiverIvaConditions: () => {
      if (conditions && Date.now() - conditions.at < DAY_MS) return conditions.value;
      const value = guarded(async () => {
        const result = await call('FEParamGetCondicionIvaReceptor', (auth) => auth);
        queryErrors('FEParamGetCondicionIvaReceptor', result);
        return (path(result, 'ResultGet')?.children ?? [])
          .filter((c) => c.local === 'CondicionIvaReceptor')
          .map((c) => ({ id: Number(textAt(c, 'Id')), description: textAt(c, 'Desc') ?? '' }));
      });
      const entry = { at: Date.now(), value };
      conditions = entry;
      // A failure is not cached: the next call asks again.
      value.catch(() => {
        if (conditions === entry) conditions = null;
      });
      return value;
    },

    ticketExpiresAt: async () => (await keeper.ticket()).expiresAt,

    serverStatus: async () => {
      const result = await call('FEDummy', () => '');
      return {
        appServer: textAt(result, 'AppServer') ?? '',
        dbServer: textAt(result, 'DbServer') ?? '',
        authServer: textAt(result, 'AuthServer') ?? '',
      };
    },
  };
}
