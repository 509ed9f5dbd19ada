/**
 * The Servicio de Atención al Asegurado (the SSN's rules for insurers' service to the insured: a
 * responsible and a deputy, shown to the public with the SSN's own contact line; DOMAIN.md), plus how to
 * ask for a copy of the policy and how to report a claim. Operators set it in the back office (audited);
 * the public pages show it.
 *
 *   GET /common/insured-service             (public)   → 200 InsuredService
 *   GET /admin/insured-service              (operator) → 200 InsuredService
 *   PUT /admin/insured-service  InsuredServiceBody      → 200 InsuredService
 */
import { z } from 'zod';

const text = (message: string, max: number) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Usá hasta ${max} caracteres.` });

/** What an operator sets: every field is shown to the public as typed. */
export const InsuredServiceBodySchema = z.strictObject({
  /** Who answers for the service (name and, optionally, the role). */
  responsible: text('Ingresá el nombre del responsable.', 120),
  /** Who stands in for the responsible. */
  deputy: text('Ingresá el nombre del suplente.', 120),
  phone: text('Ingresá el teléfono.', 40).pipe(
    z
      .string()
      .regex(/^[\d\s()+-]{6,40}$/, { error: 'Ingresá un teléfono válido: números, espacios, +, - o ().' }),
  ),
  email: z
    .string({ error: 'Ingresá el e-mail.' })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: 'Ingresá un e-mail válido.' }).max(200)),
  /** When the service answers ("Lunes a viernes de 9 a 18 h"). */
  hours: text('Ingresá el horario de atención.', 120),
  /** The SSN's own line, as the regulation words it (free text: its number and site change). */
  ssn_line: text('Ingresá la línea de la Superintendencia de Seguros de la Nación.', 600),
  /** How to ask for a copy of the policy. */
  policy_copy: text('Contá cómo pedir una copia de la póliza.', 1000),
  /** How to report a claim. */
  claim_report: text('Contá cómo denunciar un siniestro.', 1000),
});
export type InsuredServiceBody = z.infer<typeof InsuredServiceBodySchema>;

/** The block as it is now; `updated_at` is null while the demo's defaults stand. */
export const InsuredServiceSchema = z.object({
  responsible: z.string(),
  deputy: z.string(),
  phone: z.string(),
  email: z.string(),
  hours: z.string(),
  ssn_line: z.string(),
  policy_copy: z.string(),
  claim_report: z.string(),
  updated_at: z.string().nullable(),
});
export type InsuredService = z.infer<typeof InsuredServiceSchema>;
