/**
 * The coverage certificate ("constancia de cobertura"), a PDF streamed to the customer: insurer, policy,
 * coverage, dates, taker, the insured object or people with the labels of spec §3, the premium breakdown
 * and a QR code to the public check page. Only for insurances in force.
 */
import {
  certificateFilename,
  GENDER_LABELS,
  RISK_TYPES,
  type RiskTypeCode,
  TRIP_TYPE_LABELS,
} from '@cubierto/contracts';
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

function personLine(p: Record<string, unknown>): string {
  const gender = GENDER_LABELS[p.gender as keyof typeof GENDER_LABELS] ?? '—';
  return `${p.first_name} ${p.last_name} · DNI ${p.dni} · Nac. ${dateEs(String(p.birth_date))} · Género: ${gender}`;
}

/** The insured object or people of a certificate, as label and value lines (spec §3 "Certificate labels"). */
export function riskLines(code: RiskTypeCode, data: Record<string, unknown>): Line[] {
  const s = (v: unknown) => (v === undefined || v === null || v === '' ? '—' : String(v));
  switch (code) {
    case 'cell-phone':
      return [
        ['Marca y modelo', `${s(data.brand)} ${s(data.model)}`],
        ['IMEI', s(data.imei)],
        ['Número de serie (SN)', s(data.serial_number)],
      ];
    case 'bicycle':
      return [
        ['Marca y modelo', `${s(data.brand)} ${s(data.model)}`],
        ['Número de cuadro', s(data.frame_number)],
        ['Rodado', s(data.wheel_size)],
      ];
    case 'motorcycle':
      return [
        ['Marca / modelo / año', `${s(data.brand)} / ${s(data.model)} / ${s(data.year)}`],
        ['Número de motor', s(data.engine_number)],
        ['Número de chasis', s(data.chassis_number)],
        ['Patente', s(data.plate)],
      ];
    case 'specific-vehicle-cargo':
      return [
        ['Patente', s(data.plate)],
        ['Carga', s(data.cargo_description)],
      ];
    case 'home':
    case 'store': {
      // The detail already names the province and locality of the address.
      const a = data.address as Record<string, unknown>;
      const lines: Line[] = [
        ['Calle y altura', `${s(a.street)} ${s(a.street_number)}`],
        ['Piso / depto.', `${s(a.floor_block)} / ${s(a.apartment_house)}`],
        ['Localidad', `${s(a.locality_name)}, ${s(a.state_name)} (CP ${s(a.zip_code)})`],
      ];
      if (code === 'store') lines.push(['Rubro', s(data.business_activity)]);
      return lines;
    }
    case 'personal-accident':
    case 'life':
    case 'telemedicine': {
      const lines: Line[] = [['Asegurado', personLine(data.insured as Record<string, unknown>)]];
      if (code === 'personal-accident') lines.push(['Actividad', s(data.activity)]);
      for (const b of (data.beneficiaries as Array<Record<string, unknown>> | undefined) ?? []) {
        lines.push([
          'Beneficiario',
          `${b.first_name} ${b.last_name} · DNI ${b.dni} · ${b.relationship} · ${b.percentage}%`,
        ]);
      }
      return lines;
    }
    case 'travel-assistance': {
      const lines: Line[] = [
        ['Tipo de viaje', TRIP_TYPE_LABELS[data.trip_type as keyof typeof TRIP_TYPE_LABELS] ?? '—'],
        ['Destino', s(data.destination)],
      ];
      for (const t of (data.travellers as Array<Record<string, unknown>>) ?? [])
        lines.push(['Viajero', personLine(t)]);
      return lines;
    }
    case 'protected-purchase':
      return [
        ['Producto', s(data.product_description)],
        ['Comprado en', `${s(data.store_name)}, el ${dateEs(String(data.purchase_date))}`],
      ];
    case 'bag':
      return [['Descripción', s(data.description)]];
  }
}

export async function renderCertificate(
  db: DbOrTx,
  input: { userId: number; insuranceId: number; publicUrl: string },
): Promise<{ pdf: Buffer; filename: string }> {
  const insurance: Detail = await findInsurance(db, input.userId, input.insuranceId);
  if (insurance.status !== 'vigente') {
    throw new AppError('conflict', {
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
  if (code === 'cell-phone' && insurance.coverage.description.franchise)
    line(['Deducible (franquicia)', String(insurance.coverage.description.franchise)]);
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
  return RISK_TYPES[code].descriptionFields.find((f) => f.key === key)?.label ?? key;
}
