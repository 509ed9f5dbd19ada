/**
 * One error type for the whole API and one handler that writes the spec's error body
 * `{ message, validations?, error_code }` (spec §7–§8). A 5xx never leaks its cause to the client.
 */
import { ErrorBodySchema, type ErrorCode, errorCodes } from '@cubierto/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { PrerenderedPageLookup } from './prerendered-pages.ts';
import type { DrawnPage } from './rendered-pages.ts';

export type Validations = Record<string, string[]>;

const defaultMessages: Record<ErrorCode, string> = {
  bad_request: 'La solicitud no es válida.',
  invalid_json: 'El cuerpo de la solicitud no es un JSON válido.',
  unauthenticated: 'Tu sesión no es válida o expiró. Iniciá sesión nuevamente.',
  invalid_credentials: 'El email o la contraseña no son correctos.',
  forbidden: 'No tenés permiso para realizar esta acción.',
  account_locked: 'Tu cuenta está bloqueada. Escribinos a Ayuda para recuperarla.',
  recent_sign_in_required: 'Por seguridad, volvé a iniciar sesión y probá de nuevo.',
  not_found: 'No encontramos lo que buscás.',
  method_not_allowed: 'Método no permitido.',
  request_timeout: 'La solicitud tardó demasiado en llegar. Intentá de nuevo.',
  conflict: 'La operación entra en conflicto con el estado actual.',
  email_taken: 'Ya existe una cuenta con ese email.',
  document_taken: 'Ya hay una cuenta con ese DNI. Ingresá o recuperá tu contraseña.',
  idempotency_key_reused: 'Esa clave de idempotencia ya se usó para otra solicitud.',
  push_subscription_taken: 'Este dispositivo ya recibe las notificaciones de otra cuenta.',
  insufficient_funds: 'Saldo insuficiente.',
  payment_not_pending: 'Esta contratación no tiene un pago pendiente.',
  payment_already_approved: 'Esta contratación ya está paga.',
  insurance_transition_refused: 'El estado de esta contratación ya no permite este cambio.',
  insurance_not_cancellable: 'Esta contratación ya no se puede dar de baja.',
  cancellation_already_scheduled: 'La baja ya está programada.',
  insurance_not_voidable: 'Esta contratación ya no se puede anular ni invalidar.',
  certificate_not_available: 'La constancia está disponible cuando la contratación está vigente.',
  quote_expired: 'La cotización venció o cambiaron los datos. Cotizá de nuevo.',
  start_date_passed: 'La fecha de inicio ya pasó. Elegí nuevas fechas.',
  process_not_in_progress: 'La contratación ya no está en curso.',
  policy_contracted_externally: 'Este producto se contrata en el sitio de la aseguradora.',
  claim_closed: 'Este reclamo está cerrado: ya no se le pueden agregar archivos.',
  claim_transition_refused: 'El reclamo no puede pasar a ese estado.',
  entity_limit_reached: 'Llegaste al máximo de entidades.',
  entity_not_business: 'Solo las empresas pueden tener miembros.',
  last_entity_owner: 'La entidad necesita al menos un administrador.',
  personal_entity_fixed: 'La entidad personal no se puede quitar.',
  account_deletion_blocked: 'Antes de eliminar tu cuenta tenés que resolver lo pendiente.',
  import_not_ready: 'La importación no tiene filas válidas para emitir.',
  import_rows_insured: 'Algunas filas ya tienen un seguro vigente o pendiente. Subí el archivo sin ellas.',
  withdrawal_not_applicable:
    'Esta contratación ya no admite el arrepentimiento: pasaron los 10 días corridos desde que la contrataste o ya terminó.',
  baja_not_applicable: 'Esta contratación no se puede dar de baja con el botón de baja.',
  invoice_not_authorised: 'Tu factura está en proceso: ARCA todavía no la autorizó.',
  invoice_not_rejected: 'Solo se reintenta un comprobante que ARCA rechazó.',
  payload_too_large: 'El contenido enviado supera el tamaño permitido.',
  unsupported_media_type: 'El tipo de contenido no es compatible.',
  validation_failed: 'Revisá los datos ingresados.',
  invalid_query: 'Los parámetros de la consulta no son válidos.',
  invalid_token: 'El enlace no es válido o ya venció.',
  social_token_invalid: 'No pudimos verificar tu cuenta con el proveedor.',
  too_many_requests: 'Demasiados intentos. Esperá unos minutos y volvé a intentar.',
  internal: 'Ocurrió un error inesperado. Ya lo estamos revisando.',
  provider_unavailable: 'El proveedor externo no respondió. Intentá de nuevo en unos minutos.',
  maintenance: 'Estamos realizando mejoras en nuestros servidores. Disculpá las molestias ocasionadas.',
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly validations: Validations | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      message?: string;
      validations?: Validations;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(options.message ?? defaultMessages[code], { cause: options.cause });
    this.code = code;
    this.validations = options.validations;
    this.headers = options.headers;
  }

  get statusCode(): number {
    return errorCodes[this.code];
  }
}

