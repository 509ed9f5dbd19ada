/**
 * WSFEv1's SOAP messages: hand-built SOAP 1.1 envelopes (namespace http://ar.gov.afip.dif.FEV1/, elements in
 * the order of ARCA's schema, see wsdl/wsfev1.wsdl) and readers of its answers. No WSDL is loaded at runtime:
 * the envelopes are few and fixed, and building them ourselves keeps amounts as exact decimal strings.
 */
import { centavosToPesos, fromArcaDate, toArcaDate } from './amounts.ts';
import type { ArcaCaeRequest, ArcaCaeResult, ArcaMessage } from './types.ts';
import { ArcaUnavailableError } from './types.ts';
import { childrenNamed, escapeXml, path, SOAP_ENV, textAt, type XmlElement } from './xml.ts';

export const FEV1_NAMESPACE = 'http://ar.gov.afip.dif.FEV1/';

export type WsfeOperation =
  | 'FECAESolicitar'
  | 'FECompUltimoAutorizado'
  | 'FECompConsultar'
  | 'FEParamGetCondicionIvaReceptor'
  | 'FEDummy';

export interface WsfeAuth {
  token: string;
  sign: string;
  cuit: string;
}

/** The request refused before it was sent: its amounts or fields do not add up (a bug on our side). */
export class ArcaInvalidRequestError extends Error {
  override name = 'ArcaInvalidRequestError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The CAE request is not valid: ${problems.join('; ')}`);
    this.problems = problems;
  }
}

/** ARCA answered a query (not a CAE request) with business errors, e.g. a point of sale not enabled (10005). */
export class ArcaRefusedError extends Error {
  override name = 'ArcaRefusedError';
  readonly errors: ArcaMessage[];
  constructor(operation: WsfeOperation, errors: ArcaMessage[]) {
    super(`ARCA refused ${operation}: ${errors.map((e) => `${e.code} ${e.message}`).join('; ')}`);
    this.errors = errors;
  }
}

/** ARCA refused the access ticket (600 token/sign, 601 CUIT not in the ticket): the ticket must be replaced. */
export class ArcaTicketRefusedError extends ArcaUnavailableError {
  override name = 'ArcaTicketRefusedError';
}

export function wsfeEnvelope(operation: WsfeOperation, inner: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_ENV}" xmlns:ar="${FEV1_NAMESPACE}"><soap:Body><ar:${operation}>${inner}</ar:${operation}></soap:Body></soap:Envelope>`;
}

export function authXml({ token, sign, cuit }: WsfeAuth): string {
  return `<ar:Auth><ar:Token>${escapeXml(token)}</ar:Token><ar:Sign>${escapeXml(sign)}</ar:Sign><ar:Cuit>${escapeXml(cuit)}</ar:Cuit></ar:Auth>`;
}

const VAT_RATE_BP: Record<number, number> = { 3: 0, 4: 1050, 5: 2100, 6: 2700, 8: 500, 9: 250 };
const CREDIT_NOTES = new Set([3, 8]);
const CLASS_A = new Set([1, 3]);

function isDate(value: string): boolean {
  try {
    toArcaDate(value);
    return true;
  } catch {
    return false;
  }
}

