// The shared ARCA (formerly AFIP) interface: the adapter (WSAA + WSFEv1 client, local peer) and the invoices module
// (ticket store on the database, outbox job) are built against these shapes. Pure types plus one error class; no
// imports of the database.

export type ArcaEnvironment = 'homologacion' | 'produccion';

/** WSAA access ticket for one service (token + sign), valid 12 h. */
export interface ArcaTicket {
  token: string;
  sign: string;
  generatedAt: Date;
  expiresAt: Date;
}

/** Where tickets live. The API's implementation is a database table shared by every instance. */
export interface ArcaTicketStore {
  /** The stored ticket of a service, or null. */
  read(service: string): Promise<ArcaTicket | null>;
  /** Runs `renew` under a lock shared by every instance, so only one renews: if another instance stored a ticket
   *  valid for at least ten more minutes meanwhile, returns that one without calling `renew`; else stores and returns `renew()`'s. */
  renewOnce(service: string, renew: () => Promise<ArcaTicket>): Promise<ArcaTicket>;
}

/** WSFEv1 voucher types used by Cubierto: Factura A 1, Nota de crédito A 3, Factura B 6, Nota de crédito B 8. */
export type ArcaVoucherType = 1 | 3 | 6 | 8;

/** ARCA's messages (Observaciones / Errores / Events). */
export interface ArcaMessage {
  code: number;
  message: string;
}

/** One VAT rate line (AlicIva): Id 3 = 0 %, 4 = 10,5 %, 5 = 21 %, 6 = 27 %, 8 = 5 %, 9 = 2,5 %. Amounts in centavos. */
export interface ArcaVatLine {
  rateId: 3 | 4 | 5 | 6 | 8 | 9;
  baseCentavos: number;
  amountCentavos: number;
}

export interface ArcaCaeRequest {
  pointOfSale: number;
  voucherType: ArcaVoucherType;
  /** CbteDesde = CbteHasta */
  number: number;
  /** YYYY-MM-DD (CbteFch) */
  issuedOn: string;
  /** servicios */
  concept: 2;
  /** YYYY-MM-DD */
  serviceFrom: string;
  serviceTo: string;
  paymentDueOn: string;
  /** CUIT 80, CUIL 86, DNI 96, consumidor final 99 */
  receiver: { docType: 80 | 86 | 96 | 99; docNumber: string; ivaConditionId: number };
  /** ImpTotal = ImpTotConc + ImpNeto + ImpOpEx + ImpIVA + ImpTrib */
  totalCentavos: number;
  /** ImpTotConc */
  untaxedCentavos: number;
  /** ImpNeto */
  netCentavos: number;
  /** ImpOpEx */
  exemptCentavos: number;
  /** ImpIVA = sum of vat[].amountCentavos */
  vatCentavos: number;
  /** ImpTrib */
  otherTaxesCentavos: number;
  /** sum of baseCentavos = netCentavos */
  vat: ArcaVatLine[];
  /** CbtesAsoc (credit notes) */
  associated?: { voucherType: ArcaVoucherType; pointOfSale: number; number: number; issuedOn: string };
}

export type ArcaCaeResult =
  | { result: 'A'; number: number; cae: string; caeDueOn: string; observations: ArcaMessage[] }
  | { result: 'R'; number: number; observations: ArcaMessage[]; errors: ArcaMessage[] };

/** ARCA could not be reached or answered no business result (timeout, network, SOAP fault, 5xx):
 *  the voucher may or may not exist on ARCA's side — consult before retrying. */
export class ArcaUnavailableError extends Error {
  override name = 'ArcaUnavailableError';
}

export interface ArcaClient {
  /** FECompUltimoAutorizado: the last authorised number for a point of sale and type (0 when none). */
  lastAuthorized(pointOfSale: number, voucherType: ArcaVoucherType): Promise<number>;
  /** FECAESolicitar for one voucher. Throws ArcaUnavailableError on timeout/network/fault. */
  requestCae(request: ArcaCaeRequest): Promise<ArcaCaeResult>;
  /** FECompConsultar: the authorised voucher with that number, or null when ARCA has none (error 602). */
  consult(
    pointOfSale: number,
    voucherType: ArcaVoucherType,
    number: number,
  ): Promise<Extract<ArcaCaeResult, { result: 'A' }> | null>;
  /** FEParamGetCondicionIvaReceptor (cached in memory for a day). */
  receiverIvaConditions(): Promise<{ id: number; description: string }[]>;
  /** The current wsfe ticket's expiry (renewing it if needed), for the operators' dashboard. */
  ticketExpiresAt(): Promise<Date>;
}

export interface ArcaClientOptions {
  environment: ArcaEnvironment;
  /** the company's CUIT, 11 digits */
  cuit: string;
  /** X.509 certificate ARCA issued for the key */
  certificatePem: string;
  privateKeyPem: string;
  /** overrides of the environment's endpoints (tests, local peer) */
  wsaaUrl?: string;
  wsfeUrl?: string;
  /** per call, default 15000 */
  timeoutMs?: number;
  ticketStore: ArcaTicketStore;
}

// factory, in arca/client.ts:  export function createArcaClient(options: ArcaClientOptions): ArcaClient
