/**
 * A local ARCA: WSAA (LoginCms) and WSFEv1 (service.asmx) on one node:http server, speaking their SOAP 1.1
 * as ARCA does, for tests and for development without ARCA's homologación. Production refuses it (the app's
 * configuration will not start with it); it never runs on its own.
 *
 * At start it makes a self-signed certificate (no CA) and key for a test CUIT (20111111112) and trusts only
 * that certificate:
 *  - GET  /ws/services/LoginCms?wsdl and /wsfev1/service.asmx?wsdl → the WSDLs shipped in ./wsdl.
 *  - POST /ws/services/LoginCms `loginCms(in0)`: opens the CMS, checks it carries the trusted certificate
 *    (else `cms.cert.untrusted`), that the signature verifies (else `cms.sign.invalid`), the TRA (version 1.0,
 *    generationTime not in the future, expirationTime not passed, service `wsfe`), and that no ticket it issued
 *    for that service is still valid (else `coe.alreadyAuthenticated`, as WSAA does). Answers a
 *    loginTicketResponse valid 12 h (or `ticketTtlMs`). Faults: HTTP 500 with an Axis fault `ns1:<code>`.
 *  - POST /wsfev1/service.asmx: FEDummy; and, with Auth {Token, Sign, Cuit} it issued (else Errors 600, or 601
 *    for another CUIT), FECompUltimoAutorizado, FECAESolicitar, FECompConsultar (602 when there is no such
 *    voucher) and FEParamGetCondicionIvaReceptor.
 *    FECAESolicitar applies ARCA's excluding validations that matter to Cubierto's vouchers — numbering (10016),
 *    totals (10048, 10023, 10061, 10051), VAT lines (10018, 10019, 10022, 10070), services dates (10049),
 *    currency (10037/10039), receiver (10013, 10015, 10069), CondicionIVAReceptorId (10246, 10242, 10243),
 *    associated vouchers on credit notes (10197, 10040), amounts' precision (10056) — as Observaciones of a
 *    rejected (R) detail, the way ARCA reports them; it is stricter than ARCA on totals (exact to the centavo,
 *    where ARCA tolerates 0.01) so that a rounding slip of ours cannot hide. An approval gets a 14-digit CAE
 *    due ten days after the voucher's date.
 *  - `nextAnswer(kind)` shapes the next FECAESolicitar that passes validation: 'observe' (A with an
 *    observation), 'reject' (R with an error in Errors, 10242 by default), 'timeout' (authorised, then no answer
 *    at all — the caller must consult). `outage(true)` answers every request HTTP 503 with an HTML page, as
 *    ARCA's balancer does during its maintenance windows.
 */
