/**
 * The coverage certificate ("constancia de cobertura"), a PDF streamed to the customer: insurer, policy,
 * coverage, dates, taker, the insured object or people with the labels of spec §3, the premium breakdown
 * and a QR code to the public check page. Only for insurances in force.
 */
import { certificateFilename, type RiskTypeCode, riskTypeRule } from '@cubierto/contracts';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
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
  const code = insurance.risk_type.short_code as RiskTypeCode;
  const verifyUrl = `${input.publicUrl}/verificar/${insurance.verification_code}`;
  const qr = await QRCode.toBuffer(verifyUrl, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  const objectLines = insurance.risks.flatMap((r) => riskLines(code, r.data));

  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: `Constancia de cobertura ${insurance.number}`, Author: 'Cubierto' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.rect(0, 0, doc.page.width, 90).fill(BRAND);
  doc.fill('#ffffff').fontSize(22).font('Helvetica-Bold').text('Constancia de cobertura', 48, 30);
  doc.fontSize(11).font('Helvetica').text(`Cubierto · ${insurance.policy.company.legal_name}`, 48, 60);
  doc.image(qr, doc.page.width - 48 - 110, 110, { width: 110 });
  doc
    .fill('#000000')
    .fontSize(9)
    .text('Verificá esta constancia', doc.page.width - 48 - 110, 224, { width: 110, align: 'center' });

  let y = 110;
  const section = (title: string) => {
    y += 10;
    doc.fill(BRAND).font('Helvetica-Bold').fontSize(12).text(title, 48, y);
    y = doc.y + 4;
  };
  const line = ([label, value]: Line) => {
    doc.fill('#555555').font('Helvetica').fontSize(9).text(label, 48, y, { width: 150 });
    doc.fill('#000000').font('Helvetica').fontSize(10).text(value, 200, y, { width: 230 });
    y = Math.max(doc.y, y + 12) + 4;
  };

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
    if (key.endsWith('_nice')) continue;
    const nice = insurance.coverage.description[`${key}_nice`];
    line([coverageLabel(code, key), String(nice ?? value)]);
  }
  for (const l of riskTypeRule(code).coverageLines?.(insurance.coverage.description) ?? []) line(l);
  if (insurance.special_clauses) line(['Cláusulas especiales', insurance.special_clauses]);
  section('Premio');
  line(['Prima', insurance.premium.net_nice]);
  line(['Recargos', insurance.premium.surcharges_nice]);
  line(['Impuestos', insurance.premium.taxes_nice]);
  line(['Premio', insurance.premium.total_nice]);
  y += 12;
  doc
    .fill('#555555')
    .fontSize(8)
    .text(`Código de verificación: ${insurance.verification_code} · ${verifyUrl}`, 48, y, { width: 500 });
  doc.end();
  return { pdf: await done, filename: certificateFilename(insurance.policy.name) };
}

function coverageLabel(code: RiskTypeCode, key: string): string {
  return riskTypeRule(code).descriptionFields.find((f) => f.key === key)?.label ?? key;
}
