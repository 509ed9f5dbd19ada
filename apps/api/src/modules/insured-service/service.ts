/**
 * The Servicio de Atención al Asegurado block (contracts insured-service.ts): one settings record that
 * operators edit in the back office, each change audited in its own transaction; until the first edit the
 * public pages show the demo's defaults below.
 */
import type { InsuredService, InsuredServiceBody } from '@cubierto/contracts';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';
import { type AuditContext, recordAudit } from '../operators/audit.ts';

const KEY = 'insured_service';

/** What a fresh install shows: the SSN's mandated wording, and an example responsible and deputy. */
export const DEFAULT_INSURED_SERVICE: InsuredServiceBody = {
  responsible: 'Lic. María Fernanda Ríos',
  deputy: 'Cdor. Julián Ortega',
  phone: '0800-345-2823',
  email: 'atencionalasegurado@cubierto.com.ar',
  hours: 'Lunes a viernes de 9 a 18 h, días hábiles',
  ssn_line:
    'El Servicio de Atención al Asegurado atiende las consultas y reclamos de tomadores, asegurados, beneficiarios y derechohabientes. Si tu reclamo no fue resuelto, fue desestimado total o parcialmente o se denegó su admisión, podés comunicarte con la Superintendencia de Seguros de la Nación al 0800-666-8400, por correo a consultas@ssn.gob.ar o con el formulario de www.argentina.gob.ar/ssn.',
  policy_copy:
    'Descargá tu póliza y tu certificado desde Mis seguros. Si preferís, pedí una copia a atencionalasegurado@cubierto.com.ar con tu DNI y el número de contratación: te la enviamos sin cargo.',
  claim_report:
    'Denunciá el siniestro desde Siniestros, en la app, dentro de los 3 días de conocido (Ley 17.418, art. 46), o llamanos al 0800-345-2823. Tené a mano el número de contratación.',
};

type Stored = InsuredServiceBody & { updated_at: string };

function out(value: Stored | undefined): InsuredService {
  if (!value) return { ...DEFAULT_INSURED_SERVICE, updated_at: null };
  // A field added after the record was saved falls back to its default.
  return { ...DEFAULT_INSURED_SERVICE, ...value, updated_at: value.updated_at };
}

async function read(db: DbOrTx): Promise<InsuredService> {
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  return out(row?.value as Stored | undefined);
}

/** GET /common/insured-service and /admin/insured-service. */
export async function readInsuredService(deps: { db: DbOrTx }): Promise<InsuredService> {
  return read(deps.db);
}

/** PUT /admin/insured-service: replaces the block, with its audit record (before and after). */
export async function saveInsuredService(
  deps: { db: Db },
  input: { body: InsuredServiceBody; audit: AuditContext },
): Promise<InsuredService> {
  const { body, audit } = input;
  const now = new Date();
  const value: Stored = { ...body, updated_at: now.toISOString() };
  return deps.db.transaction(async (tx) => {
    // The row lock keeps two operators' saves from recording the same 'before'.
    const [current] = await tx.select().from(settings).where(eq(settings.key, KEY)).for('update');
    const before = out(current?.value as Stored | undefined);
    await tx
      .insert(settings)
      .values({ key: KEY, value, updatedAt: now })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: now } });
    const after = out(value);
    await recordAudit(tx, audit, {
      action: 'insured_service.update',
      targetType: 'setting',
      targetId: KEY,
      before,
      after,
    });
    return after;
  });
}