import { createHmac, generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';
import { addDays, centavosToPesos, fromArcaDate, pesosToCentavos, validCuit } from './amounts.ts';
import { artTimestamp, CmsError, openCms } from './cms.ts';
import type { ArcaCaeRequest, ArcaMessage, ArcaVoucherType } from './types.ts';
import {
  child,
  childrenNamed,
  escapeXml,
  parseXml,
  SOAP_ENV,
  soapBody,
  textAt,
  type XmlElement,
} from './xml.ts';

export interface ArcaLocalPeerVoucher {
  pointOfSale: number;
  voucherType: number;
  number: number;
  cae: string;
  caeDueOn: string;
  totalCentavos: number;
  request: ArcaCaeRequest;
  observations: ArcaMessage[];
}

export interface ArcaLocalPeer {
  wsaaUrl: string;
  wsfeUrl: string;
  /** A generated test certificate (and its key) the peer trusts, for the CUIT below. */
  certificatePem: string;
  privateKeyPem: string;
  cuit: string;
  /** The next FECAESolicitar that passes validation answers this way once (see the file's comment). */
  nextAnswer(kind: 'approve' | 'observe' | 'reject' | 'timeout', message?: string): void;
  vouchers(): ArcaLocalPeerVoucher[];
  /** How many loginCms calls it answered (tickets and faults). */
  loginCount(): number;
  /** While on, every request is answered HTTP 503 with an HTML page. */
  outage(on: boolean): void;
  close(): Promise<void>;
}

export interface ArcaLocalPeerOptions {
  port?: number;
  host?: string;
  /** Lifetime of the tickets it issues, default 12 h. */
  ticketTtlMs?: number;
  /**
   * The last voucher of a sequence authorised before this peer started or by another instance's peer (the
   * app's database): ARCA's numbering outlives a process, so a restarted app, or two on one database, go
   * on from the database's last number instead of numbering from 1 again. Read before each
   * FECompUltimoAutorizado and FECAESolicitar.
   */
  authorisedElsewhere?: (
    pointOfSale: number,
    voucherType: number,
  ) => Promise<{ number: number; issuedOn: string } | null>;
}

const WSAA_PATH = '/ws/services/LoginCms';
const WSFE_PATH = '/wsfev1/service.asmx';
const FEV1 = 'http://ar.gov.afip.dif.FEV1/';
const TEST_CUIT = '20111111112';
const ARCA_CUIT = '33693450239';
const WSDL_DIR = new URL('./wsdl/', import.meta.url);

/** FEParamGetCondicionIvaReceptor as ARCA answers it (Id, Desc, Cmp_Clase). */
const RECEIVER_IVA_CONDITIONS: { id: number; description: string; classes: string }[] = [
  { id: 1, description: 'IVA Responsable Inscripto', classes: 'A/M/C' },
  { id: 6, description: 'Responsable Monotributo', classes: 'A/M/C' },
  { id: 13, description: 'Monotributista Social', classes: 'A/M/C' },
  { id: 16, description: 'Monotributo Trabajador Independiente Promovido', classes: 'A/M/C' },
  { id: 4, description: 'IVA Sujeto Exento', classes: 'B/C' },
  { id: 5, description: 'Consumidor Final', classes: 'B/C' },
  { id: 7, description: 'Sujeto No Categorizado', classes: 'B/C' },
  { id: 8, description: 'Proveedor del Exterior', classes: 'B/C' },
  { id: 9, description: 'Cliente del Exterior', classes: 'B/C' },
  { id: 10, description: 'IVA Liberado – Ley N° 19.640', classes: 'B/C' },
  { id: 15, description: 'IVA No Alcanzado', classes: 'B/C' },
];

/** AlicIva ids and their rates in basis points. */
const VAT_RATES_BP: Record<number, number> = { 3: 0, 4: 1050, 5: 2100, 6: 2700, 8: 500, 9: 250 };
const CLASS_A = new Set([1, 2, 3]);
const CLASS_B = new Set([6, 7, 8]);
const CREDIT_OR_DEBIT = new Set([2, 3, 7, 8]);
const ASSOCIABLE: Record<number, number[]> = {
  2: [1, 2, 3, 4, 5, 34, 39, 60, 63, 88, 991],
  3: [1, 2, 3, 4, 5, 34, 39, 60, 63, 88, 991],
  7: [6, 7, 8, 9, 10, 35, 40, 61, 64, 88, 991],
  8: [6, 7, 8, 9, 10, 35, 40, 61, 64, 88, 991],
};

/** ARCA's messages, word for word where they are known. */
const MESSAGES = {
  10004: 'Campo <PtoVta> debe estar comprendido entre 1 y 99998.',
  10007: 'Campo CbteTipo no es valido. Consultar metodo FEParamGetTiposCbte.',
  10001:
    'Cantidad de registros de detalle del comprobante o lote de comprobantes de ingreso <CantReg> debe estar comprendido entre 1 y 9998.',
  10002:
    'La cantidad de registros del detalle del comprobante o lote de comprobantes de ingreso debe ser igual a lo informado en cabecera del comprobante o lote de comprobantes de ingreso <CantReg>',
  10011: 'Campo <CbteHasta> debe ser igual a <CbteDesde>.',
  10013: 'Para comprobantes clase "A" el campo DocTipo debe ser 80 (CUIT).',
  10015: 'El campo DocNro es invalido para el tipo de documento informado.',
  10016:
    'El numero o fecha del comprobante no se corresponde con el proximo a autorizar. Consultar metodo FECompUltimoAutorizado.',
  10018: 'Si ImpIva es mayor a 0 el objeto IVA y AlicIva son obligatorios.',
  10019:
    'El campo Id en AlicIVA es obligatorio y debe ser un valor devuelto por el método FEParamGetTiposIva.',
  10022: 'El campo Id en AlicIVA no debe repetirse. Deberá totalizarse por alícuota.',
  10023: 'La suma de los campos Importe en IVA debe ser igual al valor ingresado en ImpIVA.',
  10030:
    'El campo <Concepto> es obligatorio y debe corresponder con algún valor devuelto por el método FEParamGetTiposConcepto.',
  10037:
    'El campo <MonId> es obligatorio y debe corresponder a algún valor devuelto por el método FEParamGetTiposMonedas.',
  10039: 'El campo <MonCotiz> es obligatorio, e igual a 1 cuando se trate de <MonId>=PES.',
  10040: 'El tipo de comprobante asociado no se corresponde con el tipo de comprobante a autorizar.',
  10041:
    'El comprobante asociado no obra en las bases del organismo para el punto de venta y tipo de comprobante informado.',
  10048:
    'El campo "Importe Total" ImpTotal, debe ser igual a la suma de ImpTotConc + ImpNeto + ImpOpEx + ImpTrib + ImpIVA.',
  10049:
    'Los campos <FchServDesde>, <FchServHasta>, <FchVtoPago> son obligatorios cuando el campo <Concepto> es igual a 2 o 3, con formato yyyymmdd.',
  10051: 'Los importes informados en AlicIVA se deben corresponder según el tipo de iva seleccionado.',
  10056: 'Los importes deben informarse con la precisión indicada (hasta 2 decimales).',
  10061: 'La suma de los campos BaseImp en AlicIva debe ser igual al valor ingresado en ImpNeto.',
  10063:
    'Para comprobantes Clase "A" el receptor del comprobante informado en <DocTipo> y <DocNro> debe corresponder a un contribuyente activo en el Impuesto al Valor Agregado o Responsable Monotributo.',
  10069: 'El N° de documento del receptor del comprobante no puede ser igual al del emisor.',
  10070: 'Si el importe neto es mayor a cero, es obligatorio informar el array de iva.',
  10197:
    'Si el comprobante es Debito o Credito, se deberá informar de forma obligatoria los campos Fecha Comprobantes Asociados Desde/Hasta, o al menos un comprobante asociado.',
  10242:
    'El campo de identificación de la Condición de IVA del receptor no es un valor permitido. Para mayor detalle consular el método FEParamGetCondicionIvaReceptor.',
  10243:
    'El campo de identificación de Condición de IVA del receptor no es valido para la clase de comprobante informado. Para mas detalle consultar el Método: FEParamGetCondicionIvaReceptor',
  10246:
    'Campo Condición Frente al IVA del receptor es obligatorio conforme a lo reglamentado por la Resolución General N° 5616. Para mas información consular método FEParamGetCondicionIvaReceptor.',
  600: 'ValidacionDeToken: No se corresponden token y firma. Usuario no autorizado a realizar esta operación.',
  601: 'CUIT representada no incluida en token.',
  602: 'No existen datos en nuestros registros para los parametros ingresados.',
} as const;

interface IssuedTicket {
  token: string;
  sign: string;
  cuit: string;
  service: string;
  generatedAt: Date;
  expiresAt: Date;
}

class WsaaFault extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

function makeCertificate(cuit: string): { certificatePem: string; privateKeyPem: string } {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const publicKeyPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
  certificate.serialNumber = `01${randomBytes(8).toString('hex')}`;
  certificate.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  certificate.validity.notAfter = new Date(Date.now() + 2 * 365 * 24 * 3600_000);
  const subject = [
    { name: 'countryName', value: 'AR' },
    { name: 'organizationName', value: 'Cubierto (desarrollo)' },
    { name: 'commonName', value: 'cubierto-local-arca' },
    { type: '2.5.4.5', value: `CUIT ${cuit}` },
  ];
  certificate.setSubject(subject);
  certificate.setIssuer(subject);
  certificate.sign(forge.pki.privateKeyFromPem(privateKeyPem), forge.md.sha256.create());
  return { certificatePem: forge.pki.certificateToPem(certificate), privateKeyPem };
}

function soapEnvelope(body: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP_ENV}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>${body}</soap:Body></soap:Envelope>`;
}

function axisFault(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_ENV}" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body><soapenv:Fault><faultcode xmlns:ns1="http://xml.apache.org/axis/">ns1:${escapeXml(code)}</faultcode><faultstring>${escapeXml(message)}</faultstring><detail><ns2:exceptionName xmlns:ns2="http://xml.apache.org/axis/">gov.afip.desein.dvadac.sua.view.wsaa.LoginFault</ns2:exceptionName><ns3:hostname xmlns:ns3="http://xml.apache.org/axis/">wsaa-local</ns3:hostname></detail></soapenv:Fault></soapenv:Body></soapenv:Envelope>`;
}