/** What is wrong with a CAE request, before it goes to ARCA (empty when nothing). Messages in English, for logs. */
export function caeRequestProblems(request: ArcaCaeRequest): string[] {
  const problems: string[] = [];
  const amounts = {
    totalCentavos: request.totalCentavos,
    untaxedCentavos: request.untaxedCentavos,
    netCentavos: request.netCentavos,
    exemptCentavos: request.exemptCentavos,
    vatCentavos: request.vatCentavos,
    otherTaxesCentavos: request.otherTaxesCentavos,
  };
  for (const [name, value] of Object.entries(amounts)) {
    if (!Number.isSafeInteger(value) || value < 0) problems.push(`${name} must be a non-negative integer`);
  }
  for (const [index, line] of request.vat.entries()) {
    if (!(line.rateId in VAT_RATE_BP))
      problems.push(`vat[${index}].rateId ${line.rateId} is not an AlicIva id`);
    for (const key of ['baseCentavos', 'amountCentavos'] as const) {
      if (!Number.isSafeInteger(line[key]) || line[key] < 0) {
        problems.push(`vat[${index}].${key} must be a non-negative integer`);
      }
    }
  }
  if (problems.length > 0) return problems;
  const sum =
    request.untaxedCentavos +
    request.netCentavos +
    request.exemptCentavos +
    request.vatCentavos +
    request.otherTaxesCentavos;
  if (request.totalCentavos !== sum) {
    problems.push(
      `totalCentavos ${request.totalCentavos} is not untaxed + net + exempt + VAT + other taxes (${sum})`,
    );
  }
  const vatSum = request.vat.reduce((total, line) => total + line.amountCentavos, 0);
  if (request.vatCentavos !== vatSum) {
    problems.push(`vatCentavos ${request.vatCentavos} is not the sum of the VAT lines' amounts (${vatSum})`);
  }
  const baseSum = request.vat.reduce((total, line) => total + line.baseCentavos, 0);
  if (request.vat.length > 0 && request.netCentavos !== baseSum) {
    problems.push(`netCentavos ${request.netCentavos} is not the sum of the VAT lines' bases (${baseSum})`);
  }
  if (request.netCentavos > 0 && request.vat.length === 0)
    problems.push('a taxed net amount needs VAT lines');
  if (new Set(request.vat.map((line) => line.rateId)).size !== request.vat.length) {
    problems.push('each VAT rate may appear once (ARCA 10022)');
  }
  if (!CREDIT_NOTES.has(request.voucherType)) {
    for (const line of request.vat) {
      const rate = VAT_RATE_BP[line.rateId] ?? 0;
      if (Math.abs(line.amountCentavos * 10_000 - line.baseCentavos * rate) > 10_000) {
        problems.push(
          `VAT line ${line.rateId}: ${line.amountCentavos} is not its rate of ${line.baseCentavos} (ARCA 10051)`,
        );
      }
    }
  }
  if (request.otherTaxesCentavos !== 0) problems.push('other taxes (Tributos) are not supported');
  if (!Number.isInteger(request.pointOfSale) || request.pointOfSale < 1 || request.pointOfSale > 99_998) {
    problems.push('pointOfSale must be 1..99998');
  }
  if (!Number.isInteger(request.number) || request.number < 1 || request.number > 99_999_999) {
    problems.push('number must be 1..99999999');
  }
  for (const key of ['issuedOn', 'serviceFrom', 'serviceTo', 'paymentDueOn'] as const) {
    if (!isDate(request[key])) problems.push(`${key} must be a YYYY-MM-DD date`);
  }
  const { docType, docNumber, ivaConditionId } = request.receiver;
  if (docType === 99 ? docNumber !== '0' : !/^[1-9]\d{0,10}$/.test(docNumber)) {
    problems.push(`receiver.docNumber "${docNumber}" does not fit docType ${docType}`);
  }
  if (CLASS_A.has(request.voucherType) && docType !== 80)
    problems.push('class A vouchers need a CUIT (docType 80)');
  if (!Number.isInteger(ivaConditionId) || ivaConditionId < 1) {
    problems.push('receiver.ivaConditionId is required (CondicionIVAReceptorId, RG 5616)');
  }
  if (CREDIT_NOTES.has(request.voucherType)) {
    if (!request.associated) problems.push('a credit note needs its associated voucher (CbtesAsoc)');
    else if (!isDate(request.associated.issuedOn))
      problems.push('associated.issuedOn must be a YYYY-MM-DD date');
  }
  return problems;
}

/** FECAESolicitar's FeCAEReq for one voucher. `cuit` is the issuer's (CbteAsoc.Cuit). */
export function caeRequestXml(request: ArcaCaeRequest, cuit: string): string {
  const a = request.associated;
  const associated = a
    ? `<ar:CbtesAsoc><ar:CbteAsoc><ar:Tipo>${a.voucherType}</ar:Tipo><ar:PtoVta>${a.pointOfSale}</ar:PtoVta><ar:Nro>${a.number}</ar:Nro><ar:Cuit>${escapeXml(cuit)}</ar:Cuit><ar:CbteFch>${toArcaDate(a.issuedOn)}</ar:CbteFch></ar:CbteAsoc></ar:CbtesAsoc>`
    : '';
  const vat =
    request.vat.length > 0
      ? `<ar:Iva>${request.vat
          .map(
            (line) =>
              `<ar:AlicIva><ar:Id>${line.rateId}</ar:Id><ar:BaseImp>${centavosToPesos(line.baseCentavos)}</ar:BaseImp><ar:Importe>${centavosToPesos(line.amountCentavos)}</ar:Importe></ar:AlicIva>`,
          )
          .join('')}</ar:Iva>`
      : '';
  return [
    '<ar:FeCAEReq>',
    `<ar:FeCabReq><ar:CantReg>1</ar:CantReg><ar:PtoVta>${request.pointOfSale}</ar:PtoVta><ar:CbteTipo>${request.voucherType}</ar:CbteTipo></ar:FeCabReq>`,
    '<ar:FeDetReq><ar:FECAEDetRequest>',
    `<ar:Concepto>${request.concept}</ar:Concepto>`,
    `<ar:DocTipo>${request.receiver.docType}</ar:DocTipo>`,
    `<ar:DocNro>${escapeXml(request.receiver.docNumber)}</ar:DocNro>`,
    `<ar:CbteDesde>${request.number}</ar:CbteDesde>`,
    `<ar:CbteHasta>${request.number}</ar:CbteHasta>`,
    `<ar:CbteFch>${toArcaDate(request.issuedOn)}</ar:CbteFch>`,
    `<ar:ImpTotal>${centavosToPesos(request.totalCentavos)}</ar:ImpTotal>`,
    `<ar:ImpTotConc>${centavosToPesos(request.untaxedCentavos)}</ar:ImpTotConc>`,
    `<ar:ImpNeto>${centavosToPesos(request.netCentavos)}</ar:ImpNeto>`,
    `<ar:ImpOpEx>${centavosToPesos(request.exemptCentavos)}</ar:ImpOpEx>`,
    `<ar:ImpTrib>${centavosToPesos(request.otherTaxesCentavos)}</ar:ImpTrib>`,
    `<ar:ImpIVA>${centavosToPesos(request.vatCentavos)}</ar:ImpIVA>`,
    `<ar:FchServDesde>${toArcaDate(request.serviceFrom)}</ar:FchServDesde>`,
    `<ar:FchServHasta>${toArcaDate(request.serviceTo)}</ar:FchServHasta>`,
    `<ar:FchVtoPago>${toArcaDate(request.paymentDueOn)}</ar:FchVtoPago>`,
    '<ar:MonId>PES</ar:MonId>',
    '<ar:MonCotiz>1</ar:MonCotiz>',
    `<ar:CondicionIVAReceptorId>${request.receiver.ivaConditionId}</ar:CondicionIVAReceptorId>`,
    associated,
    vat,
    '</ar:FECAEDetRequest></ar:FeDetReq>',
    '</ar:FeCAEReq>',
  ].join('');
}

