/**
 * Configuration: environment variables → typed config, validated once at start.
 * A bad value stops the process with a message naming the variable. Every variable is listed in
 * .env.example at the repository root.
 */
import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { isRiskTypeCode, type RiskTypeCode, riskTypeRule } from '@cubierto/contracts';
import { z } from 'zod';
import type { ImageLimits } from './lib/images.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Which proxies' X-Forwarded-For is believed: none (false), a number of hops, or their addresses. */
export type TrustProxy = false | number | string[];

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** TRUST_PROXY → Fastify's trustProxy, or what is wrong with it. */
function parseTrustProxy(value: string): TrustProxy | string {
  const text = value.trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    return 'true would believe any client’s X-Forwarded-For: give the number of proxies in front of the server or their addresses';
  }
  if (/^\d+$/.test(text)) return Math.min(Number(text), 32);
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrRange(entry));
  if (bad.length > 0) {
    return `${bad.join(', ')}: not an IP address or CIDR range (a number of proxies, or addresses/ranges separated by commas)`;
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin of the app, used in e-mailed links and provider callbacks. */
  PUBLIC_URL: z.url().optional(),
  /** Folder of the embedded PostgreSQL (PGlite). Ignored when DATABASE_URL is set. */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; when set, the API uses PostgreSQL instead of PGlite. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
    .optional(),
  /** Seed the demo context, app versions and demo customer when they are missing (refused in production). */
  SEED_DEMO: bool.default(true),
  /** Redis for rate limits shared by several API instances; in-memory when absent. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Folder of the built web app served on the same port; empty to serve the API only. */
  WEB_DIST_DIR: z.string().default('../web/dist'),
  UPLOADS_DIR: z.string().default('./data/uploads'),
  /** SMTP server for e-mail (smtp://user:pass@host:port). When absent, mails are written to the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Cubierto <no-responder@cubierto.com.ar>'),
  /** Without SMTP_URL, mails are written as .eml files into this folder (default DATA_DIR/mail). */
  MAIL_DIR: z.string().optional(),
  /** Mails one e-mail address may be sent per hour by password reset and by registration, each. */
  MAIL_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(3),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOGIN_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Registrations (and code resends) per IP and per device id in REGISTER_WINDOW_SECONDS. */
  REGISTER_MAX_PER_IP: z.coerce.number().int().min(1).default(10),
  REGISTER_MAX_PER_DEVICE: z.coerce.number().int().min(1).default(5),
  REGISTER_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().min(1024).default(5_242_880),
  /** Uploaded images (lib/images.ts): refused when their header declares more than these… */
  IMAGE_MAX_PIXELS: z.coerce.number().int().min(1_000_000).default(40_000_000),
  IMAGE_MAX_SIDE: z.coerce.number().int().min(100).default(10_000),
  /** …and stored with their long side scaled down to this. */
  IMAGE_MAX_STORED_SIDE: z.coerce.number().int().min(100).default(2_560),
  /**
   * Whose X-Forwarded-For to believe for the client's address (per-IP limits, the audit log). Absent or
   * `false`: nobody's, the address is the connection's. A number: that many proxies in front of the
   * server. A comma-separated list of addresses or CIDR ranges (or `loopback`, `linklocal`,
   * `uniquelocal`): the proxies at those addresses. `true` is refused: it believes any client.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): TrustProxy => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'string') {
        ctx.addIssue({ code: 'custom', message: parsed });
        return z.NEVER;
      }
      return parsed;
    }),
  /** The API reference (/docs, /docs/json, /api/v4/openapi.json); default: on, off in production. */
  API_DOCS: bool.optional(),
  /** A connection with no byte in or out for this long is closed (Fastify's connectionTimeout). */
  CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** The whole request, headers and body, must arrive within this; else 408 and closed (requestTimeout). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(90_000),
  /** A request's body must arrive within this after its headers; else 408 and the connection is closed. */
  BODY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  /** OpenID Connect issuers and client ids for social sign-in (discovery at /.well-known/openid-configuration). */
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
  APPLE_CLIENT_ID: z.string().optional(),
  /** Facebook Graph API base URL and app credentials (token check and code exchange). */
  FACEBOOK_GRAPH_URL: z.url().default('https://graph.facebook.com/v19.0'),
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  /** Where 'Ayuda' sends the customer (a messaging-service chat). */
  HELP_CHAT_URL: z.url().default('https://wa.me/5491100000000'),
  /**
   * Credit wallet mode (spec §1, §9: on): 'Mi crédito' and 'Mis importaciones de seguros' (paid from Mi
   * crédito) exist only while it is on; the web reads it from GET /common/app-config.
   */
  CREDIT_WALLET_MODE: bool.default(true),
  /**
   * Origins of web builds that call this API from another address (comma list, exact matches): the
   * Android (https://localhost) and iOS (capacitor://localhost) shells, a web app on its own host. Only
   * they get CORS headers (credentials, Authorization, Context-Id, Idempotency-Key); empty: none.
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim().replace(/\/$/, ''))
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().regex(/^[a-z][a-z0-9+.-]*:\/\/[^/\s*]+$/i, 'must be origins like https://host')),
    ),
  /**
   * The API's own public origin when web pages this server sends call it at another address (the
   * VITE_API_ORIGIN of their build): added to the Content-Security-Policy's connect-src and img-src.
   */
  API_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^/\s]+$/, 'must be an origin like https://api.example.com')
    .optional(),
  /** Android App Links (/.well-known/assetlinks.json): the app's package and its signing certificates' SHA-256. */
  ANDROID_PACKAGE: z
    .string()
    .regex(/^[a-zA-Z][\w]*(\.[a-zA-Z][\w]*)+$/, 'must be a package name')
    .default('ar.com.cubierto.app'),
  ANDROID_SHA256_FINGERPRINTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((print) => print.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(
      z.array(z.string().regex(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/, 'must be SHA-256 fingerprints AA:BB:…')),
    ),
  /** iOS universal links (/.well-known/apple-app-site-association): the team id and the app's bundle id. */
  IOS_TEAM_ID: z
    .string()
    .regex(/^[A-Z0-9]{10}$/, 'must be a 10-character Apple team id')
    .optional(),
  IOS_BUNDLE_ID: z.string().min(1).default('ar.com.cubierto.app'),
  /**
   * Test mode (spec §9): the app skips the login with a mock Apple sign-in as the demo customer (the
   * token TEST_MODE_APPLE_TOKEN in modules/auth/test-mode.ts). Refused in production.
   */
  TEST_MODE: bool.default(false),
  /** Google Analytics 4 measurement id (G-…): analytics in production web builds only. */
  ANALYTICS_ID: z
    .string()
    .regex(/^G-[A-Z0-9]{4,16}$/, 'must look like G-XXXXXXX')
    .optional(),
  /** Google Tag Manager container id (GTM-…): tag scripts in production web builds only. */
  TAG_MANAGER_ID: z
    .string()
    .regex(/^GTM-[A-Z0-9]{4,12}$/, 'must look like GTM-XXXXXX')
    .optional(),
  /** Microsoft Clarity project id: session recording of 40% of visits, in production web builds only. */
  SESSION_RECORDING_ID: z
    .string()
    .regex(/^[a-z0-9]{6,16}$/, 'must be a Clarity project id (lower-case letters and digits)')
    .optional(),
  /** The storefront this deployment serves (spec §9: fixed configuration). */
  APPLICATION_ID: z.coerce.number().int().positive().default(1),
  /**
   * The other fixed configuration ids of spec §9 (values not shown there; ours in DOMAIN.md "Fixed
   * configuration ids"): the country (Argentina), the entity type the post-purchase poll is asked of
   * (`/customers/poll-question-response/{entityTypeId}/insurance-poll`) and the sale condition.
   */
  COUNTRY_ID: z.coerce.number().int().positive().default(1),
  ENTITY_TYPE_ID: z.coerce.number().int().positive().default(1),
  SALE_CONDITION_ID: z.coerce.number().int().positive().default(1),
  /**
   * Spec §5: an external link (the insurer's own site) only for motorcycle with one company and
   * telemedicine with another. `risk_type=Company name` pairs, comma separated; only risk types whose
   * definition allows an external link.
   */
  EXTERNAL_LINK_COMPANIES: z
    .string()
    .default('motorcycle=Ruta Sur,telemedicine=SaludYa')
    .transform((value, ctx) => {
      const rule: ExternalLinkCompanies = {};
      for (const pair of value.split(',').filter((p) => p.trim())) {
        const [riskType, company] = pair.split('=').map((part) => part.trim());
        if (!riskType || !isRiskTypeCode(riskType) || !riskTypeRule(riskType).externalLink || !company) {
          ctx.addIssue({ code: 'custom', message: 'must be motorcycle=Company,telemedicine=Company' });
          return z.NEVER;
        }
        rule[riskType] = company;
      }
      return rule;
    }),
  /** The built-in sandbox payment provider and its checkout page (the embedded default's way to pay; refused in production). */
  PAYMENTS_SANDBOX: bool.default(true),
  /** Token of the /ops routes (maintenance switch). Absent (not in production): the server makes one into DATA_DIR/ops-token. */
  OPS_TOKEN: z.string().min(24, 'must have at least 24 characters').optional(),
  /** Run the background-job worker (outbox) in this process; every API instance may run one. */
  OUTBOX_WORKER: bool.default(true),
  /** Mercado Pago Checkout Pro: on when the access token is set; its webhooks are signed with the secret. */
  MERCADOPAGO_API_URL: z.url().default('https://api.mercadopago.com'),
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(1).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Ualá Bis checkout API: on when all five are set. */
  UALA_API_URL: z.url().optional(),
  UALA_USERNAME: z.string().min(1).optional(),
  UALA_CLIENT_ID: z.string().min(1).optional(),
  UALA_CLIENT_SECRET: z.string().min(1).optional(),
  UALA_WEBHOOK_SECRET: z.string().min(1).optional(),
  /**
   * Web Push (VAPID, RFC 8292): the application server's P-256 key pair (base64url, as `web-push
   * generate-vapid-keys` prints them) and a contact (mailto: or https:). The server refuses to start in
   * production without them (productionProblems); in development and test a pair is generated once and kept in
   * DATA_DIR/vapid-keys.json.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url uncompressed P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
    .default('mailto:soporte@cubierto.com.ar'),
  /**
   * Push services a browser subscription may point at in production (host, or `.suffix` for a domain's
   * hosts): the API sends requests to the endpoint, so an arbitrary URL would let anyone make it call
   * their choice of server. Outside production any http(s) endpoint is accepted (local test peers).
   */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,.push.services.mozilla.com,.push.apple.com,.notify.windows.com')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /**
   * Android push through Firebase Cloud Messaging (HTTP v1): on when a service account is given, as its
   * JSON in FCM_SERVICE_ACCOUNT_JSON or as the path of its file in FCM_SERVICE_ACCOUNT_FILE. The OAuth
   * token URI is the account's `token_uri` unless FCM_TOKEN_URI says otherwise.
   */
  FCM_SERVICE_ACCOUNT_JSON: z.string().min(1).optional(),
  FCM_SERVICE_ACCOUNT_FILE: z.string().min(1).optional(),
  FCM_BASE_URL: z.url().default('https://fcm.googleapis.com'),
  FCM_TOKEN_URI: z.url().optional(),
  /**
   * iOS push through the APNs provider API (HTTP/2, token-based): on when the .p8 signing key (its PEM in
   * APNS_KEY or the path of the file in APNS_KEY_FILE), its key id, the team id and the app's bundle id
   * (the topic) are all set. APNS_BASE_URL: production, or https://api.sandbox.push.apple.com for
   * development builds.
   */
  APNS_KEY: z.string().min(1).optional(),
  APNS_KEY_FILE: z.string().min(1).optional(),
  APNS_KEY_ID: z.string().min(1).optional(),
  APNS_TEAM_ID: z.string().min(1).optional(),
  APNS_TOPIC: z.string().min(1).optional(),
  APNS_BASE_URL: z.url().default('https://api.push.apple.com'),
  /**
   * Where files are stored: absent → the local disk (UPLOADS_DIR); s3://bucket/prefix → an S3-compatible
   * bucket shared by every instance, reached at S3_ENDPOINT (absent: AWS S3 in S3_REGION) with the
   * S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY pair (absent: the AWS SDK's usual chain).
   */
  STORAGE_URL: z
    .string()
    .regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/[\w./-]*)?$/, 'must look like s3://bucket/prefix')
    .optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key), as MinIO and most S3-compatible stores want; default: when S3_ENDPOINT is set. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  /** Prometheus metrics (text format) on this port, apart from the public one; absent → no metrics server. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().optional(),
  /**
   * Graceful stop (SIGTERM): /readyz answers 503 at once, requests keep being served for
   * SHUTDOWN_GRACE_MS so the load balancer sees it and stops sending new ones, then the server stops
   * accepting, waits for the requests in flight and ends at most SHUTDOWN_TIMEOUT_MS after the signal.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
  /**
   * ARCA electronic invoicing (WSAA + WSFEv1, docs/operations.md): `local` (the default outside
   * production) runs a local ARCA peer inside the process with a generated certificate; `homologacion`
   * is ARCA's test service and `produccion` the real one, both with the company's CUIT, the certificate
   * ARCA issued (PEM in ARCA_CERT or its file in ARCA_CERT_FILE) and its private key (ARCA_KEY or
   * ARCA_KEY_FILE). ARCA_POINT_OF_SALE: the "RECE para aplicativo y web services" point of sale.
   */
  ARCA_ENV: z.enum(['local', 'homologacion', 'produccion']).default('local'),
  ARCA_CUIT: z
    .string()
    .transform((value) => value.replace(/[-\s]/g, ''))
    .pipe(z.string().regex(/^\d{11}$/, 'must be the 11 digits of the company’s CUIT'))
    .optional(),
  ARCA_CERT: z.string().min(1).optional(),
  ARCA_CERT_FILE: z.string().min(1).optional(),
  ARCA_KEY: z.string().min(1).optional(),
  ARCA_KEY_FILE: z.string().min(1).optional(),
  ARCA_POINT_OF_SALE: z.coerce.number().int().min(1).max(99_998).default(1),
  ARCA_WSAA_URL: z.url().optional(),
  ARCA_WSFE_URL: z.url().optional(),
  /** Each call to ARCA gives up after this long (the voucher is then consulted before asking again). */
  ARCA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
});

