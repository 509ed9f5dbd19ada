/**
 * Invoices ("Facturación") and the designated billing party ("contratante designado"): the invoice
 * profile form, the rules that pick the invoice letter and split IVA, and the shapes the API answers.
 * The numbers and rates are explained in docs/decisions/009-invoices-and-referrals.md.
 */
import { z } from 'zod';
import { isValidCuit, isValidDni, normalizeDigits } from './identity.ts';
import { formatArs } from './money.ts';
import { isRiskTypeCode, RISK_TYPE_CODES, type RiskTypeCode, riskTypeRule } from './risk-types.ts';
import { TAX_CONDITIONS, type TaxCondition } from './user.ts';

/** IVA general rate (Ley de IVA art. 28): 21 %, in basis points. */
export const IVA_RATE_BPS = 2100;
/** Life insurance is exempt from IVA (Ley de IVA art. 7 h) 21); every other cover we sell pays 21 %. */
export const IVA_EXEMPT_RISK_TYPES: readonly RiskTypeCode[] = RISK_TYPE_CODES.filter(
  (code) => riskTypeRule(code).ivaExempt,
);

/** The IVA rate of a risk type's premium: its definition says whether it is exempt. */
export function ivaRateFor(riskType: string): number {
  return isRiskTypeCode(riskType) && riskTypeRule(riskType).ivaExempt ? 0 : IVA_RATE_BPS;
}

/** A responsable inscripto receives an "A" (IVA broken out, it can take the credit); everyone else a "B". */
export type InvoiceLetter = 'A' | 'B';
export function invoiceLetterFor(taxCondition: TaxCondition): InvoiceLetter {
  return taxCondition === 'responsable_inscripto' ? 'A' : 'B';
}

/** Splits an amount that includes IVA into net and IVA; the IVA is what is left, so they always add up. */
export function splitIva(totalCents: number, rateBps: number): { netCents: number; ivaCents: number } {
  const netCents = Math.round((totalCents * 10_000) / (10_000 + rateBps));
  return { netCents, ivaCents: totalCents - netCents };
}

/** A CUIT as it is printed, '30-50001234-6'; a DNI as given. */
export function formatDocumentNumber(type: 'DNI' | 'CUIT', number: string): string {
  return type === 'CUIT' && /^\d{11}$/.test(number)
    ? `${number.slice(0, 2)}-${number.slice(2, 10)}-${number.slice(10)}`
    : number;
}

/** '0001-00000042', the way Argentine receipts print point of sale and number. */
export function formatInvoiceNumber(pointOfSale: number, number: number): string {
  return `${String(pointOfSale).padStart(4, '0')}-${String(number).padStart(8, '0')}`;
}