/** The messages of an ARCA list (`Errors/Err`, `Events/Evt`, `Observaciones/Obs`). */
export function messagesIn(list: XmlElement | undefined, item: string): ArcaMessage[] {
  return childrenNamed(list, item).map((element) => ({
    code: Number(textAt(element, 'Code') ?? 0),
    message: textAt(element, 'Msg') ?? '',
  }));
}

/** 500-series (ARCA's internal errors) and 600-series (ticket) errors are no business answer: unavailable. */
export function throwIfUnavailable(operation: WsfeOperation, errors: ArcaMessage[]): void {
  const ticket = errors.filter((e) => e.code === 600 || e.code === 601);
  if (ticket.length > 0) {
    throw new ArcaTicketRefusedError(
      `ARCA refused the access ticket on ${operation}: ${ticket.map((e) => `${e.code} ${e.message}`).join('; ')}`,
    );
  }
  const internal = errors.filter((e) => e.code >= 500 && e.code < 600);
  if (internal.length > 0) {
    throw new ArcaUnavailableError(
      `ARCA failed internally on ${operation}: ${internal.map((e) => `${e.code} ${e.message}`).join('; ')}`,
    );
  }
}

/** The result element of an operation's answer (`<op>Response/<op>Result`). */
export function resultOf(body: XmlElement, operation: WsfeOperation): XmlElement {
  const result = path(body, `${operation}Response`, `${operation}Result`);
  if (!result) throw new ArcaUnavailableError(`ARCA answered ${operation} without ${operation}Result`);
  return result;
}

/** Reads FECAESolicitarResult for the voucher `number`. */
export function readCaeResult(
  result: XmlElement,
  number: number,
): { outcome: ArcaCaeResult; events: ArcaMessage[] } {
  const errors = messagesIn(path(result, 'Errors'), 'Err');
  const events = messagesIn(path(result, 'Events'), 'Evt');
  throwIfUnavailable('FECAESolicitar', errors);
  const detail = path(result, 'FeDetResp', 'FECAEDetResponse');
  const outcome = textAt(detail, 'Resultado') ?? textAt(result, 'FeCabResp', 'Resultado');
  const observations = messagesIn(path(detail, 'Observaciones'), 'Obs');
  if (outcome === 'A') {
    const cae = textAt(detail, 'CAE') ?? '';
    const due = textAt(detail, 'CAEFchVto') ?? '';
    if (!/^\d{14}$/.test(cae) || !/^\d{8}$/.test(due)) {
      throw new ArcaUnavailableError(
        `ARCA approved voucher ${number} without a valid CAE ("${cae}", "${due}")`,
      );
    }
    return { outcome: { result: 'A', number, cae, caeDueOn: fromArcaDate(due), observations }, events };
  }
  if (outcome === 'R' || errors.length > 0) {
    return { outcome: { result: 'R', number, observations, errors }, events };
  }
  throw new ArcaUnavailableError(`ARCA answered FECAESolicitar for voucher ${number} without a result`);
}