const UALA_VARIABLES = [
  'UALA_API_URL',
  'UALA_USERNAME',
  'UALA_CLIENT_ID',
  'UALA_CLIENT_SECRET',
  'UALA_WEBHOOK_SECRET',
] as const;

/**
 * What production refuses to start with (issue "Safe in production"): the defaults that make the
 * embedded default work on a laptop and are unsafe on the Internet. Every problem is reported at once.
 */
function productionProblems(e: z.infer<typeof EnvSchema>): Array<[variable: string, problem: string]> {
  if (e.NODE_ENV !== 'production') return [];
  const problems: Array<[string, string]> = [];
  if (e.PAYMENTS_SANDBOX) {
    problems.push([
      'PAYMENTS_SANDBOX',
      'must be false in production (its checkout approves payments with no money: anyone could top up Mi dinero)',
    ]);
  }
  if (e.SEED_DEMO) {
    problems.push([
      'SEED_DEMO',
      'must be false in production (the demo customer’s password is in the README)',
    ]);
  }
  if (!e.PUBLIC_URL) {
    problems.push([
      'PUBLIC_URL',
      'required in production (e-mailed links and payment callbacks would point at localhost)',
    ]);
  } else if (!e.PUBLIC_URL.startsWith('https://')) {
    problems.push(['PUBLIC_URL', 'must be an https:// origin in production']);
  }
  if (!e.SMTP_URL) {
    problems.push(['SMTP_URL', 'required in production (password-reset mails would never reach anyone)']);
  }
  if (!e.OPS_TOKEN) {
    problems.push([
      'OPS_TOKEN',
      'required in production (at least 24 characters, the same on every instance; e.g. openssl rand -base64 32)',
    ]);
  }
  if (!e.VAPID_PUBLIC_KEY && !e.VAPID_PRIVATE_KEY) {
    problems.push([
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY',
      'required in production (npx web-push generate-vapid-keys)',
    ]);
  }
  if (e.TEST_MODE) {
    problems.push(['TEST_MODE', 'cannot be on in production (it signs anyone in as the demo customer)']);
  }
  if (e.ARCA_ENV === 'local') {
    problems.push([
      'ARCA_ENV',
      'must be homologacion or produccion in production (the local ARCA peer authorises invoices with no fiscal effect)',
    ]);
  }
  if (!e.ARCA_CUIT)
    problems.push(['ARCA_CUIT', 'required in production (the CUIT that issues the invoices)']);
  if (!e.ARCA_CERT && !e.ARCA_CERT_FILE) {
    problems.push([
      'ARCA_CERT, ARCA_CERT_FILE',
      'required in production (the certificate ARCA issued for the invoicing key, docs/operations.md)',
    ]);
  }
  if (!e.ARCA_KEY && !e.ARCA_KEY_FILE) {
    problems.push([
      'ARCA_KEY, ARCA_KEY_FILE',
      'required in production (the private key of the ARCA certificate)',
    ]);
  }
  return problems;
}

