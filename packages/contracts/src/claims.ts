/**
 * Claims ('Reclamos'): the status rules of DOMAIN.md in one pure function, the limits of attachments,
 * and the schemas of every request and answer. The API enforces them; the app shows the same messages.
 */
import { z } from 'zod';

export const CLAIM_STATUSES = ['recibido', 'en_revision', 'aprobado', 'rechazado', 'pagado'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const CLAIM_STATUS_LABELS: Record<ClaimStatus, string> = {
  recibido: 'Recibido',
  en_revision: 'En revisión',
  aprobado: 'Aprobado',
  rechazado: 'Rechazado',
  pagado: 'Pagado',
};

/** DOMAIN.md "Statuses": recibido → en_revision → aprobado | rechazado; aprobado → pagado. */
const NEXT_STATUSES: Record<ClaimStatus, readonly ClaimStatus[]> = {
  recibido: ['en_revision'],
  en_revision: ['aprobado', 'rechazado'],
  aprobado: ['pagado'],
  rechazado: [],
  pagado: [],
};

export function nextClaimStatuses(from: ClaimStatus): readonly ClaimStatus[] {
  return NEXT_STATUSES[from];
}

/** What an operator asks for: the new status, its message, and the amount when approving. */
export type ClaimTransition = { to: ClaimStatus; message?: string | undefined; amountCents?: number | null };

/**
 * Whether a claim in `from` may move as asked: null when it may, otherwise the field and the Spanish
 * message that say why. An approval needs an amount; a rejection needs its reason.
 */
export function checkClaimTransition(
  from: ClaimStatus,
  transition: ClaimTransition,
): { field: 'status' | 'approved_amount_cents' | 'message'; message: string } | null {
  if (!NEXT_STATUSES[from].includes(transition.to)) {
    const allowed = NEXT_STATUSES[from].map((s) => CLAIM_STATUS_LABELS[s]);
    return {
      field: 'status',
      message: allowed.length
        ? `Un reclamo ${CLAIM_STATUS_LABELS[from].toLowerCase()} solo puede pasar a: ${allowed.join(', ')}.`
        : `Un reclamo ${CLAIM_STATUS_LABELS[from].toLowerCase()} ya no cambia de estado.`,
    };
  }
  const amount = transition.amountCents;
  if (transition.to === 'aprobado' && (amount == null || !Number.isInteger(amount) || amount <= 0))
    return { field: 'approved_amount_cents', message: 'Indicá el importe aprobado.' };
  if (transition.to !== 'aprobado' && amount != null)
    return { field: 'approved_amount_cents', message: 'El importe solo se indica al aprobar.' };
  if (transition.to === 'rechazado' && !transition.message?.trim())
    return { field: 'message', message: 'Indicá el motivo del rechazo.' };
  return null;
}

/** Photos and documents of a claim: checked by their bytes on the server, by type and size in the app. */
export const CLAIM_ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export const CLAIM_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const CLAIM_MAX_ATTACHMENTS = 10;
export const CLAIM_DESCRIPTION_MAX = 2000;
export const CLAIM_MESSAGE_MAX = 2000;

const isoDate = (error: string) => z.string({ error }).regex(/^\d{4}-\d{2}-\d{2}$/, { error });

export const CreateClaimBodySchema = z.strictObject({
  insurance_id: z
    .number({ error: 'Elegí la contratación.' })
    .int()
    .positive({ error: 'Elegí la contratación.' }),
  risk_id: z.number({ error: 'Elegí qué sufrió el siniestro.' }).int().positive(),
  incident_date: isoDate('Ingresá la fecha del siniestro.'),
  description: z
    .string({ error: 'Contanos qué pasó.' })
    .trim()
    .min(20, { error: 'Contanos qué pasó en al menos 20 caracteres.' })
    .max(CLAIM_DESCRIPTION_MAX, {
      error: `La descripción admite hasta ${CLAIM_DESCRIPTION_MAX} caracteres.`,
    }),
  place: z
    .string({ error: 'Indicá dónde ocurrió.' })
    .trim()
    .min(3, { error: 'Indicá dónde ocurrió.' })
    .max(200, { error: 'El lugar admite hasta 200 caracteres.' }),
  attachment_ids: z
    .array(z.number().int().positive(), { error: 'Adjuntá fotos o documentos.' })
    .max(CLAIM_MAX_ATTACHMENTS, { error: `Podés adjuntar hasta ${CLAIM_MAX_ATTACHMENTS} archivos.` })
    .default([]),
});
export type CreateClaimBody = z.input<typeof CreateClaimBodySchema>;

/** More files for a claim already filed (the operator asked for a document, say). */
export const AttachClaimFilesBodySchema = z.strictObject({
  attachment_ids: z
    .array(z.number().int().positive(), { error: 'Adjuntá fotos o documentos.' })
    .min(1, { error: 'Adjuntá al menos un archivo.' })
    .max(CLAIM_MAX_ATTACHMENTS, { error: `Podés adjuntar hasta ${CLAIM_MAX_ATTACHMENTS} archivos.` }),
});

/** A claim rejected or paid is closed: no more files. */
export const isClaimClosed = (status: ClaimStatus) => status === 'rechazado' || status === 'pagado';

export const ClaimMessageBodySchema = z.strictObject({
  body: z
    .string({ error: 'Escribí tu mensaje.' })
    .trim()
    .min(1, { error: 'Escribí tu mensaje.' })
    .max(CLAIM_MESSAGE_MAX, { error: `El mensaje admite hasta ${CLAIM_MESSAGE_MAX} caracteres.` }),
});

export const ChangeClaimStatusBodySchema = z.strictObject({
  status: z.enum(['en_revision', 'aprobado', 'rechazado', 'pagado'], { error: 'Elegí el nuevo estado.' }),
  message: z.string().trim().max(CLAIM_MESSAGE_MAX).optional(),
  approved_amount_cents: z
    .number({ error: 'Indicá el importe aprobado.' })
    .int({ error: 'Indicá el importe en centavos.' })
    .positive({ error: 'El importe debe ser mayor a cero.' })
    .max(2_000_000_000, { error: 'El importe es demasiado alto.' })
    .optional(),
});
export type ChangeClaimStatusBody = z.infer<typeof ChangeClaimStatusBodySchema>;

export const ClaimAttachmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
  created_at: z.string(),
});
export type ClaimAttachment = z.infer<typeof ClaimAttachmentSchema>;