const required = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Máximo ${max} caracteres.` });

function documentParsed(payload: { issues: ReadonlyArray<{ path?: PropertyKey[] }> }): boolean {
  return !payload.issues.some((issue) =>
    ['document_type', 'document_number'].includes(String(issue.path?.[0])),
  );
}

/** The invoice profile form (PUT /customers/invoice-profile); the same schema validates the web form. */
export const InvoiceProfileBodySchema = z
  .strictObject({
    name: z
      .string({ error: 'Ingresá el nombre o razón social.' })
      .trim()
      .min(2, { error: 'Ingresá el nombre o razón social.' })
      .max(120, { error: 'Máximo 120 caracteres.' }),
    document_type: z.enum(['DNI', 'CUIT'], { error: 'Elegí DNI o CUIT.' }),
    document_number: z.string({ error: 'Ingresá el número de documento.' }).transform(normalizeDigits),
    tax_condition: z.enum(TAX_CONDITIONS, { error: 'Elegí la condición frente al IVA.' }),
    street: required('Ingresá la calle.', 120),
    street_number: required('Ingresá la altura.', 10),
    floor_apartment: z.string().trim().max(20, { error: 'Máximo 20 caracteres.' }).optional().default(''),
    locality: required('Ingresá la localidad.', 80),
    // Coerced: the web form's province picker holds the id as text.
    state_id: z.coerce
      .number({ error: 'Elegí una provincia.' })
      .int({ error: 'Elegí una provincia.' })
      .positive({ error: 'Elegí una provincia.' }),
    zip_code: z
      .string({ error: 'Ingresá el código postal.' })
      .trim()
      .regex(/^([A-Za-z]\d{4}[A-Za-z]{3}|\d{4})$/, {
        error: 'El código postal debe tener 4 números o el formato A1234ABC.',
      }),
  })
  .refine((v) => v.document_type !== 'DNI' || isValidDni(v.document_number), {
    path: ['document_number'],
    error: 'El DNI debe tener 7 u 8 números.',
    when: documentParsed,
  })
  .refine((v) => v.document_type !== 'CUIT' || isValidCuit(v.document_number), {
    path: ['document_number'],
    error: 'El CUIT no es válido: revisá los 11 números.',
    when: documentParsed,
  })
  // AFIP: only a CUIT holder can be responsable inscripto, monotributista or exento.
  .refine((v) => v.document_type === 'CUIT' || v.tax_condition === 'consumidor_final', {
    path: ['tax_condition'],
    error: 'Con DNI la condición es consumidor final; para otra condición ingresá un CUIT.',
    when: documentParsed,
  });
export type InvoiceProfileBody = z.input<typeof InvoiceProfileBodySchema>;

export const InvoiceProfileSchema = z.object({
  name: z.string(),
  document_type: z.enum(['DNI', 'CUIT']),
  document_number: z.string(),
  tax_condition: z.enum(TAX_CONDITIONS),
  street: z.string(),
  street_number: z.string(),
  floor_apartment: z.string(),
  locality: z.string(),
  state_id: z.number(),
  state_name: z.string(),
  zip_code: z.string(),
  invoice_letter: z.enum(['A', 'B']),
  updated_at: z.string(),
});
export type InvoiceProfile = z.infer<typeof InvoiceProfileSchema>;

export const INVOICE_KINDS = ['invoice', 'credit_note'] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

const money = { cents: z.number(), nice: z.string() };

export const InvoiceLineSchema = z.object({
  description: z.string(),
  net_cents: money.cents,
  net_nice: money.nice,
  iva_rate_bps: z.number(),
  iva_cents: money.cents,
  iva_nice: money.nice,
  total_cents: money.cents,
  total_nice: money.nice,
});

/**
 * Where a document stands with ARCA (decision 024): waiting for its CAE, authorised (it has fiscal effect,
 * a number and a PDF), or rejected (an operator fixes and retries; the customer still sees "En proceso").
 */
export const ARCA_STATUSES = ['pendiente_cae', 'autorizada', 'rechazada'] as const;
export type ArcaStatus = (typeof ARCA_STATUSES)[number];
export const ARCA_STATUS_LABELS: Record<ArcaStatus, string> = {
  pendiente_cae: 'Pendiente de CAE',
  autorizada: 'Autorizada',
  rechazada: 'Rechazada',
};

export const InvoiceSchema = z.object({
  id: z.number(),
  kind: z.enum(INVOICE_KINDS),
  /** 'Factura' or 'Nota de crédito'. */
  kind_label: z.string(),
  letter: z.enum(['A', 'B']),
  point_of_sale: z.number(),
  /** ARCA's number, null until authorised. */
  number: z.number().nullable(),
  /** '0001-00000042', null until authorised. */
  full_number: z.string().nullable(),
  arca_status: z.enum(ARCA_STATUSES),
  /** WSFEv1 CbteTipo: Factura A 1, Nota de crédito A 3, Factura B 6, Nota de crédito B 8. */
  arca_voucher_type: z.number(),
  cae: z.string().nullable(),
  /** YYYY-MM-DD. */
  cae_due_on: z.string().nullable(),
  issued_at: z.string(),
  insurance_id: z.number().nullable(),
  insurance_number: z.string().nullable(),
  payment_id: z.number().nullable(),
  /** The CSV import an invoice is for (one line per insurance). */
  import_id: z.number().nullable(),
  /** A credit note's invoice. */
  invoice_id: z.number().nullable(),
  recipient: z.object({
    name: z.string(),
    document_type: z.enum(['DNI', 'CUIT']),
    document_number: z.string(),
    tax_condition: z.enum(TAX_CONDITIONS),
    address: z.string(),
  }),
  net_cents: money.cents,
  net_nice: money.nice,
  iva_cents: money.cents,
  iva_nice: money.nice,
  total_cents: money.cents,
  total_nice: money.nice,
  lines: z.array(InvoiceLineSchema).optional(),
});
export type Invoice = z.infer<typeof InvoiceSchema>;

/** An ARCA message as stored with a document (Observaciones, Errores, or why it could not be asked). */
export const ArcaMessageSchema = z.object({
  code: z.number(),
  message: z.string(),
  kind: z.enum(['observation', 'error', 'local']),
});

/** A document as the back office lists it: the invoice, its owner, and ARCA's last messages and attempts. */
export const AdminInvoiceSchema = InvoiceSchema.omit({ lines: true }).extend({
  user_id: z.number(),
  arca_messages: z.array(ArcaMessageSchema),
  arca_attempts: z.number(),
  arca_last_attempt_at: z.string().nullable(),
  /** The number asked for in a call that got no answer: consulted before anything else is asked. */
  arca_pending_number: z.number().nullable(),
});
export type AdminInvoice = z.infer<typeof AdminInvoiceSchema>;

/** The operators' view of the ARCA connection: environment, point of sale, and the wsfe ticket's expiry. */
export const ArcaStatusSchema = z.object({
  environment: z.enum(['local', 'homologacion', 'produccion']),
  point_of_sale: z.number(),
  cuit: z.string(),
  /** null when ARCA could not be reached to renew it. */
  ticket_expires_at: z.string().nullable(),
  counts: z.object({ pendiente_cae: z.number(), autorizada: z.number(), rechazada: z.number() }),
});
export type ArcaConnectionStatus = z.infer<typeof ArcaStatusSchema>;

export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = {
  invoice: 'Factura',
  credit_note: 'Nota de crédito',
};

export function niceAmounts(cents: { net: number; iva: number; total: number }) {
  return {
    net_cents: cents.net,
    net_nice: formatArs(cents.net),
    iva_cents: cents.iva,
    iva_nice: formatArs(cents.iva),
    total_cents: cents.total,
    total_nice: formatArs(cents.total),
  };
}