/** A payment provider is configured whole or not at all: half a configuration would fail at the first payment. */
const CheckedEnvSchema = EnvSchema.superRefine((e, ctx) => {
  for (const [variable, problem] of productionProblems(e)) {
    ctx.addIssue({ code: 'custom', path: [variable], message: problem });
  }
  if (!!e.VAPID_PUBLIC_KEY !== !!e.VAPID_PRIVATE_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: [e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together',
    });
  }
  if (e.MERCADOPAGO_ACCESS_TOKEN && !e.MERCADOPAGO_WEBHOOK_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['MERCADOPAGO_WEBHOOK_SECRET'],
      message: 'required when MERCADOPAGO_ACCESS_TOKEN is set (it verifies the webhooks)',
    });
  }
  for (const [json, file] of [
    ['FCM_SERVICE_ACCOUNT_JSON', 'FCM_SERVICE_ACCOUNT_FILE'],
    ['APNS_KEY', 'APNS_KEY_FILE'],
    ['ARCA_CERT', 'ARCA_CERT_FILE'],
    ['ARCA_KEY', 'ARCA_KEY_FILE'],
  ] as const) {
    if (e[json] && e[file])
      ctx.addIssue({ code: 'custom', path: [file], message: `set ${json} or ${file}, not both` });
  }
  const apns = [e.APNS_KEY ?? e.APNS_KEY_FILE, e.APNS_KEY_ID, e.APNS_TEAM_ID, e.APNS_TOPIC];
  if (apns.some(Boolean)) {
    for (const [name, value] of [
      ['APNS_KEY', apns[0]],
      ['APNS_KEY_ID', apns[1]],
      ['APNS_TEAM_ID', apns[2]],
      ['APNS_TOPIC', apns[3]],
    ] as const) {
      if (!value)
        ctx.addIssue({
          code: 'custom',
          path: [name],
          message: 'APNs needs the key, key id, team id and topic',
        });
    }
  }
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY) {
    ctx.addIssue({
      code: 'custom',
      path: [e.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
      message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    });
  }
  if (e.SHUTDOWN_GRACE_MS >= e.SHUTDOWN_TIMEOUT_MS) {
    ctx.addIssue({
      code: 'custom',
      path: ['SHUTDOWN_GRACE_MS'],
      message: 'must be shorter than SHUTDOWN_TIMEOUT_MS',
    });
  }
  const given = UALA_VARIABLES.filter((name) => e[name] !== undefined);
  if (given.length > 0) {
    for (const name of UALA_VARIABLES) {
      if (e[name] === undefined) {
        ctx.addIssue({ code: 'custom', path: [name], message: `required with ${given.join(', ')}` });
      }
    }
  }
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  /** Origins allowed to call the API from another address (CORS); empty: no CORS headers at all. */
  corsOrigins: string[];
  /** The API's public origin for pages whose build calls it at another address (CSP connect-src, img-src). */
  apiOrigin: string | undefined;
  /** What /.well-known/assetlinks.json and apple-app-site-association say (links that open the apps). */
  appLinks: {
    android: { packageName: string; fingerprints: string[] };
    ios: { teamId: string | undefined; bundleId: string };
  };
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  redisUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDistDir: string | undefined;
  uploadsDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Development mailbox: where mails go as .eml files when there is no SMTP server. */
  mailDir: string;
  mailMaxPerEmail: number;
  registerLimits: { perIp: number; perDevice: number; windowSeconds: number };
  sessionDays: number;
  loginLimits: { perIp: number; perEmail: number; windowSeconds: number };
  bodyLimit: number;
  uploadLimit: number;
  /** Limits of uploaded images (IMAGE_*). */
  images: ImageLimits;
  /** Fastify's trustProxy: whose X-Forwarded-For gives the client's address (none by default). */
  trustProxy: TrustProxy;
  /** Serve the API reference (/docs, /api/v4/openapi.json). */
  apiDocs: boolean;
  /** Milliseconds: idle connection, whole request, and request body after its headers. */
  timeouts: { connectionMs: number; requestMs: number; bodyMs: number };
  social: {
    google: { issuer: string; clientId: string | undefined };
    apple: { issuer: string; clientId: string | undefined };
    facebook: { graphUrl: string; appId: string | undefined; appSecret: string | undefined };
  };
  helpChatUrl: string;
  /** Credit wallet mode (spec §9): the credit wallet and the imports it pays exist only while on. */
  creditWalletMode: boolean;
  /** Test mode: a mock Apple sign-in as the demo customer (never in production). */
  testMode: boolean;
  /** Public ids of the production-only scripts (never secrets): see the web's shared/observability. */
  thirdParty: { analyticsId?: string; tagManagerId?: string; sessionRecordingId?: string };
  applicationId: number;
  /** Spec §9's fixed country, entity type and sale condition ids (DOMAIN.md). */
  countryId: number;
  entityTypeId: number;
  saleConditionId: number;
  /** Spec §5: the one company whose motorcycle, and the one whose telemedicine, may link out. */
  externalLinkCompanies: ExternalLinkCompanies;
  opsToken: string | undefined;
  paymentsSandbox: boolean;
  outboxWorker: boolean;
  mercadopago: { apiUrl: string; accessToken: string; webhookSecret: string } | undefined;
  uala:
    | { apiUrl: string; username: string; clientId: string; clientSecret: string; webhookSecret: string }
    | undefined;
  /** Web Push: the keys when configured; in development and test they may come from DATA_DIR instead. */
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  /** Hosts (or `.suffixes`) of the push services subscriptions may use in production. */
  pushServiceHosts: string[];
  /** FCM HTTP v1 for android tokens, when a service account is configured. */
  fcm: FcmConfig | undefined;
  /** APNs for ios tokens, when the signing key and its ids are configured. */
  apns: ApnsConfig | undefined;
  /** Where files are stored (lib/storage.ts). */
  storage: StorageConfig;
  /** The Prometheus metrics server (lib/metrics.ts), when METRICS_PORT is set. */
  metrics: { host: string; port: number } | undefined;
  /** Graceful stop on SIGTERM (server.ts): how long to keep serving after /readyz turned 503, and the deadline. */
  shutdown: { graceMs: number; timeoutMs: number };
  /** ARCA electronic invoicing (modules/invoices/arca): the local peer, or ARCA with the company's credentials. */
  arca: ArcaConfig;
};

