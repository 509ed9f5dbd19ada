/**
 * An invoice or credit note as a PDF, once ARCA authorised it: issuer, letter with its voucher code
 * ("Cód. 006"), point of sale and ARCA's number, recipient (the designated billing party with its document
 * and VAT condition), lines and totals, the CAE with its due date and the fiscal QR (RG 4892). An "A"
 * breaks IVA out (the recipient takes the credit); a "B" shows totals with IVA included, as ARCA's rules
 * for each letter ask. Before the CAE there is no PDF: `invoice_not_authorised` ("En proceso").
 */
import {
  formatArs,
  formatDocumentNumber,
  formatInvoiceNumber,
  type Invoice,
  TAX_CONDITION_LABELS,
} from '@cubierto/contracts';
import { eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { DbOrTx } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { arcaAmounts, arcaReceiver, RECEIVER_IVA_CONDITION, vatRateBpsOf, voucherCode } from './arca-job.ts';
import { findInvoice, type InvoiceOut } from './service.ts';

const BRAND = '#0b6e7f';
const ISSUER = {
  name: 'Cubierto S.A.',
  address: 'Av. Corrientes 1234, Ciudad Autónoma de Buenos Aires',
  condition: 'IVA Responsable inscripto',
};

/** Where the fiscal QR points (RG 4892): ARCA's page that shows the voucher, with its data in `p`. */
export const FISCAL_QR_URL = 'https://www.arca.gob.ar/fe/qr/?p=';

/** The fiscal QR's data (RG 4892, version 1): the voucher as ARCA authorised it. */
export type FiscalQrData = {
  ver: 1;
  fecha: string;
  cuit: number;
  ptoVta: number;
  tipoCmp: number;
  nroCmp: number;
  importe: number;
  moneda: 'PES';
  ctz: 1;
  tipoDocRec: number;
  nroDocRec: number;
  tipoCodAut: 'E';
  codAut: number;
};

/** The QR's data of an authorised document, issued by `cuit`. */
export function fiscalQrData(
  invoice: Pick<
    Invoice,
    'arca_voucher_type' | 'point_of_sale' | 'number' | 'total_cents' | 'cae' | 'recipient'
  > & {
    arcaIssuedOn: string;
  },
  cuit: string,
): FiscalQrData {
  const receiver = arcaReceiver({
    recipientDocumentType: invoice.recipient.document_type,
    recipientDocumentNumber: invoice.recipient.document_number,
  });
  return {
    ver: 1,
    fecha: invoice.arcaIssuedOn,
    cuit: Number(cuit.replace(/\D/g, '')),
    ptoVta: invoice.point_of_sale,
    tipoCmp: invoice.arca_voucher_type,
    nroCmp: invoice.number!,
    importe: Number((invoice.total_cents / 100).toFixed(2)),
    moneda: 'PES',
    ctz: 1,
    tipoDocRec: receiver.docType,
    nroDocRec: Number(receiver.docNumber),
    tipoCodAut: 'E',
    codAut: Number(invoice.cae),
  };
}

export function fiscalQrUrl(data: FiscalQrData): string {
  return FISCAL_QR_URL + Buffer.from(JSON.stringify(data), 'utf8').toString('base64');
}

/** 'IVA Responsable Inscripto' … as ARCA names the receiver's condition (RG 5616/2024). */
const IVA_CONDITION_NAMES: Record<number, string> = {
  [RECEIVER_IVA_CONDITION.responsable_inscripto]: 'IVA Responsable Inscripto',
  [RECEIVER_IVA_CONDITION.exento]: 'IVA Sujeto Exento',
  [RECEIVER_IVA_CONDITION.consumidor_final]: 'Consumidor Final',
  [RECEIVER_IVA_CONDITION.monotributo]: 'Responsable Monotributo',
};

function cuitPrinted(cuit: string): string {
  return formatDocumentNumber('CUIT', cuit.replace(/\D/g, ''));
}

/** '2026-11-26' → '26/11/2026'. */
function dateOnlyEs(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

export function invoiceFilename(invoice: Pick<InvoiceOut, 'kind' | 'letter' | 'full_number'>): string {
  const prefix = invoice.kind === 'invoice' ? 'factura' : 'nota-de-credito';
  return `${prefix}-${invoice.letter}-${invoice.full_number}.pdf`;
}

/**
 * GET /customers/invoices/{id}/pdf: one of the caller's invoices as a PDF, and its file name; a document
 * ARCA has not authorised yet answers invoice_not_authorised.
 */
export async function renderInvoicePdf(
  deps: { db: DbOrTx; arca: { cuit: string } },
  input: { userId: number; invoiceId: number },
): Promise<{ pdf: Buffer; filename: string }> {
  const invoice = await findInvoice(deps, input);
  if (invoice.arca_status !== 'autorizada' || invoice.number === null || !invoice.cae) {
    throw new AppError('invoice_not_authorised', {
      message: 'Tu factura está en proceso: ARCA todavía no la autorizó. Probá de nuevo en unos minutos.',
    });
  }
  const [stored] = await deps.db
    .select({ arcaIssuedOn: invoices.arcaIssuedOn, receiverIvaConditionId: invoices.receiverIvaConditionId })
    .from(invoices)
    .where(eq(invoices.id, invoice.id));
  const arcaIssuedOn = stored!.arcaIssuedOn!;
  const qrUrl = fiscalQrUrl(fiscalQrData({ ...invoice, arcaIssuedOn }, deps.arca.cuit));
  const qr = await QRCode.toBuffer(qrUrl, { errorCorrectionLevel: 'M', margin: 2, width: 400 });
  let associated: { label: string } | null = null;
  if (invoice.kind === 'credit_note' && invoice.invoice_id !== null) {
    const [original] = await deps.db.select().from(invoices).where(eq(invoices.id, invoice.invoice_id));
    if (original?.number != null)
      associated = {
        label: `Factura ${original.letter} ${formatInvoiceNumber(original.pointOfSale, original.number)} (Cód. ${voucherCode(original.arcaVoucherType)})`,
      };
  }
  const title = `${invoice.kind_label} ${invoice.letter}`;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `${title} ${invoice.full_number}`, Author: ISSUER.name },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.rect(0, 0, doc.page.width, 90).fill(BRAND);
  doc.fill('#ffffff').font('Helvetica-Bold').fontSize(22).text(title, 48, 28);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(
      `Punto de venta ${String(invoice.point_of_sale).padStart(4, '0')} · N° ${invoice.full_number} · Fecha ${dateOnlyEs(arcaIssuedOn)}`,
      48,
      58,
    );
  doc
    .font('Helvetica-Bold')
    .fontSize(40)
    .text(invoice.letter, doc.page.width - 48 - 60, 14, { width: 60, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Cód. ${voucherCode(invoice.arca_voucher_type)}`, doc.page.width - 48 - 60, 62, {
      width: 60,
      align: 'center',
    });

  let y = 110;
  const text = (
    value: string,
    x: number,
    options: { bold?: boolean; size?: number; width?: number } = {},
  ) => {
    doc
      .fill('#000000')
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(options.size ?? 10)
      .text(value, x, y, { width: options.width ?? 500 });
    y = doc.y + 2;
  };
  const section = (label: string) => {
    y += 8;
    doc.fill(BRAND).font('Helvetica-Bold').fontSize(12).text(label, 48, y);
    y = doc.y + 4;
  };

  section('Emisor');
  text(ISSUER.name, 48, { bold: true });
  text(`CUIT ${cuitPrinted(deps.arca.cuit)} · ${ISSUER.condition}`, 48);
  text(ISSUER.address, 48);
  section('Cliente');
  text(invoice.recipient.name, 48, { bold: true });
  text(
    `${invoice.recipient.document_type} ${formatDocumentNumber(invoice.recipient.document_type, invoice.recipient.document_number)}`,
    48,
  );
  text(
    `Condición frente al IVA: ${IVA_CONDITION_NAMES[stored!.receiverIvaConditionId] ?? TAX_CONDITION_LABELS[invoice.recipient.tax_condition]}`,
    48,
  );
  text(`Domicilio: ${invoice.recipient.address || 'no informado'}`, 48);
  if (invoice.insurance_number) text(`Contratación: ${invoice.insurance_number}`, 48);
  if (invoice.import_id) text(`Importación ${invoice.import_id}`, 48);

  section('Detalle');
  const breakOut = invoice.letter === 'A';
  // An import's invoice has a line per insurance: the detail runs on to new pages as needed.
  const bottom = () => doc.page.height - 96;
  for (const line of invoice.lines ?? []) {
    if (y > bottom()) {
      doc.addPage();
      y = 48;
    }
    const top = y;
    doc.fill('#000000').font('Helvetica').fontSize(10).text(line.description, 48, top, { width: 340 });
    const after = doc.y;
    doc.text(breakOut ? line.net_nice : line.total_nice, 400, top, { width: 147, align: 'right' });
    y = Math.max(after, doc.y) + 4;
    if (breakOut) text(`IVA ${line.iva_rate_bps / 100} %: ${line.iva_nice}`, 48, { size: 9 });
  }
  y += 6;
  if (y > bottom()) {
    doc.addPage();
    y = 48;
  }
  doc
    .moveTo(48, y)
    .lineTo(doc.page.width - 48, y)
    .strokeColor('#cccccc')
    .stroke();
  y += 8;
  const total = (label: string, value: string, bold = false) => {
    doc
      .fill('#000000')
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10);
    doc.text(label, 300, y, { width: 120 });
    doc.text(value, 400, y, { width: 147, align: 'right' });
    y = doc.y + 4;
  };
  // The amounts exactly as ARCA authorised them (ImpNeto, AlicIva, ImpOpEx, ImpTotal).
  const amounts = arcaAmounts(
    (invoice.lines ?? []).map((l) => ({ totalCents: l.total_cents, ivaRateBps: l.iva_rate_bps })),
  );
  if (breakOut) {
    total('Importe neto gravado', formatArs(amounts.netCentavos));
    for (const line of amounts.vat)
      total(`IVA ${vatRateBpsOf(line.rateId) / 100} %`, formatArs(line.amountCentavos));
  }
  if (amounts.exemptCentavos > 0) total('Importe exento', formatArs(amounts.exemptCentavos));
  total('Total', formatArs(amounts.totalCentavos), true);
  y += 8;
  if (!breakOut && amounts.vatCentavos > 0) {
    // Ley 27.743 (Régimen de Transparencia Fiscal al Consumidor): a B shows the IVA it contains.
    text(`IVA contenido: ${formatArs(amounts.vatCentavos)}`, 48, { size: 9 });
  }
  if (invoice.kind === 'credit_note')
    text(
      `Esta nota de crédito anula parcial o totalmente ${associated ? `la ${associated.label}` : 'la factura indicada en el detalle'}.`,
      48,
      { size: 9 },
    );
  // The authorisation: CAE, its due date and the fiscal QR (RG 4892), at the foot of the last page.
  const qrSize = 110;
  if (y + qrSize + 16 > doc.page.height - 48) {
    doc.addPage();
    y = 48;
  }
  const footTop = Math.max(y + 12, doc.page.height - 48 - qrSize - 8);
  doc.image(qr, 48, footTop, { width: qrSize });
  y = footTop + 8;
  const right = 48 + qrSize + 16;
  doc.fill('#000000').font('Helvetica-Bold').fontSize(11).text(`CAE N° ${invoice.cae}`, right, y);
  y = doc.y + 2;
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Vencimiento del CAE: ${dateOnlyEs(invoice.cae_due_on!)}`, right, y);
  y = doc.y + 2;
  doc.text('Comprobante autorizado por ARCA', right, y);
  doc.end();
  return { pdf: await done, filename: invoiceFilename(invoice) };
}