/** A 422 with field → messages, the shape forms show under each field. */
export function validationError(validations: Validations, message?: string): AppError {
  return new AppError('validation_failed', { validations, ...(message ? { message } : {}) });
}

type ZodIssueLike = {
  keyword?: string;
  instancePath?: string;
  message: string;
  params?: { keys?: string[] };
};

/** Zod issues (from the type provider) → the validations map; unknown fields are named one by one. */
function validationsFromZod(issues: ReadonlyArray<ZodIssueLike>): Validations {
  const out: Validations = {};
  // Field names come from the request (unknown keys are named): `toString` or `__proto__` is a field here,
  // never a property of Object.prototype.
  const add = (field: string, message: string) => {
    const earlier = Object.hasOwn(out, field) ? (out[field] ?? []) : [];
    Object.defineProperty(out, field, {
      value: [...earlier, message],
      enumerable: true,
      writable: true,
      configurable: true,
    });
  };
  for (const issue of issues) {
    const base = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    if (issue.keyword === 'unrecognized_keys' && issue.params?.keys) {
      for (const key of issue.params.keys) add(base ? `${base}.${key}` : key, 'Campo no permitido.');
    } else {
      add(base || '_', issue.message);
    }
  }
  return out;
}

/**
 * Every API route answers its errors with the one error body: declared here once for all of them, so the
 * OpenAPI document shows it on each operation and the serializer holds every error answer to it.
 */
export function declareErrorAnswers(api: FastifyInstance): void {
  api.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    const response = (schema.response ?? {}) as Record<string, unknown>;
    response['4xx'] ??= ErrorBodySchema;
    response['5xx'] ??= ErrorBodySchema;
    schema.response = response;
    route.schema = schema;
  });
}

export function registerErrorHandler(
  app: FastifyInstance,
  options: {
    /** The web build the API serves, and the pages it prerendered. */
    web?: { distDir: string | undefined; pages: PrerenderedPageLookup };
  } = {},
): void {
  const webDistDir = options.web?.distDir;
  const prerenderedPage = options.web?.pages ?? (() => undefined);
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        message: error.message,
        ...(error.validations ? { validations: error.validations } : {}),
        error_code: error.code,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext === 'querystring' ? 'invalid_query' : 'validation_failed';
      return reply.status(422).send({
        message: defaultMessages[where],
        validations: validationsFromZod(error.validation as ReadonlyArray<ZodIssueLike>),
        error_code: where,
      });
    }
    const known = knownClientError(error, request);
    if (known) {
      // A data exception means a validator let a value through: still the client's fault, but worth fixing.
      const level = databaseErrorCode(error)?.startsWith('22') ? 'warn' : 'info';
      request.log[level]({ err: { message: error.message, code: error.code } }, 'client error');
      return reply.status(errorCodes[known]).send({ message: defaultMessages[known], error_code: known });
    }
    const status = error.statusCode ?? 500;
    const code = fastifyCodeToAppCode(error.code, status);
    if (status >= 500) request.log.error({ err: error }, 'unhandled error');
    else request.log.info({ err: { message: error.message, code: error.code } }, 'client error');
    return reply.status(errorCodes[code]).send({ message: defaultMessages[code], error_code: code });
  });

  app.setNotFoundHandler(async (request, reply) => {
    // The web app's client-side routes (/login, /customers/…) all answer its index.html, or the page's
    // own HTML when the build prerendered it (the public pages); an unknown API path, a probe-like path (a
    // balancer or scraper configured wrong must see a 404, not a page) or a file name never does.
    const pathname = request.url.split('?')[0] ?? '';
    if (
      webDistDir &&
      request.method === 'GET' &&
      !NEVER_THE_WEB_APP.test(pathname) &&
      !pathname.includes('.')
    ) {
      const page = prerenderedPage(pathname);
      // A product, a certificate check: drawn with its data (lib/rendered-pages.ts), or as built when it
      // cannot be.
      const drawn = await page?.draw?.().catch((error: unknown) => {
        request.log.error({ err: error }, 'page not drawn with its data: served as built');
        return undefined;
      });
      if (drawn) {
        // The requests it still makes itself, when it was not drawn with all of them (the login's catalogue).
        if (page?.drawnLink) reply.header('link', page.drawnLink);
        return sendDrawnPage(request, reply, drawn);
      }
      // The API requests the page makes first travel with it (lib/prerendered-pages.ts).
      if (page?.link) reply.header('link', page.link);
      return reply.header('cache-control', 'no-cache').sendFile(page?.file ?? 'index.html');
    }
    return reply.status(404).send({
      message: `No existe la ruta ${request.method} ${request.url.split('?')[0]}.`,
      error_code: 'not_found',
    });
  });
}