export type ArcaConfig =
  | { environment: 'local'; pointOfSale: number; timeoutMs: number }
  | {
      environment: 'homologacion' | 'produccion';
      pointOfSale: number;
      timeoutMs: number;
      cuit: string;
      certificatePem: string;
      privateKeyPem: string;
      wsaaUrl: string | undefined;
      wsfeUrl: string | undefined;
    };

export type StorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Prepended to every key: '' or ending in '/'. */
      prefix: string;
      endpoint: string | undefined;
      region: string;
      forcePathStyle: boolean;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
    };

/** STORAGE_URL (already checked by the schema) → the storage driver's settings. */
function storageConfig(e: z.infer<typeof EnvSchema>, uploadsDir: string): StorageConfig {
  if (!e.STORAGE_URL) return { kind: 'disk', dir: uploadsDir };
  const url = new URL(e.STORAGE_URL);
  const prefix = decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, '');
  return {
    kind: 's3',
    bucket: url.hostname,
    prefix: prefix ? `${prefix}/` : '',
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
    accessKeyId: e.S3_ACCESS_KEY_ID,
    secretAccessKey: e.S3_SECRET_ACCESS_KEY,
  };
}

export type FcmConfig = {
  baseUrl: string;
  tokenUri: string;
  projectId: string;
  clientEmail: string;
  /** PKCS#8 PEM of the service account's RSA key. */
  privateKey: string;
  privateKeyId: string | undefined;
};

