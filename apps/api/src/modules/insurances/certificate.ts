/**
 * The coverage certificate ("constancia de cobertura"), a PDF streamed to the customer: insurer, policy,
 * coverage, dates, taker, the insured object or people with the labels of spec §3, the premium breakdown
 * and a QR code to the public check page; first, the assistance / emergency phone where the coverage has
 * one. Only for insurances in force.
 */
import { createHash } from 'node:crypto';
import { ASSISTANCE_PHONE, certificateFilename, type RiskTypeCode, riskTypeRule } from '@cubierto/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { RecentlyUsed } from '../../lib/recently-used.ts';
import { findInsurance } from './service.ts';

type Detail = Awaited<ReturnType<typeof findInsurance>>;
type Line = [label: string, value: string];

const BRAND = '#0b6e7f';

function dateEs(iso: string | null): string {
  if (!iso) return '—';
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** The insured object or people of a certificate: its risk type's lines (spec §3 "Certificate labels"). */
export function riskLines(code: RiskTypeCode, data: Record<string, unknown>): Line[] {
  return riskTypeRule(code).certificateLines(data);
}

export async function renderCertificate(
  db: DbOrTx,
  input: { userId: number; insuranceId: number; publicUrl: string },
): Promise<{ pdf: Buffer; filename: string }> {
  const insurance: Detail = await findInsurance({ db }, input);
  if (insurance.status !== 'vigente') {
    throw new AppError('certificate_not_available', {
      message: 'La constancia está disponible cuando la contratación está vigente.',
    });
  }
  const verifyUrl = `${input.publicUrl}/verificar/${insurance.verification_code}`;
  return {
    pdf: await keptCertificatePdf(db, insurance, verifyUrl),
    filename: certificateFilename(insurance.policy.name),
  };
}

/** PDFs kept per database handle (so per app), at most this many, the least recently sent going first. */
const KEPT_PDFS = 500;
const keptPdfs = new WeakMap<DbOrTx, RecentlyUsed<string, Buffer>>();

/**
 * The PDF is drawn once and kept under everything it prints (issue 22: drawing it took about 20 ms of CPU
 * on every request): the key is the certificate's own content, read fresh from the database each time, so
 * any change the PDF would show (the status, the dates, the taker, a risk, the catalogue, the premium)
 * names another PDF and is drawn at once; nothing has to be told to forget.
 */
async function keptCertificatePdf(db: DbOrTx, insurance: Detail, verifyUrl: string): Promise<Buffer> {
  const printed: CertificateInsurance = {
    number: insurance.number,
    status_label: insurance.status_label,
    risk_type: insurance.risk_type,
    policy: insurance.policy,
    coverage: insurance.coverage,
    starts_on: insurance.starts_on,
    ends_on: insurance.ends_on,
    taker: insurance.taker,
    risks: insurance.risks,
    special_clauses: insurance.special_clauses,
    premium: insurance.premium,
    verification_code: insurance.verification_code,
  };
  const key = createHash('sha256')
    .update(JSON.stringify([printed, verifyUrl]))
    .digest('base64');
  let kept = keptPdfs.get(db);
  if (!kept) {
    kept = new RecentlyUsed(KEPT_PDFS);
    keptPdfs.set(db, kept);
  }
  const hit = kept.get(key);
  if (hit) return hit;
  const pdf = await certificatePdf(printed, verifyUrl);
  kept.set(key, pdf);
  return pdf;
}

/** What the certificate prints of an insurance. */
export type CertificateInsurance = Pick<
  Detail,
  | 'number'
  | 'status_label'
  | 'risk_type'
  | 'policy'
  | 'coverage'
  | 'starts_on'
  | 'ends_on'
  | 'taker'
  | 'risks'
  | 'special_clauses'
  | 'premium'
  | 'verification_code'
>;

/** The assistance or emergency phone of the coverage, where it has one (travel assistance always does). */
export function assistancePhone(insurance: Pick<Detail, 'coverage'>): string | null {
  const phone = insurance.coverage.description[ASSISTANCE_PHONE];
  return typeof phone === 'string' && phone.trim() !== '' ? phone.trim() : null;
}

const MARGIN = 48;
const LABEL_X = MARGIN;
const LABEL_WIDTH = 144;
const VALUE_X = 200;
/** Beside the QR code the values keep clear of it; below it they use the page's width. */
const QR_BOTTOM = 240;
const VALUE_WIDTH_BESIDE_QR = 230;
const LABEL_FONT = 9;
const VALUE_FONT = 10;
const ROW_GAP = 4;

/**
 * The certificate's PDF. Every row is as tall as its longest part (a label or a value may wrap over
 * several lines), so nothing is printed over the next row; a row that does not fit starts a new page.
 * A line repeated word for word in a section is printed once.
 */
export async function certificatePdf(insurance: CertificateInsurance, verifyUrl: string): Promise<Buffer> {
  const code = insurance.risk_type.short_code as RiskTypeCode;
  const qr = await QRCode.toBuffer(verifyUrl, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  const objectLines = insurance.risks.flatMap((r) => riskLines(code, r.data));

  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Constancia de cobertura ${insurance.number}`, Author: 'Cubierto' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const firstPage = doc.page;
  const pageWidth = doc.page.width;
  const bottom = doc.page.height - MARGIN;
  const fullValueWidth = pageWidth - MARGIN - VALUE_X;

  doc.rect(0, 0, pageWidth, 90).fill(BRAND);
  doc.fill('#ffffff').fontSize(22).font('Helvetica-Bold').text('Constancia de cobertura', MARGIN, 30);
  doc
    .fontSize(11)
    .font('Helvetica')
    .text(`Cubierto · ${insurance.policy.company.legal_name}`, MARGIN, 60, {
      width: pageWidth - 2 * MARGIN,
      lineBreak: false,
      ellipsis: true,
    });
  doc.image(qr, pageWidth - MARGIN - 110, 110, { width: 110 });
  doc
    .fill('#000000')
    .fontSize(9)
    .text('Verificá esta constancia', pageWidth - MARGIN - 110, 224, { width: 110, align: 'center' });

  let y = 110;
  let printed = new Set<string>();
  const room = (height: number) => {
    if (y + height <= bottom) return;
    doc.addPage();
    y = MARGIN;
  };
  const section = (title: string) => {
    printed = new Set();
    doc.font('Helvetica-Bold').fontSize(12);
    room(10 + doc.heightOfString(title) + 4 + 16);
    y += 10;
    doc.fill(BRAND).text(title, MARGIN, y);
    y = doc.y + 4;
  };
  const line = ([label, value]: Line) => {
    const key = `${label}\u0000${value}`;
    if (printed.has(key)) return;
    printed.add(key);
    const width = (top: number) =>
      doc.page === firstPage && top < QR_BOTTOM ? VALUE_WIDTH_BESIDE_QR : fullValueWidth;
    const heights = (top: number) => {
      const l = doc.font('Helvetica').fontSize(LABEL_FONT).heightOfString(label, { width: LABEL_WIDTH });
      const v = doc
        .font('Helvetica')
        .fontSize(VALUE_FONT)
        .heightOfString(value, { width: width(top) });
      return Math.max(l, v, 12);
    };
    room(heights(y));
    const height = heights(y);
    doc
      .fill('#555555')
      .font('Helvetica')
      .fontSize(LABEL_FONT)
      .text(label, LABEL_X, y, { width: LABEL_WIDTH });
    doc
      .fill('#000000')
      .font('Helvetica')
      .fontSize(VALUE_FONT)
      .text(value, VALUE_X, y, { width: width(y) });
    y += height + ROW_GAP;
  };

  const phone = assistancePhone(insurance);
  if (phone) {
    section('Asistencia y emergencias');
    line(['Llamá las 24 horas', phone]);
  }
  section('Contratación');
  for (const l of [
    ['Número', insurance.number],
    ['Estado', insurance.status_label],
    ['Seguro', `${insurance.risk_type.name} — ${insurance.policy.name}`],
    ['Plan', insurance.coverage.public_name],
    ['Aseguradora', insurance.policy.company.legal_name],
    ['Vigencia', `Desde el ${dateEs(insurance.starts_on)} hasta el ${dateEs(insurance.ends_on)}`],
  ] as Line[])
    line(l);
  section('Tomador');
  line(['Nombre', insurance.taker.name]);
  line([insurance.taker.document_type, insurance.taker.document_number]);
  section('Bien o persona asegurada');
  for (const l of objectLines) line(l);
  section('Coberturas');
  for (const [key, value] of Object.entries(insurance.coverage.description)) {
    if (key.endsWith('_nice') || key === ASSISTANCE_PHONE) continue;
    const nice = insurance.coverage.description[`${key}_nice`];
    line([coverageLabel(code, key), String(nice ?? value)]);
  }
  if (insurance.special_clauses) line(['Cláusulas especiales', insurance.special_clauses]);
  section('Premio');
  line(['Prima', insurance.premium.net_nice]);
  line(['Recargos', insurance.premium.surcharges_nice]);
  line(['Impuestos', insurance.premium.taxes_nice]);
  line(['Premio', insurance.premium.total_nice]);
  const footer = `Código de verificación: ${insurance.verification_code} · ${verifyUrl}`;
  doc.fontSize(8);
  room(12 + doc.heightOfString(footer, { width: pageWidth - 2 * MARGIN }));
  y += 12;
  doc.fill('#555555').text(footer, MARGIN, y, { width: pageWidth - 2 * MARGIN });
  doc.end();
  return done;
}

function coverageLabel(code: RiskTypeCode, key: string): string {
  return riskTypeRule(code).descriptionFields.find((f) => f.key === key)?.label ?? key;
}
