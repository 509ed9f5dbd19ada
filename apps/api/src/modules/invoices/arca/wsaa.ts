/**
 * WSAA: the access ticket (token + sign) for a service. `loginCms` takes the signed TRA and answers a
 * loginTicketResponse (credentials token/sign, header expirationTime); faults come as SOAP faults whose code
 * names the cause (`ns1:coe.alreadyAuthenticated`, `ns1:cms.sign.invalid`, …).
 *
 * WSAA does not issue a new ticket while the previous one for the same certificate and service is still valid
 * (coe.alreadyAuthenticated), so the ticket lives in the shared ArcaTicketStore and `TicketKeeper` renews it
 * through `renewOnce` (one instance renews) when less than ten minutes are left; if WSAA still holds the old
 * one as valid, the old one is used until it expires.
 */
import { buildTra, signCms } from './cms.ts';
import { type ArcaTicket, type ArcaTicketStore, ArcaUnavailableError } from './types.ts';
import { escapeXml, parseXml, SOAP_ENV, soapBody, soapFault, textAt, XmlSyntaxError } from './xml.ts';

export const WSAA_NAMESPACE = 'http://wsaa.view.sua.dvadac.desein.afip.gov';

/** A ticket with less than this left is renewed. */
export const RENEW_BEFORE_MS = 10 * 60_000;
/**
 * After WSAA could not be reached, no new login is tried in this process before this much time: the callers
 * meanwhile get the same error at once, without a TRA signed (an RSA signature) and sent for each one.
 */
export const LOGIN_PAUSE_AFTER_UNAVAILABLE_MS = 30_000;

/** WSAA's fault codes and what they mean, for messages the operators can act on. */
const WSAA_FAULTS: Record<string, string> = {
  'coe.alreadyAuthenticated':
    'WSAA already issued a ticket for this certificate and service that is still valid (it lasts 12 h); reuse the stored one or wait for it to expire',
  'coe.notAuthorized': 'the certificate is not authorised for this service (Administrador de Relaciones)',
  'cms.bad': 'the CMS is not valid',
  'cms.bad.base64': 'the CMS is not valid base64',
  'cms.cert.notFound': 'the CMS carries no signing certificate',
  'cms.sign.invalid': 'the CMS signature is invalid (the key does not match the certificate?)',
  'cms.cert.expired': 'the certificate has expired',
  'cms.cert.invalid': 'the certificate is not valid yet',
  'cms.cert.untrusted': 'the certificate was not issued by a trusted ARCA authority (wrong environment?)',
  'xml.bad': 'WSAA could not parse the TRA',
  'xml.source.invalid': 'the TRA source is invalid',
  'xml.destination.invalid': 'the TRA destination is invalid',
  'xml.version.notSupported': 'the TRA version is not supported',
  'xml.generationTime.invalid': 'the TRA generationTime is invalid or in the future (clock skew?)',
  'xml.expirationTime.expired': 'the TRA expirationTime has passed (clock skew?)',
  'xml.expirationTime.invalid': 'the TRA expirationTime is invalid',
  'wsn.unavailable': 'the requested service is momentarily unavailable',
  'wsn.notFound': 'the requested service does not exist',
  'wsaa.unavailable': 'WSAA is momentarily unavailable',
  'wsaa.internalError': 'WSAA had an internal error',
};

/** WSAA refused the login with a fault. Still an ArcaUnavailableError: nothing was authorised without a ticket. */
export class WsaaFaultError extends ArcaUnavailableError {
  override name = 'WsaaFaultError';
  /** The fault code without its namespace prefix, e.g. `coe.alreadyAuthenticated`. */
  readonly code: string;
  /** WSAA's own faultstring (Spanish). */
  readonly faultString: string;
  constructor(code: string, faultString: string) {
    super(`WSAA refused the login (${code}): ${WSAA_FAULTS[code] ?? 'unknown fault'} — ${faultString}`);
    this.code = code;
    this.faultString = faultString;
  }
}

/** POSTs a SOAP 1.1 envelope and returns the response Body, mapping transport failures to ArcaUnavailableError. */
export async function postSoap(
  url: string,
  soapAction: string,
  envelope: string,
  timeoutMs: number,
): Promise<{ status: number; body: ReturnType<typeof soapBody> }> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${soapAction}"` },
      body: envelope,
      signal: AbortSignal.timeout(timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const reason =
      error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        ? `no answer within ${timeoutMs} ms`
        : `network error: ${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)}`;
    throw new ArcaUnavailableError(`ARCA (${new URL(url).host}) could not be reached: ${reason}`, {
      cause: error,
    });
  }
  let body: ReturnType<typeof soapBody>;
  try {
    body = soapBody(text);
  } catch (error) {
    throw new ArcaUnavailableError(
      `ARCA (${new URL(url).host}) answered HTTP ${response.status} without a SOAP envelope`,
      { cause: error },
    );
  }
  return { status: response.status, body };
}

/** The loginCms SOAP envelope. */
export function loginCmsEnvelope(cmsBase64: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_ENV}" xmlns:wsaa="${WSAA_NAMESPACE}"><soapenv:Header/><soapenv:Body><wsaa:loginCms><wsaa:in0>${escapeXml(cmsBase64)}</wsaa:in0></wsaa:loginCms></soapenv:Body></soapenv:Envelope>`;
}