export type ApnsConfig = {
  baseUrl: string;
  keyId: string;
  teamId: string;
  topic: string;
  privateKey: string;
};

export class ConfigError extends Error {}

/** Which company's policies of the two external-link risk types may carry an external_url (spec §5). */
export type ExternalLinkCompanies = Partial<Record<RiskTypeCode, string>>;

const ServiceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.url().optional(),
});

/** A PEM private key of the given type, or what is wrong with it. */
function privateKeyProblem(pem: string, type: 'rsa' | 'ec'): string | null {
  try {
    const key = createPrivateKey(pem);
    return key.asymmetricKeyType === type ? null : `is not an ${type.toUpperCase()} private key`;
  } catch {
    return 'is not a PEM private key';
  }
}

/** Reads the FCM service account and the APNs key (from the variable or the file) and checks them. */
function loadPushCredentials(
  e: z.infer<typeof CheckedEnvSchema>,
  resolve: (file: string) => string,
): Pick<Config, 'fcm' | 'apns'> {
  const problems: string[] = [];
  const read = (name: string, file: string) => {
    try {
      return readFileSync(resolve(file), 'utf8');
    } catch (error) {
      problems.push(`  ${name}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
      return undefined;
    }
  };
  let fcm: FcmConfig | undefined;
  const accountName = e.FCM_SERVICE_ACCOUNT_FILE ? 'FCM_SERVICE_ACCOUNT_FILE' : 'FCM_SERVICE_ACCOUNT_JSON';
  const accountText =
    e.FCM_SERVICE_ACCOUNT_JSON ??
    (e.FCM_SERVICE_ACCOUNT_FILE ? read(accountName, e.FCM_SERVICE_ACCOUNT_FILE) : undefined);
  if (accountText !== undefined) {
    let json: unknown;
    try {
      json = JSON.parse(accountText);
    } catch {
      json = undefined;
    }
    const account = ServiceAccountSchema.safeParse(json);
    const keyProblem = account.success ? privateKeyProblem(account.data.private_key, 'rsa') : null;
    if (!account.success) {
      problems.push(`  ${accountName}: not a service account JSON (project_id, client_email, private_key)`);
    } else if (keyProblem) {
      problems.push(`  ${accountName}: private_key ${keyProblem}`);
    } else {
      fcm = {
        baseUrl: e.FCM_BASE_URL.replace(/\/$/, ''),
        tokenUri: e.FCM_TOKEN_URI ?? account.data.token_uri ?? 'https://oauth2.googleapis.com/token',
        projectId: account.data.project_id,
        clientEmail: account.data.client_email,
        privateKey: account.data.private_key,
        privateKeyId: account.data.private_key_id,
      };
    }
  }
  let apns: ApnsConfig | undefined;
  const keyName = e.APNS_KEY_FILE ? 'APNS_KEY_FILE' : 'APNS_KEY';
  // A PEM in one environment variable often comes with its line breaks written as \n.
  const keyText =
    e.APNS_KEY?.replaceAll('\\n', '\n') ?? (e.APNS_KEY_FILE ? read(keyName, e.APNS_KEY_FILE) : undefined);
  if (keyText !== undefined && e.APNS_KEY_ID && e.APNS_TEAM_ID && e.APNS_TOPIC) {
    const keyProblem = privateKeyProblem(keyText, 'ec');
    if (keyProblem) problems.push(`  ${keyName}: ${keyProblem} (the .p8 file from Apple)`);
    else
      apns = {
        baseUrl: e.APNS_BASE_URL.replace(/\/$/, ''),
        keyId: e.APNS_KEY_ID,
        teamId: e.APNS_TEAM_ID,
        topic: e.APNS_TOPIC,
        privateKey: keyText,
      };
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return { fcm, apns };
}

/** ARCA's settings: the certificate and key read (from the variable or the file) and checked. */
function loadArcaConfig(e: z.infer<typeof CheckedEnvSchema>, resolve: (file: string) => string): ArcaConfig {
  const base = { pointOfSale: e.ARCA_POINT_OF_SALE, timeoutMs: e.ARCA_TIMEOUT_MS };
  if (e.ARCA_ENV === 'local') return { environment: 'local', ...base };
  const problems: string[] = [];
  // A PEM in one environment variable often comes with its line breaks written as \n.
  const pem = (name: string, value: string | undefined, fileName: string, file: string | undefined) => {
    if (value) return value.replaceAll('\\n', '\n');
    if (!file) {
      problems.push(`  ${name}, ${fileName}: required with ARCA_ENV=${e.ARCA_ENV}`);
      return '';
    }
    try {
      return readFileSync(resolve(file), 'utf8');
    } catch (error) {
      problems.push(
        `  ${fileName}: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
      return '';
    }
  };
  const certificatePem = pem('ARCA_CERT', e.ARCA_CERT, 'ARCA_CERT_FILE', e.ARCA_CERT_FILE);
  const privateKeyPem = pem('ARCA_KEY', e.ARCA_KEY, 'ARCA_KEY_FILE', e.ARCA_KEY_FILE);
  if (certificatePem && !certificatePem.includes('BEGIN CERTIFICATE'))
    problems.push('  ARCA_CERT: not a PEM certificate (-----BEGIN CERTIFICATE-----)');
  if (privateKeyPem) {
    const keyProblem = privateKeyProblem(privateKeyPem, 'rsa');
    if (keyProblem) problems.push(`  ${e.ARCA_KEY ? 'ARCA_KEY' : 'ARCA_KEY_FILE'}: ${keyProblem}`);
  }
  if (!e.ARCA_CUIT) problems.push(`  ARCA_CUIT: required with ARCA_ENV=${e.ARCA_ENV}`);
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    environment: e.ARCA_ENV,
    ...base,
    cuit: e.ARCA_CUIT!,
    certificatePem,
    privateKeyPem,
    wsaaUrl: e.ARCA_WSAA_URL,
    wsfeUrl: e.ARCA_WSFE_URL,
  };
}

