/**
 * 'Descargar mis datos' as a PDF a person can read (Ley 25.326 art. 14 asks for the data "en forma
 * clara"): the same content as the JSON export, section by section, with Spanish labels, money in pesos
 * and dates in Argentine time. pdfkit flows the text onto new pages as needed.
 */
import { type DataExport, formatArs } from '@cubierto/contracts';
import PDFDocument from 'pdfkit';

const BRAND = '#0b6e7f';

const SECTIONS: Array<{ key: keyof DataExport; title: string; empty: string }> = [
  { key: 'entities', title: 'Personas y empresas por las que actuás', empty: 'Ninguna.' },
  { key: 'insurances', title: 'Contrataciones', empty: 'No tenés contrataciones.' },
  { key: 'insurance_processes', title: 'Contrataciones en curso o descartadas', empty: 'Ninguna.' },
  { key: 'payments', title: 'Pagos', empty: 'No hiciste pagos.' },
  { key: 'wallets', title: 'Mi dinero y Mi crédito', empty: 'No tenés billeteras.' },
  { key: 'claims', title: 'Reclamos', empty: 'No hiciste reclamos.' },
  { key: 'invoices', title: 'Facturas y notas de crédito', empty: 'No tenés facturas.' },
  { key: 'notifications', title: 'Notificaciones', empty: 'No recibiste notificaciones.' },
  { key: 'poll_responses', title: 'Respuestas a encuestas', empty: 'Ninguna.' },
];

/** Spanish names for the fields that appear most; any other field shows its own name. */
const LABELS: Record<string, string> = {
  id: 'N.º interno',
  name: 'Nombre',
  email: 'Email',
  kind: 'Tipo',
  role: 'Rol',
  document_type: 'Tipo de documento',
  document_number: 'Documento',
  tax_condition: 'Condición frente al IVA',
  created_at: 'Creado',
  updated_at: 'Actualizado',
  number: 'Número',
  status: 'Estado',
  coverage: 'Plan',
  policy: 'Póliza',
  starts_on: 'Desde',
  ends_on: 'Hasta',
  total_cents: 'Total',
  net_cents: 'Neto',
  taxes_cents: 'Impuestos',
  surcharges_cents: 'Recargos',
  iva_cents: 'IVA',
  amount_cents: 'Importe',
  balance_cents: 'Saldo',
  balance_after_cents: 'Saldo posterior',
  approved_amount_cents: 'Importe aprobado',
  paid_at: 'Pagado',
  method: 'Medio de pago',
  purpose: 'Motivo',
  description: 'Descripción',
  title: 'Título',
  body: 'Texto',
  read_at: 'Leída',
  incident_date: 'Fecha del hecho',
  place: 'Lugar',
  message: 'Mensaje',
  issued_at: 'Emitida',
  letter: 'Letra',
  question: 'Pregunta',
  response: 'Respuesta',
  answered_at: 'Respondida',
  provider: 'Proveedor',
  user_agent: 'Dispositivo',
  expires_at: 'Vence',
  revoked_at: 'Cerrada',
};

function isoDate(value: string): boolean {
  return /^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(value);
}

function formatValue(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && key.endsWith('_cents')) return formatArs(value);
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (typeof value === 'string' && isoDate(value))
    return new Intl.DateTimeFormat('es-AR', {
      timeZone: 'America/Argentina/Buenos_Aires',
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(value));
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function renderDataExportPdf(data: DataExport): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: { Title: 'Mis datos en Cubierto', Author: 'Cubierto' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  const width = doc.page.width - 96;

  doc.rect(0, 0, doc.page.width, 90).fill(BRAND);
  doc.fill('#ffffff').font('Helvetica-Bold').fontSize(22).text('Mis datos en Cubierto', 48, 28);
  doc
    .font('Helvetica')
    .fontSize(11)
    .text(`Generado el ${formatValue('generated_at', data.generated_at)} · Ley 25.326, art. 14`, 48, 58);
  doc.fill('#000000').text('', 48, 110);

  const heading = (title: string) => {
    doc.moveDown(0.8).fill(BRAND).font('Helvetica-Bold').fontSize(13).text(title, 48, undefined, { width });
    doc.moveDown(0.3).fill('#000000');
  };
  const fields = (row: Record<string, unknown>, indent = 0) => {
    for (const [key, value] of Object.entries(row)) {
      if (Array.isArray(value)) {
        doc
          .font('Helvetica-Bold')
          .fontSize(9)
          .text(`${LABELS[key] ?? key}: ${value.length}`, 48 + indent, undefined, { width: width - indent });
        for (const item of value) {
          if (item && typeof item === 'object') fields(item as Record<string, unknown>, indent + 14);
          else
            doc
              .font('Helvetica')
              .fontSize(9)
              .text(String(item), 48 + indent + 14);
          doc.moveDown(0.2);
        }
        continue;
      }
      doc
        .font('Helvetica-Bold')
        .fontSize(9)
        .text(`${LABELS[key] ?? key}: `, 48 + indent, undefined, { continued: true, width: width - indent })
        .font('Helvetica')
        .text(formatValue(key, value));
    }
  };

  heading('Tu perfil');
  fields(data.profile);
  heading('Datos de facturación');
  if (data.invoice_profile) fields(data.invoice_profile);
  else doc.font('Helvetica').fontSize(10).text('No cargaste datos de facturación.');
  for (const section of SECTIONS) {
    heading(section.title);
    const rows = data[section.key] as Array<Record<string, unknown>>;
    if (rows.length === 0) doc.font('Helvetica').fontSize(10).text(section.empty);
    for (const row of rows) {
      fields(row);
      doc.moveDown(0.5);
    }
  }
  heading('Invitaciones');
  fields(data.referrals);
  heading('Permisos y accesos');
  fields({
    'Inicio de sesión con': data.consents.social_sign_in,
    'Dispositivos con notificaciones': data.consents.push_devices,
    Sesiones: data.consents.sessions,
  });
  doc.end();
  return done;
}
