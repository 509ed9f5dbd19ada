/**
 * An invoice or credit note as a PDF: issuer, letter and number, recipient (the designated billing party
 * with its document and tax condition), lines and totals. An "A" breaks IVA out (the recipient takes the
 * credit); a "B" shows totals with IVA included, as AFIP's rules for each letter ask.
 */
import { formatArs, formatDocumentNumber, TAX_CONDITION_LABELS } from '@cubierto/contracts';
import PDFDocument from 'pdfkit';
import type { DbOrTx } from '../../db/client.ts';
import { findInvoice, type InvoiceOut } from './service.ts';

const BRAND = '#0b6e7f';
const ISSUER = {
  name: 'Cubierto S.A.',
  cuit: '30-71234567-1',
  address: 'Av. Corrientes 1234, Ciudad Autónoma de Buenos Aires',
  condition: 'IVA Responsable inscripto',
};

function dateEs(iso: string): string {
  return new Intl.DateTimeFormat('es-AR', { timeZone: 'America/Argentina/Buenos_Aires' }).format(
    new Date(iso),
  );
}

export function invoiceFilename(invoice: Pick<InvoiceOut, 'kind' | 'letter' | 'full_number'>): string {
  const prefix = invoice.kind === 'invoice' ? 'factura' : 'nota-de-credito';
  return `${prefix}-${invoice.letter}-${invoice.full_number}.pdf`;
}

/** GET /customers/invoices/{id}/pdf: one of the caller's invoices as a PDF, and its file name. */
export async function renderInvoicePdf(
  deps: { db: DbOrTx },
  input: { userId: number; invoiceId: number },
): Promise<{ pdf: Buffer; filename: string }> {
  const invoice = await findInvoice(deps, input);
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
    .text(`N° ${invoice.full_number} · ${dateEs(invoice.issued_at)}`, 48, 58);
  doc
    .font('Helvetica-Bold')
    .fontSize(40)
    .text(invoice.letter, doc.page.width - 48 - 40, 22, { width: 40 });

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
  text(`CUIT ${ISSUER.cuit} · ${ISSUER.condition}`, 48);
  text(ISSUER.address, 48);
  section('Cliente');
  text(invoice.recipient.name, 48, { bold: true });
  text(
    `${invoice.recipient.document_type} ${formatDocumentNumber(invoice.recipient.document_type, invoice.recipient.document_number)} · ${TAX_CONDITION_LABELS[invoice.recipient.tax_condition]}`,
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
  if (breakOut) {
    total('Importe neto', invoice.net_nice);
    total('IVA', invoice.iva_nice);
  }
  total('Total', invoice.total_nice, true);
  y += 8;
  if (!breakOut && invoice.iva_cents > 0) {
    // Ley 27.743 (Régimen de Transparencia Fiscal al Consumidor): a B shows the IVA it contains.
    text(`IVA contenido: ${formatArs(invoice.iva_cents)}`, 48, { size: 9 });
  }
  if (invoice.kind === 'credit_note')
    text('Esta nota de crédito anula parcial o totalmente la factura indicada en el detalle.', 48, {
      size: 9,
    });
  doc.end();
  return { pdf: await done, filename: invoiceFilename(invoice) };
}