/** Reads the environment; relative folders resolve against `baseDir` (the API package by default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, baseDir = process.cwd()): Config {
  const parsed = CheckedEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const resolve = (dir: string) => (path.isAbsolute(dir) ? dir : path.resolve(baseDir, dir));
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    corsOrigins: e.CORS_ORIGINS,
    apiOrigin: e.API_ORIGIN,
    appLinks: {
      android: { packageName: e.ANDROID_PACKAGE, fingerprints: e.ANDROID_SHA256_FINGERPRINTS },
      ios: { teamId: e.IOS_TEAM_ID, bundleId: e.IOS_BUNDLE_ID },
    },
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : undefined,
    uploadsDir: resolve(e.UPLOADS_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailDir: resolve(e.MAIL_DIR ?? path.join(e.DATA_DIR, 'mail')),
    mailMaxPerEmail: e.MAIL_MAX_PER_EMAIL,
    registerLimits: {
      perIp: e.REGISTER_MAX_PER_IP,
      perDevice: e.REGISTER_MAX_PER_DEVICE,
      windowSeconds: e.REGISTER_WINDOW_SECONDS,
    },
    sessionDays: e.SESSION_DAYS,
    loginLimits: {
      perIp: e.LOGIN_MAX_PER_IP,
      perEmail: e.LOGIN_MAX_PER_EMAIL,
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
    },
    bodyLimit: e.BODY_LIMIT_BYTES,
    uploadLimit: e.UPLOAD_LIMIT_BYTES,
    images: {
      maxPixels: e.IMAGE_MAX_PIXELS,
      maxSide: e.IMAGE_MAX_SIDE,
      maxStoredSide: e.IMAGE_MAX_STORED_SIDE,
    },
    trustProxy: e.TRUST_PROXY,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    timeouts: {
      connectionMs: e.CONNECTION_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      bodyMs: e.BODY_TIMEOUT_MS,
    },
    social: {
      google: { issuer: e.GOOGLE_ISSUER, clientId: e.GOOGLE_CLIENT_ID },
      apple: { issuer: e.APPLE_ISSUER, clientId: e.APPLE_CLIENT_ID },
      facebook: {
        graphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/$/, ''),
        appId: e.FACEBOOK_APP_ID,
        appSecret: e.FACEBOOK_APP_SECRET,
      },
    },
    helpChatUrl: e.HELP_CHAT_URL,
    creditWalletMode: e.CREDIT_WALLET_MODE,
    testMode: e.TEST_MODE,
    thirdParty: {
      ...(e.ANALYTICS_ID ? { analyticsId: e.ANALYTICS_ID } : {}),
      ...(e.TAG_MANAGER_ID ? { tagManagerId: e.TAG_MANAGER_ID } : {}),
      ...(e.SESSION_RECORDING_ID ? { sessionRecordingId: e.SESSION_RECORDING_ID } : {}),
    },
    applicationId: e.APPLICATION_ID,
    countryId: e.COUNTRY_ID,
    entityTypeId: e.ENTITY_TYPE_ID,
    saleConditionId: e.SALE_CONDITION_ID,
    externalLinkCompanies: e.EXTERNAL_LINK_COMPANIES,
    opsToken: e.OPS_TOKEN,
    paymentsSandbox: e.PAYMENTS_SANDBOX,
    outboxWorker: e.OUTBOX_WORKER,
    mercadopago:
      e.MERCADOPAGO_ACCESS_TOKEN && e.MERCADOPAGO_WEBHOOK_SECRET
        ? {
            apiUrl: e.MERCADOPAGO_API_URL.replace(/\/$/, ''),
            accessToken: e.MERCADOPAGO_ACCESS_TOKEN,
            webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET,
          }
        : undefined,
    uala:
      e.UALA_API_URL && e.UALA_USERNAME && e.UALA_CLIENT_ID && e.UALA_CLIENT_SECRET && e.UALA_WEBHOOK_SECRET
        ? {
            apiUrl: e.UALA_API_URL.replace(/\/$/, ''),
            username: e.UALA_USERNAME,
            clientId: e.UALA_CLIENT_ID,
            clientSecret: e.UALA_CLIENT_SECRET,
            webhookSecret: e.UALA_WEBHOOK_SECRET,
          }
        : undefined,
    vapid: { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT },
    pushServiceHosts: e.PUSH_SERVICE_HOSTS,
    ...loadPushCredentials(e, resolve),
    storage: storageConfig(e, resolve(e.UPLOADS_DIR)),
    metrics:
      e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST ?? e.HOST, port: e.METRICS_PORT },
    shutdown: { graceMs: e.SHUTDOWN_GRACE_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    arca: loadArcaConfig(e, resolve),
  };
}
