/**
 * The error body every API answer uses (spec §7–§8) and the stable error codes.
 * The API maps each code to an HTTP status; the web app decodes the body once, in its central handler.
 */
import { z } from 'zod';

export const errorCodes = {
  bad_request: 400,
  invalid_json: 400,
  unauthenticated: 401,
  invalid_credentials: 401,
  forbidden: 403,
  /** An operator locked the account: sign-in is refused until they unlock it. */
  account_locked: 403,
  /** Deleting an account without a password needs a sign-in of the last minutes. */
  recent_sign_in_required: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  email_taken: 409,
  /** Registration: the DNI is already another account's (spec's message under the DNI field). */
  document_taken: 409,
  idempotency_key_reused: 409,
  push_subscription_taken: 409,
  /** A wallet's balance does not cover the debit (paying an insurance or an import from a wallet). */
  insufficient_funds: 409,
  /** The insurance is not waiting for a payment (voided, cancelled, expired). */
  payment_not_pending: 409,
  /** The insurance was already paid. */
  payment_already_approved: 409,
  /** The insurance's status does not allow this change (contracts insurance-status.ts). */
  insurance_transition_refused: 409,
  /** The insurance is no longer pending nor in force: it cannot be cancelled. */
  insurance_not_cancellable: 409,
  /** The customer already scheduled this insurance's cancellation ('baja programada'). */
  cancellation_already_scheduled: 409,
  /** The insurance is no longer pending nor in force: an operator cannot void or reject it. */
  insurance_not_voidable: 409,
  /** The certificate is given only while the insurance is in force. */
  certificate_not_available: 409,
  /** The quote expired or the answers changed since: quote again. */
  quote_expired: 409,
  /** The chosen start date is already past: choose new dates. */
  start_date_passed: 409,
  /** The contract in progress was already confirmed or discarded. */
  process_not_in_progress: 409,
  /** The policy is contracted on the insurer's own site (its external link). */
  policy_contracted_externally: 409,
  /** The claim is rejected or paid: no more files. */
  claim_closed: 409,
  /** The claim's status cannot move as asked (contracts claims.ts). */
  claim_transition_refused: 409,
  /** The caller already acts for the most entities allowed (50, spec §9). */
  entity_limit_reached: 409,
  /** Only a business has members; a person's entity has none. */
  entity_not_business: 409,
  /** The entity's last owner cannot be removed nor leave. */
  last_entity_owner: 409,
  /** The user's personal entity cannot be removed from them. */
  personal_entity_fixed: 409,
  /** Something must be settled before the account can be deleted (the validations name each blocker). */
  account_deletion_blocked: 409,
  /** The import has no valid rows to issue. */
  import_not_ready: 409,
  /** Rows of the import were insured meanwhile (another import or contract): upload it again without them. */
  import_rows_insured: 409,
  /** The botón de arrepentimiento no longer applies (not paid, past its 10 days, already ended). */
  withdrawal_not_applicable: 409,
  /** The botón de baja does not apply (not in force nor paid, or a risk type it does not cover). */
  baja_not_applicable: 409,
  /** The invoice or credit note has no CAE from ARCA yet ("En proceso"): its PDF comes once authorised. */
  invoice_not_authorised: 409,
  /** Only a document ARCA rejected can be sent to ARCA again. */
  invoice_not_rejected: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  invalid_query: 422,
  invalid_token: 422,
  social_token_invalid: 422,
  too_many_requests: 429,
  internal: 500,
  provider_unavailable: 502,
  maintenance: 503,
} as const;
export type ErrorCode = keyof typeof errorCodes;

export const ErrorBodySchema = z.object({
  message: z.union([z.string(), z.record(z.string(), z.string())]),
  validations: z.union([z.string(), z.record(z.string(), z.array(z.string()))]).optional(),
  error_code: z.enum(Object.keys(errorCodes) as [ErrorCode, ...ErrorCode[]]),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