function aspNetFault(code: 'Client' | 'Server', message: string): string {
  return soapEnvelope(
    `<soap:Fault><faultcode>soap:${code}</faultcode><faultstring>${escapeXml(message)}</faultstring><detail /></soap:Fault>`,
  );
}

function messagesXml(wrapper: string, item: string, messages: ArcaMessage[]): string {
  if (messages.length === 0) return '';
  return `<${wrapper}>${messages.map((m) => `<${item}><Code>${m.code}</Code><Msg>${escapeXml(m.message)}</Msg></${item}>`).join('')}</${wrapper}>`;
}

function arcaMessage(code: keyof typeof MESSAGES): ArcaMessage {
  return { code, message: MESSAGES[code] };
}

function yyyymmdd(date: Date): string {
  return artTimestamp(date).slice(0, 10).replaceAll('-', '');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 1_000_000) {
        reject(new Error('Request too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** An amount element in centavos; `null` when absent; throws RangeError when it has more than two decimals. */
function amount(element: XmlElement | undefined, local: string): number | null {
  const text = textAt(element, local);
  if (text === undefined || text === '') return null;
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not an amount: ${text}`);
  const decimals = (match[2] ?? '').replace(/0+$/, '');
  if (decimals.length > 2) throw new RangeError(`More than two decimals: ${text}`);
  return pesosToCentavos(`${match[1]}.${decimals}`);
}

function integer(element: XmlElement | undefined, local: string): number | null {
  const text = textAt(element, local);
  return text !== undefined && /^\d+$/.test(text) ? Number(text) : null;
}

export async function startArcaLocalPeer(options: ArcaLocalPeerOptions = {}): Promise<ArcaLocalPeer> {
  const ticketTtlMs = options.ticketTtlMs ?? 12 * 3600_000;
  const { certificatePem, privateKeyPem } = makeCertificate(TEST_CUIT);
  const trustedDer = forge.asn1
    .toDer(forge.pki.certificateToAsn1(forge.pki.certificateFromPem(certificatePem)))
    .getBytes();
  const signingSecret = randomBytes(32);
  const wsaaWsdl = readFileSync(new URL('LoginCms.wsdl', WSDL_DIR), 'utf8');
  const wsfeWsdl = readFileSync(new URL('wsfev1.wsdl', WSDL_DIR), 'utf8');

  const tickets = new Map<string, IssuedTicket>();
  const lastTicket = new Map<string, IssuedTicket>();
  const vouchers: ArcaLocalPeerVoucher[] = [];
  const hanging = new Set<ServerResponse>();
  let logins = 0;
  let down = false;
  let next: { kind: 'approve' | 'observe' | 'reject' | 'timeout'; message: string | undefined } | null = null;
  let baseUrl = '';

  // ---- WSAA ----------------------------------------------------------------------------------------------

  function login(body: XmlElement): string {
    const in0 = textAt(body, 'loginCms', 'in0');
    if (!in0) throw new WsaaFault('xml.bad', 'No se pudo analizar el XML de entrada');
    let opened: ReturnType<typeof openCms>;
    try {
      opened = openCms(in0);
    } catch (error) {
      if (error instanceof CmsError) throw new WsaaFault(error.code, error.message);
      throw new WsaaFault('cms.bad', 'El CMS no es valido');
    }
    const signerDer = forge.asn1
      .toDer(forge.pki.certificateToAsn1(forge.pki.certificateFromPem(opened.certificatesPem[0] as string)))
      .getBytes();
    if (signerDer !== trustedDer) {
      throw new WsaaFault('cms.cert.untrusted', 'Certificado no emitido por AC de confianza');
    }
    if (!opened.signatureValid)
      throw new WsaaFault('cms.sign.invalid', 'Firma inválida o algoritmo no soportado');
    let tra: XmlElement;
    try {
      tra = parseXml(opened.content);
    } catch {
      throw new WsaaFault('xml.bad', 'No se pudo analizar el XML de entrada');
    }
    if (tra.local !== 'loginTicketRequest')
      throw new WsaaFault('xml.bad', 'No se pudo analizar el XML de entrada');
    if (tra.attributes.version !== '1.0') {
      throw new WsaaFault('xml.version.notSupported', 'Version del TRA no soportada');
    }
    const now = Date.now();
    const generation = Date.parse(textAt(tra, 'header', 'generationTime') ?? '');
    const expiration = Date.parse(textAt(tra, 'header', 'expirationTime') ?? '');
    if (!/^\d+$/.test(textAt(tra, 'header', 'uniqueId') ?? '')) {
      throw new WsaaFault('xml.bad', 'No se pudo analizar el XML de entrada');
    }
    if (Number.isNaN(generation) || generation > now + 60_000) {
      throw new WsaaFault(
        'xml.generationTime.invalid',
        'El campo generationTime posee un formato invalido o es posterior a la hora actual',
      );
    }
    if (Number.isNaN(expiration) || expiration <= generation || expiration - generation > 24 * 3600_000) {
      throw new WsaaFault('xml.expirationTime.invalid', 'El campo expirationTime posee un formato invalido');
    }
    if (expiration <= now)
      throw new WsaaFault('xml.expirationTime.expired', 'El campo expirationTime del TRA está vencido');
    const service = textAt(tra, 'service') ?? '';
    if (service !== 'wsfe') {
      if (['ws_sr_padron_a4', 'ws_sr_padron_a5', 'wsfex', 'wsmtxca', 'wsfecred'].includes(service)) {
        throw new WsaaFault('coe.notAuthorized', 'Computador no autorizado a acceder al servicio');
      }
      throw new WsaaFault('wsn.notFound', 'Servicio informado inexistente');
    }
    const previous = lastTicket.get(`${TEST_CUIT}:${service}`);
    if (previous && previous.expiresAt.getTime() > now) {
      throw new WsaaFault(
        'coe.alreadyAuthenticated',
        'El CEE ya posee un TA valido para el acceso al WSN solicitado',
      );
    }
    const generatedAt = new Date(now);
    const expiresAt = new Date(now + ticketTtlMs);
    const uniqueId = randomInt(1, 2 ** 31);
    const sso = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sso version="2.0"><id src="CN=wsaa-local, O=AFIP, C=AR, SERIALNUMBER=CUIT ${ARCA_CUIT}" dst="CN=wsfe, O=AFIP, C=AR" unique_id="${uniqueId}" gen_time="${Math.floor(now / 1000)}" exp_time="${Math.floor(expiresAt.getTime() / 1000)}"/><operation type="login" value="granted"><login entity="${ARCA_CUIT}" service="${service}" uid="SERIALNUMBER=CUIT ${TEST_CUIT}, CN=cubierto-local-arca" authmethod="cms" regmethod="22"><relations><relation key="${TEST_CUIT}" reltype="4"/></relations></login></operation></sso>`;
    const token = Buffer.from(sso, 'utf8').toString('base64');
    const sign = createHmac('sha256', signingSecret).update(token).digest('base64');
    const issued: IssuedTicket = { token, sign, cuit: TEST_CUIT, service, generatedAt, expiresAt };
    tickets.set(token, issued);
    lastTicket.set(`${TEST_CUIT}:${service}`, issued);
    const response = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><loginTicketResponse version="1.0"><header><source>CN=wsaa-local, O=AFIP, C=AR, SERIALNUMBER=CUIT ${ARCA_CUIT}</source><destination>SERIALNUMBER=CUIT ${TEST_CUIT}, CN=cubierto-local-arca</destination><uniqueId>${uniqueId}</uniqueId><generationTime>${artTimestamp(generatedAt).replace('-03:00', '.000-03:00')}</generationTime><expirationTime>${artTimestamp(expiresAt).replace('-03:00', '.000-03:00')}</expirationTime></header><credentials><token>${token}</token><sign>${sign}</sign></credentials></loginTicketResponse>`;
    return `<?xml version="1.0" encoding="utf-8"?><soapenv:Envelope xmlns:soapenv="${SOAP_ENV}" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body><loginCmsResponse xmlns="http://wsaa.view.sua.dvadac.desein.afip.gov"><loginCmsReturn>${escapeXml(response)}</loginCmsReturn></loginCmsResponse></soapenv:Body></soapenv:Envelope>`;
  }

  // ---- WSFEv1 --------------------------------------------------------------------------------------------

  /** The Auth check: null when it passes, else the error ARCA answers. */
  function authError(operation: XmlElement): ArcaMessage | null {
    const token = textAt(operation, 'Auth', 'Token') ?? '';
    const sign = textAt(operation, 'Auth', 'Sign') ?? '';
    const cuit = textAt(operation, 'Auth', 'Cuit') ?? '';
    const issued = tickets.get(token);
    if (!issued || issued.sign !== sign) return arcaMessage(600);
    const now = Date.now();
    if (issued.expiresAt.getTime() <= now) {
      return {
        code: 600,
        message: `ValidacionDeToken: No validaron las fechas del token GenTime, ExpTime, NowUTC: ${Math.floor(issued.generatedAt.getTime() / 1000)} (${issued.generatedAt.toISOString()}), ${Math.floor(issued.expiresAt.getTime() / 1000)} (${issued.expiresAt.toISOString()}), ${new Date(now).toISOString()}`,
      };
    }
    if (cuit !== issued.cuit) return arcaMessage(601);
    return null;
  }

  /** The last numbers authorised elsewhere, by sequence ('pointOfSale/voucherType'), read per request. */
  const elsewhere = new Map<string, { number: number; issuedOn: string }>();

  async function readElsewhere(pointOfSale: number, voucherType: number): Promise<void> {
    if (!options.authorisedElsewhere) return;
    const last = await options.authorisedElsewhere(pointOfSale, voucherType);
    if (last) elsewhere.set(`${pointOfSale}/${voucherType}`, last);
  }

  function lastNumber(
    pointOfSale: number,
    voucherType: number,
  ): { number: number; issuedOn: string } | undefined {
    const own = vouchers
      .filter((v) => v.pointOfSale === pointOfSale && v.voucherType === voucherType)
      .sort((a, b) => b.number - a.number)[0];
    const other = elsewhere.get(`${pointOfSale}/${voucherType}`);
    if (other && (!own || other.number > own.number)) return other;
    return own && { number: own.number, issuedOn: own.request.issuedOn };
  }

  function result(operation: string, inner: string): string {
    return soapEnvelope(
      `<${operation}Response xmlns="${FEV1}"><${operation}Result>${inner}</${operation}Result></${operation}Response>`,
    );
  }

  function ultimoAutorizado(op: XmlElement): string {
    const denied = authError(op);
    const pointOfSale = integer(op, 'PtoVta') ?? 0;
    const voucherType = integer(op, 'CbteTipo') ?? 0;
    if (denied) {
      return result(
        'FECompUltimoAutorizado',
        `<PtoVta>0</PtoVta><CbteTipo>0</CbteTipo><CbteNro>0</CbteNro>${messagesXml('Errors', 'Err', [denied])}`,
      );
    }
    const errors: ArcaMessage[] = [];
    if (pointOfSale < 1 || pointOfSale > 99998) errors.push(arcaMessage(10004));
    if (!CLASS_A.has(voucherType) && !CLASS_B.has(voucherType)) errors.push(arcaMessage(10007));
    const last = errors.length ? 0 : (lastNumber(pointOfSale, voucherType)?.number ?? 0);
    return result(
      'FECompUltimoAutorizado',
      `<PtoVta>${pointOfSale}</PtoVta><CbteTipo>${voucherType}</CbteTipo><CbteNro>${last}</CbteNro>${messagesXml('Errors', 'Err', errors)}`,
    );
  }

  /** Reads FECAEDetRequest into a Cubierto request, collecting ARCA's excluding validations. */
  function validateDetail(
    pointOfSale: number,
    voucherType: number,
    detail: XmlElement,
  ): { request: ArcaCaeRequest | null; problems: ArcaMessage[] } {
    const problems: ArcaMessage[] = [];
    const add = (code: keyof typeof MESSAGES) => {
      if (!problems.some((p) => p.code === code)) problems.push(arcaMessage(code));
    };
    let amounts: Record<string, number | null>;
    const vat: ArcaCaeRequest['vat'] = [];
    try {
      amounts = Object.fromEntries(
        ['ImpTotal', 'ImpTotConc', 'ImpNeto', 'ImpOpEx', 'ImpTrib', 'ImpIVA'].map((k) => [
          k,
          amount(detail, k),
        ]),
      );
      for (const line of childrenNamed(child(detail, 'Iva'), 'AlicIva')) {
        const rateId = integer(line, 'Id') ?? -1;
        const baseCentavos = amount(line, 'BaseImp') ?? 0;
        const amountCentavos = amount(line, 'Importe') ?? 0;
        if (!(rateId in VAT_RATES_BP)) add(10019);
        else if (vat.some((v) => v.rateId === rateId)) add(10022);
        vat.push({ rateId: rateId as ArcaCaeRequest['vat'][number]['rateId'], baseCentavos, amountCentavos });
      }
    } catch {
      add(10056);
      return { request: null, problems };
    }
    const total = amounts.ImpTotal ?? 0;
    const untaxed = amounts.ImpTotConc ?? 0;
    const net = amounts.ImpNeto ?? 0;
    const exempt = amounts.ImpOpEx ?? 0;
    const otherTaxes = amounts.ImpTrib ?? 0;
    const vatTotal = amounts.ImpIVA ?? 0;
    const concept = integer(detail, 'Concepto');
    if (concept === null || ![1, 2, 3].includes(concept)) add(10030);
    const docType = integer(detail, 'DocTipo') ?? -1;
    const docNumber = textAt(detail, 'DocNro') ?? '';
    if (CLASS_A.has(voucherType) && docType !== 80) add(10013);
    if (docType === 99 ? docNumber !== '0' : !/^\d{1,11}$/.test(docNumber) || docNumber === '0') add(10015);
    if ((docType === 80 || docType === 86) && !validCuit(docNumber)) add(10015);
    if (docNumber === TEST_CUIT) add(10069);
    const from = integer(detail, 'CbteDesde') ?? 0;
    const to = integer(detail, 'CbteHasta') ?? 0;
    if (from !== to) add(10011);
    const issuedOnRaw = textAt(detail, 'CbteFch') ?? yyyymmdd(new Date());
    const last = lastNumber(pointOfSale, voucherType);
    let issuedOn = '';
    try {
      issuedOn = fromArcaDate(issuedOnRaw);
    } catch {
      add(10016);
    }
    if (from !== (last?.number ?? 0) + 1 || (last && issuedOn < last.issuedOn)) add(10016);
    const dates = ['FchServDesde', 'FchServHasta', 'FchVtoPago'].map((k) => textAt(detail, k) ?? '');
    const isoDates = dates.map((d) => (/^\d{8}$/.test(d) ? fromArcaDate(d) : ''));
    if ((concept === 2 || concept === 3) && isoDates.some((d) => d === '')) add(10049);
    if (textAt(detail, 'MonId') !== 'PES') add(10037);
    else if (!/^1(\.0+)?$/.test(textAt(detail, 'MonCotiz') ?? '')) add(10039);
    if (total !== untaxed + net + exempt + otherTaxes + vatTotal) add(10048);
    const isCreditOrDebit = CREDIT_OR_DEBIT.has(voucherType);
    if (vatTotal > 0 && vat.length === 0) add(10018);
    if (net > 0 && vat.length === 0) add(10070);
    if (vat.length > 0 && vat.reduce((s, v) => s + v.amountCentavos, 0) !== vatTotal) add(10023);
    if (!isCreditOrDebit && vat.length > 0 && vat.reduce((s, v) => s + v.baseCentavos, 0) !== net) add(10061);
    if (!isCreditOrDebit) {
      for (const line of vat) {
        const rate = VAT_RATES_BP[line.rateId];
        // ARCA: the amount must match base × rate within 0,01 (compared in centavos × 10 000, all integers).
        if (
          rate !== undefined &&
          Math.abs(line.amountCentavos * 10_000 - line.baseCentavos * rate) > 10_000
        ) {
          add(10051);
        }
      }
    }
    const ivaConditionText = textAt(detail, 'CondicionIVAReceptorId');
    const ivaConditionId =
      ivaConditionText && /^\d+$/.test(ivaConditionText) ? Number(ivaConditionText) : null;
    if (ivaConditionId === null) add(10246);
    else {
      const condition = RECEIVER_IVA_CONDITIONS.find((c) => c.id === ivaConditionId);
      if (!condition) add(10242);
      else if (!condition.classes.split('/').includes(CLASS_A.has(voucherType) ? 'A' : 'B')) add(10243);
    }
    const associatedElements = childrenNamed(child(detail, 'CbtesAsoc'), 'CbteAsoc');
    let associated: ArcaCaeRequest['associated'];
    if (isCreditOrDebit && associatedElements.length === 0 && !child(detail, 'PeriodoAsoc')) add(10197);
    if (associatedElements.length > 0) {
      const first = associatedElements[0] as XmlElement;
      const type = integer(first, 'Tipo') ?? 0;
      if (!ASSOCIABLE[voucherType]?.includes(type)) add(10040);
      const date = textAt(first, 'CbteFch');
      associated = {
        voucherType: type as ArcaVoucherType,
        pointOfSale: integer(first, 'PtoVta') ?? 0,
        number: integer(first, 'Nro') ?? 0,
        issuedOn: date && /^\d{8}$/.test(date) ? fromArcaDate(date) : '',
      };
    }
    const request: ArcaCaeRequest = {
      pointOfSale,
      voucherType: voucherType as ArcaVoucherType,
      number: from,
      issuedOn,
      concept: concept as 2,
      serviceFrom: isoDates[0] ?? '',
      serviceTo: isoDates[1] ?? '',
      paymentDueOn: isoDates[2] ?? '',
      receiver: { docType: docType as 80, docNumber, ivaConditionId: ivaConditionId ?? 0 },
      totalCentavos: total,
      untaxedCentavos: untaxed,
      netCentavos: net,
      exemptCentavos: exempt,
      vatCentavos: vatTotal,
      otherTaxesCentavos: otherTaxes,
      vat,
      ...(associated ? { associated } : {}),
    };
    return { request, problems };
  }

  function caeSolicitar(op: XmlElement, res: ServerResponse): string | null {
    const cab = child(child(op, 'FeCAEReq'), 'FeCabReq');
    const details = childrenNamed(child(child(op, 'FeCAEReq'), 'FeDetReq'), 'FECAEDetRequest');
    const pointOfSale = integer(cab, 'PtoVta') ?? 0;
    const voucherType = integer(cab, 'CbteTipo') ?? 0;
    const count = integer(cab, 'CantReg') ?? 0;
    const processedAt = `${yyyymmdd(new Date())}${artTimestamp(new Date()).slice(11, 19).replaceAll(':', '')}`;
    const header = (outcome: 'A' | 'R') =>
      `<FeCabResp><Cuit>${escapeXml(textAt(op, 'Auth', 'Cuit') ?? '')}</Cuit><PtoVta>${pointOfSale}</PtoVta><CbteTipo>${voucherType}</CbteTipo><FchProceso>${processedAt}</FchProceso><CantReg>${count}</CantReg><Resultado>${outcome}</Resultado><Reproceso>N</Reproceso></FeCabResp>`;
    const denied = authError(op);
    const headerErrors: ArcaMessage[] = denied ? [denied] : [];
    if (!denied) {
      if (count < 1 || count > 9998) headerErrors.push(arcaMessage(10001));
      else if (count !== details.length || details.length !== 1) headerErrors.push(arcaMessage(10002));
      if (pointOfSale < 1 || pointOfSale > 99998) headerErrors.push(arcaMessage(10004));
      if (!CLASS_A.has(voucherType) && !CLASS_B.has(voucherType)) headerErrors.push(arcaMessage(10007));
    }
    if (headerErrors.length > 0) {
      return result('FECAESolicitar', `${header('R')}${messagesXml('Errors', 'Err', headerErrors)}`);
    }
    const detail = details[0] as XmlElement;
    const { request, problems } = validateDetail(pointOfSale, voucherType, detail);
    const detailXml = (outcome: 'A' | 'R', observations: ArcaMessage[], cae = '', caeDue = '') =>
      `<FeDetResp><FECAEDetResponse><Concepto>${escapeXml(textAt(detail, 'Concepto') ?? '')}</Concepto><DocTipo>${escapeXml(textAt(detail, 'DocTipo') ?? '')}</DocTipo><DocNro>${escapeXml(textAt(detail, 'DocNro') ?? '')}</DocNro><CbteDesde>${escapeXml(textAt(detail, 'CbteDesde') ?? '')}</CbteDesde><CbteHasta>${escapeXml(textAt(detail, 'CbteHasta') ?? '')}</CbteHasta><CbteFch>${escapeXml(textAt(detail, 'CbteFch') ?? '')}</CbteFch><Resultado>${outcome}</Resultado>${messagesXml('Observaciones', 'Obs', observations)}<CAE>${cae}</CAE><CAEFchVto>${caeDue}</CAEFchVto></FECAEDetResponse></FeDetResp>`;
    if (!request || problems.length > 0) {
      return result('FECAESolicitar', `${header('R')}${detailXml('R', problems)}`);
    }
    const answer = next ?? { kind: 'approve', message: undefined };
    next = null;
    if (answer.kind === 'reject') {
      const error: ArcaMessage = answer.message
        ? { code: 10242, message: answer.message }
        : arcaMessage(10242);
      return result(
        'FECAESolicitar',
        `${header('R')}${detailXml('R', [])}${messagesXml('Errors', 'Err', [error])}`,
      );
    }
    const observations: ArcaMessage[] =
      answer.kind === 'observe'
        ? [answer.message ? { code: 10063, message: answer.message } : arcaMessage(10063)]
        : [];
    const cae = `${randomInt(1, 10)}${Array.from({ length: 13 }, () => randomInt(0, 10)).join('')}`;
    const caeDueOn = addDays(request.issuedOn, 10);
    vouchers.push({
      pointOfSale,
      voucherType,
      number: request.number,
      cae,
      caeDueOn,
      totalCentavos: request.totalCentavos,
      request,
      observations,
    });
    if (answer.kind === 'timeout') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return null;
    }
    return result(
      'FECAESolicitar',
      `${header('A')}${detailXml('A', observations, cae, caeDueOn.replaceAll('-', ''))}`,
    );
  }

  function compConsultar(op: XmlElement): string {
    const denied = authError(op);
    if (denied) return result('FECompConsultar', messagesXml('Errors', 'Err', [denied]));
    const query = child(op, 'FeCompConsReq');
    const pointOfSale = integer(query, 'PtoVta') ?? 0;
    const voucherType = integer(query, 'CbteTipo') ?? 0;
    const number = integer(query, 'CbteNro') ?? 0;
    const found = vouchers.find(
      (v) => v.pointOfSale === pointOfSale && v.voucherType === voucherType && v.number === number,
    );
    if (!found) return result('FECompConsultar', messagesXml('Errors', 'Err', [arcaMessage(602)]));
    const r = found.request;
    const d = (iso: string) => iso.replaceAll('-', '');
    const vatXml = r.vat.length
      ? `<Iva>${r.vat.map((v) => `<AlicIva><Id>${v.rateId}</Id><BaseImp>${centavosToPesos(v.baseCentavos)}</BaseImp><Importe>${centavosToPesos(v.amountCentavos)}</Importe></AlicIva>`).join('')}</Iva>`
      : '';
    const associatedXml = r.associated
      ? `<CbtesAsoc><CbteAsoc><Tipo>${r.associated.voucherType}</Tipo><PtoVta>${r.associated.pointOfSale}</PtoVta><Nro>${r.associated.number}</Nro><Cuit>${TEST_CUIT}</Cuit><CbteFch>${d(r.associated.issuedOn)}</CbteFch></CbteAsoc></CbtesAsoc>`
      : '';
    return result(
      'FECompConsultar',
      `<ResultGet><Concepto>${r.concept}</Concepto><DocTipo>${r.receiver.docType}</DocTipo><DocNro>${escapeXml(r.receiver.docNumber)}</DocNro><CbteDesde>${r.number}</CbteDesde><CbteHasta>${r.number}</CbteHasta><CbteFch>${d(r.issuedOn)}</CbteFch><ImpTotal>${centavosToPesos(r.totalCentavos)}</ImpTotal><ImpTotConc>${centavosToPesos(r.untaxedCentavos)}</ImpTotConc><ImpNeto>${centavosToPesos(r.netCentavos)}</ImpNeto><ImpOpEx>${centavosToPesos(r.exemptCentavos)}</ImpOpEx><ImpTrib>${centavosToPesos(r.otherTaxesCentavos)}</ImpTrib><ImpIVA>${centavosToPesos(r.vatCentavos)}</ImpIVA><FchServDesde>${d(r.serviceFrom)}</FchServDesde><FchServHasta>${d(r.serviceTo)}</FchServHasta><FchVtoPago>${d(r.paymentDueOn)}</FchVtoPago><MonId>PES</MonId><MonCotiz>1</MonCotiz><CondicionIVAReceptorId>${r.receiver.ivaConditionId}</CondicionIVAReceptorId>${associatedXml}${vatXml}<Resultado>A</Resultado><CodAutorizacion>${found.cae}</CodAutorizacion><EmisionTipo>CAE</EmisionTipo><FchVto>${d(found.caeDueOn)}</FchVto><FchProceso>${d(r.issuedOn)}000000</FchProceso>${messagesXml('Observaciones', 'Obs', found.observations)}<PtoVta>${found.pointOfSale}</PtoVta><CbteTipo>${found.voucherType}</CbteTipo></ResultGet>`,
    );
  }

  function condicionIvaReceptor(op: XmlElement): string {
    const denied = authError(op);
    if (denied) return result('FEParamGetCondicionIvaReceptor', messagesXml('Errors', 'Err', [denied]));
    const wanted = textAt(op, 'ClaseCmp');
    const list = RECEIVER_IVA_CONDITIONS.filter((c) => !wanted || c.classes.split('/').includes(wanted));
    return result(
      'FEParamGetCondicionIvaReceptor',
      `<ResultGet>${list.map((c) => `<CondicionIvaReceptor><Id>${c.id}</Id><Desc>${escapeXml(c.description)}</Desc><Cmp_Clase>${c.classes}</Cmp_Clase></CondicionIvaReceptor>`).join('')}</ResultGet>`,
    );
  }

  // ---- HTTP ----------------------------------------------------------------------------------------------

  function send(res: ServerResponse, status: number, contentType: string, body: string): void {
    res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://peer');
    const path = url.pathname.toLowerCase();
    if (down) {
      send(res, 503, 'text/html', '<html><body><h1>503 Service Unavailable</h1></body></html>');
      return;
    }
    const isWsaa = path === WSAA_PATH.toLowerCase();
    const isWsfe = path === WSFE_PATH.toLowerCase();
    if (!isWsaa && !isWsfe) {
      send(res, 404, 'text/plain', 'Not found');
      return;
    }
    if (req.method === 'GET' && [...url.searchParams.keys()].some((k) => k.toLowerCase() === 'wsdl')) {
      const wsdl = isWsaa
        ? wsaaWsdl.replace(/location="[^"]*"/, `location="${baseUrl}${WSAA_PATH}"`)
        : wsfeWsdl.replace(/location="[^"]*"/, `location="${baseUrl}${WSFE_PATH}"`);
      send(res, 200, 'text/xml; charset=utf-8', wsdl);
      return;
    }
    if (req.method !== 'POST') {
      send(res, 405, 'text/plain', 'Method not allowed');
      return;
    }
    const raw = await readBody(req);
    let body: XmlElement;
    try {
      body = soapBody(raw);
    } catch {
      if (isWsaa) logins += 1;
      send(
        res,
        500,
        'text/xml; charset=utf-8',
        isWsaa
          ? axisFault('xml.bad', 'No se pudo analizar el XML de entrada')
          : aspNetFault('Client', 'Server was unable to read request.'),
      );
      return;
    }
    if (isWsaa) {
      logins += 1;
      try {
        send(res, 200, 'text/xml; charset=utf-8', login(body));
      } catch (error) {
        const fault =
          error instanceof WsaaFault ? error : new WsaaFault('wsaa.internalError', 'Error interno');
        send(res, 500, 'text/xml; charset=utf-8', axisFault(fault.code, fault.message));
      }
      return;
    }
    const op = body.children[0];
    const answer = (xml: string | null) => {
      if (xml !== null) send(res, 200, 'text/xml; charset=utf-8', xml);
    };
    switch (op?.local) {
      case 'FEDummy':
        return answer(
          result('FEDummy', '<AppServer>OK</AppServer><DbServer>OK</DbServer><AuthServer>OK</AuthServer>'),
        );
      case 'FECompUltimoAutorizado':
        await readElsewhere(integer(op, 'PtoVta') ?? 0, integer(op, 'CbteTipo') ?? 0);
        return answer(ultimoAutorizado(op));
      case 'FECAESolicitar': {
        const cab = child(child(op, 'FeCAEReq'), 'FeCabReq');
        await readElsewhere(integer(cab, 'PtoVta') ?? 0, integer(cab, 'CbteTipo') ?? 0);
        return answer(caeSolicitar(op, res));
      }
      case 'FECompConsultar':
        return answer(compConsultar(op));
      case 'FEParamGetCondicionIvaReceptor':
        return answer(condicionIvaReceptor(op));
      default:
        send(
          res,
          500,
          'text/xml; charset=utf-8',
          aspNetFault(
            'Client',
            `Server did not recognize the value of HTTP Header SOAPAction: ${req.headers.soapaction ?? ''}.`,
          ),
        );
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent)
        send(
          res,
          500,
          'text/xml; charset=utf-8',
          aspNetFault('Server', 'Server was unable to process request.'),
        );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  baseUrl = `http://${host}:${address.port}`;

  return {
    wsaaUrl: `${baseUrl}${WSAA_PATH}`,
    wsfeUrl: `${baseUrl}${WSFE_PATH}`,
    certificatePem,
    privateKeyPem,
    cuit: TEST_CUIT,
    nextAnswer(kind, message) {
      next = { kind, message };
    },
    vouchers: () => vouchers.map((v) => ({ ...v, request: structuredClone(v.request) })),
    loginCount: () => logins,
    outage(on) {
      down = on;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