/**
 * A page drawn with its data: revalidated like every page (its ETag answers a 304 while it is the same),
 * compressed when the browser accepts it.
 */
function sendDrawnPage(request: FastifyRequest, reply: FastifyReply, page: DrawnPage) {
  reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === page.etag) return reply.status(304).send();
  const accepts = String(request.headers['accept-encoding'] ?? '');
  const [encoding, body] = /\bbr\b/.test(accepts)
    ? ['br', page.br]
    : /\bgzip\b/.test(accepts)
      ? ['gzip', page.gzip]
      : [undefined, page.html];
  if (encoding) reply.header('content-encoding', encoding);
  return reply.status(page.status).type('text/html; charset=utf-8').send(body);
}

/** Paths that answer a JSON 404 when nothing serves them, never the web app's index.html. */
const NEVER_THE_WEB_APP = /^\/(api|livez|readyz|healthz|health|metrics|ready|live|ping|status)(\/|$)/i;

/** PostgreSQL's error code, on its own error or on the driver's wrapper (`cause`). */
function databaseErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e.cause?.code === 'string' ? e.cause.code : e.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

const INT4_MAX = 2_147_483_647;

/**
 * Failures that are the request's fault although no validator caught them: a multipart body that is not
 * one (the parser's own errors), text PostgreSQL cannot store (NUL), a number past its integer range — in
 * the path or the query an id that cannot exist (404), elsewhere an input out of range (422) — and any
 * other data exception (400). A safety net: schemas should bound their values, and the generated security
 * sweep finds the routes that do not.
 */
function knownClientError(error: FastifyError, request: FastifyRequest): ErrorCode | undefined {
  if (/^(Multipart: |Unexpected end of form|Malformed part header)/.test(error.message)) return 'bad_request';
  // A schema that threw on input of the wrong shape (a refinement given null): the input is invalid.
  if (error.code === 'FST_ERR_VALIDATION') return 'validation_failed';
  // Text PostgreSQL cannot store (a NUL character): the input is refused as invalid.
  if (['22021', '22P05'].includes(databaseErrorCode(error) ?? '')) return 'validation_failed';
  if (databaseErrorCode(error) === '22003') {
    const given = [
      ...Object.values((request.params ?? {}) as Record<string, unknown>),
      ...Object.values((request.query ?? {}) as Record<string, unknown>),
    ];
    return given.some((value) => Math.abs(Number(value)) > INT4_MAX) ? 'not_found' : 'validation_failed';
  }
  // Any other data exception (class 22: a value of the wrong type or out of range for its column, such as
  // "abc" for a date or the year 0) is the input's fault: a 400. The last safety net only — lib/list-query
  // and the schemas check types and ranges so that such a value never reaches SQL.
  if (databaseErrorCode(error)?.startsWith('22')) return 'bad_request';
  return undefined;
}

function fastifyCodeToAppCode(code: string | undefined, status: number): ErrorCode {
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'invalid_json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return 'payload_too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return 'unsupported_media_type';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'bad_request';
  }
  if (status === 413) return 'payload_too_large';
  if (status === 415) return 'unsupported_media_type';
  if (status === 429) return 'too_many_requests';
  if (status === 404) return 'not_found';
  if (status === 405) return 'method_not_allowed';
  if (status >= 400 && status < 500) return 'bad_request';
  return 'internal';
}