export const ClaimSchema = z.object({
  id: z.number(),
  number: z.string(),
  status: z.enum(CLAIM_STATUSES),
  status_label: z.string(),
  insurance: z.object({ id: z.number(), number: z.string(), risk_type_name: z.string() }),
  risk: z.object({ id: z.number(), label: z.string() }),
  incident_date: z.string(),
  description: z.string(),
  place: z.string(),
  approved_amount_cents: z.number().nullable(),
  approved_amount_nice: z.string().nullable(),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Claim = z.infer<typeof ClaimSchema>;

export const ClaimEventSchema = z.object({
  id: z.number(),
  status: z.enum(CLAIM_STATUSES),
  status_label: z.string(),
  message: z.string().nullable(),
  created_at: z.string(),
});
export type ClaimEvent = z.infer<typeof ClaimEventSchema>;

export const ClaimMessageSchema = z.object({
  id: z.number(),
  author: z.enum(['customer', 'operator']),
  body: z.string(),
  created_at: z.string(),
});
export type ClaimMessage = z.infer<typeof ClaimMessageSchema>;

export const ClaimDetailSchema = ClaimSchema.extend({
  events: z.array(ClaimEventSchema),
  messages: z.array(ClaimMessageSchema),
  attachments: z.array(ClaimAttachmentSchema),
});
export type ClaimDetail = z.infer<typeof ClaimDetailSchema>;

/** What operators see of a claim: also whose it is. */
export const ClaimCustomerSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });
export const OperatorClaimSchema = ClaimSchema.extend({ customer: ClaimCustomerSchema });
export type OperatorClaim = z.infer<typeof OperatorClaimSchema>;
export const OperatorClaimDetailSchema = ClaimDetailSchema.extend({ customer: ClaimCustomerSchema });
export type OperatorClaimDetail = z.infer<typeof OperatorClaimDetailSchema>;

/** An in-force insurance a claim can be opened on: its cover dates and its risks. */
export const ClaimableInsuranceSchema = z.object({
  id: z.number(),
  number: z.string(),
  risk_type_name: z.string(),
  coverage_name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  risks: z.array(z.object({ id: z.number(), label: z.string() })),
});
export type ClaimableInsurance = z.infer<typeof ClaimableInsuranceSchema>;

/** One short line naming an insured risk: its object, plate, address or person. */
export function claimRiskLabel(riskTypeName: string, data: Record<string, unknown>): string {
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '');
  const join = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' ');
  const address = (data.address ?? {}) as Record<string, unknown>;
  const people = Array.isArray(data.insured) ? (data.insured as Record<string, unknown>[]) : [];
  const first = people[0] ?? {};
  const detail =
    join(data.brand, data.model) ||
    text(data.plate) ||
    text(data.description) ||
    text(data.product_description) ||
    join(address.street, address.street_number) ||
    join(first.first_name, first.last_name) ||
    join(data.first_name, data.last_name);
  return detail ? `${riskTypeName}: ${detail}` : riskTypeName;
}

/**
 * The incident must fall within the cover dates and cannot be in the future: null when it does,
 * otherwise the Spanish message for the date field. Dates are ISO days (YYYY-MM-DD) in Argentina.
 */
export function checkIncidentDate(
  incidentDate: string,
  cover: { startsOn: string; endsOn: string },
  today: string,
): string | null {
  const latest = cover.endsOn < today ? cover.endsOn : today;
  if (incidentDate < cover.startsOn || incidentDate > cover.endsOn)
    return 'La fecha del siniestro debe estar dentro de la vigencia de la contratación.';
  if (incidentDate > latest) return 'La fecha del siniestro no puede ser futura.';
  return null;
}