/** Reads a loginTicketResponse XML into a ticket. */
export function parseLoginTicketResponse(xml: string): ArcaTicket {
  const root = parseXml(xml);
  const token = textAt(root, 'credentials', 'token');
  const sign = textAt(root, 'credentials', 'sign');
  const generation = textAt(root, 'header', 'generationTime');
  const expiration = textAt(root, 'header', 'expirationTime');
  const expiresAt = expiration ? new Date(expiration) : new Date(Number.NaN);
  const generatedAt = generation ? new Date(generation) : new Date();
  if (root.local !== 'loginTicketResponse' || !token || !sign || Number.isNaN(expiresAt.getTime())) {
    throw new XmlSyntaxError('Not a loginTicketResponse with credentials and an expirationTime');
  }
  return {
    token,
    sign,
    generatedAt: Number.isNaN(generatedAt.getTime()) ? new Date() : generatedAt,
    expiresAt,
  };
}

export interface WsaaLoginOptions {
  url: string;
  service: string;
  certificatePem: string;
  privateKeyPem: string;
  timeoutMs: number;
  now?: Date;
}

/** One loginCms call: builds and signs the TRA, and returns the ticket WSAA issued. */
export async function wsaaLogin({
  url,
  service,
  certificatePem,
  privateKeyPem,
  timeoutMs,
  now,
}: WsaaLoginOptions): Promise<ArcaTicket> {
  const cms = signCms(buildTra({ service, ...(now ? { now } : {}) }), certificatePem, privateKeyPem);
  const { status, body } = await postSoap(url, '', loginCmsEnvelope(cms), timeoutMs);
  const fault = soapFault(body);
  if (fault) throw new WsaaFaultError(fault.code, fault.message);
  if (status >= 400) throw new ArcaUnavailableError(`WSAA answered HTTP ${status}`);
  const ticketXml = textAt(body, 'loginCmsResponse', 'loginCmsReturn');
  if (!ticketXml) throw new ArcaUnavailableError('WSAA answered without loginCmsReturn');
  try {
    return parseLoginTicketResponse(ticketXml);
  } catch (error) {
    throw new ArcaUnavailableError('WSAA answered a loginCmsReturn that is not a loginTicketResponse', {
      cause: error,
    });
  }
}

/**
 * Keeps one service's ticket: memory first, then the shared store, then a renewal through `renewOnce`.
 * Concurrent callers in this process share one pending renewal.
 */
export class TicketKeeper {
  private current: ArcaTicket | null = null;
  private pending: Promise<ArcaTicket> | null = null;
  /** After WSAA said the old ticket is still valid, no new login is tried before this time. */
  private noLoginBefore = 0;
  /** After WSAA could not be reached: the error, and until when it is answered again without a login. */
  private unreachable: { error: ArcaUnavailableError; until: number } | null = null;

  private readonly service: string;
  private readonly store: ArcaTicketStore;
  private readonly login: () => Promise<ArcaTicket>;
  private readonly now: () => number;

  /** `service` is the store's key; `login` asks WSAA for a new ticket. */
  constructor(
    service: string,
    store: ArcaTicketStore,
    login: () => Promise<ArcaTicket>,
    now: () => number = Date.now,
  ) {
    this.service = service;
    this.store = store;
    this.login = login;
    this.now = now;
  }

  private fresh(ticket: ArcaTicket | null): ticket is ArcaTicket {
    return ticket !== null && ticket.expiresAt.getTime() - this.now() >= RENEW_BEFORE_MS;
  }

  private usable(ticket: ArcaTicket | null): ticket is ArcaTicket {
    return ticket !== null && ticket.expiresAt.getTime() > this.now();
  }

  /** A ticket valid for at least ten more minutes, or the current one while WSAA refuses to replace it. */
  async ticket(): Promise<ArcaTicket> {
    if (this.fresh(this.current)) return this.current;
    if (this.usable(this.current) && this.now() < this.noLoginBefore) return this.current;
    if (this.unreachable && this.now() < this.unreachable.until) {
      if (this.usable(this.current)) return this.current;
      throw this.unreachable.error;
    }
    this.pending ??= this.obtain().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  /** Forgets the ticket held in memory (WSFE refused it): the next call reads the store again. */
  forget(): void {
    this.current = null;
    this.noLoginBefore = 0;
  }

  private async obtain(): Promise<ArcaTicket> {
    const stored = await this.store.read(this.service);
    if (this.fresh(stored)) {
      this.current = stored;
      return stored;
    }
    try {
      const renewed = await this.store.renewOnce(this.service, this.login);
      this.current = renewed;
      this.unreachable = null;
      return renewed;
    } catch (error) {
      const fallback = this.usable(stored) ? stored : this.usable(this.current) ? this.current : null;
      if (error instanceof WsaaFaultError && error.code === 'coe.alreadyAuthenticated' && fallback) {
        this.current = fallback;
        this.noLoginBefore = fallback.expiresAt.getTime();
        return fallback;
      }
      if (!(error instanceof ArcaUnavailableError)) throw error;
      this.unreachable = { error, until: this.now() + LOGIN_PAUSE_AFTER_UNAVAILABLE_MS };
      // WSAA down does not stop WSFE: a ticket still valid serves until the next login.
      if (fallback) {
        this.current = fallback;
        return fallback;
      }
      throw error;
    }
  }
}
