/**
 * Configuration: environment variables → typed config, validated once at start.
 * A bad value stops the process with a message naming the variable. Every variable is listed in
 * .env.example at the repository root.
 */
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

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
  /** Seed the demo context, app versions and demo customer when they are missing. */
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
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  LOGIN_MAX_PER_IP: z.coerce.number().int().min(1).default(20),
  LOGIN_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  UPLOAD_LIMIT_BYTES: z.coerce.number().int().min(1024).default(5_242_880),
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
  /** The storefront this deployment serves (spec §9: fixed configuration). */
  APPLICATION_ID: z.coerce.number().int().positive().default(1),
  /** The built-in sandbox payment provider and its checkout page (the embedded default's way to pay). */
  PAYMENTS_SANDBOX: bool.default(true),
  /** Token of the /ops routes (maintenance switch). Absent: the server makes one and writes it to DATA_DIR/ops-token. */
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
});

const UALA_VARIABLES = [
  'UALA_API_URL',
  'UALA_USERNAME',
  'UALA_CLIENT_ID',
  'UALA_CLIENT_SECRET',
  'UALA_WEBHOOK_SECRET',
] as const;

/** A payment provider is configured whole or not at all: half a configuration would fail at the first payment. */
const CheckedEnvSchema = EnvSchema.superRefine((e, ctx) => {
  if (e.MERCADOPAGO_ACCESS_TOKEN && !e.MERCADOPAGO_WEBHOOK_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['MERCADOPAGO_WEBHOOK_SECRET'],
      message: 'required when MERCADOPAGO_ACCESS_TOKEN is set (it verifies the webhooks)',
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
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  redisUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  webDistDir: string | undefined;
  uploadsDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionDays: number;
  loginLimits: { perIp: number; perEmail: number; windowSeconds: number };
  bodyLimit: number;
  uploadLimit: number;
  social: {
    google: { issuer: string; clientId: string | undefined };
    apple: { issuer: string; clientId: string | undefined };
    facebook: { graphUrl: string; appId: string | undefined; appSecret: string | undefined };
  };
  helpChatUrl: string;
  applicationId: number;
  opsToken: string | undefined;
  paymentsSandbox: boolean;
  outboxWorker: boolean;
  mercadopago: { apiUrl: string; accessToken: string; webhookSecret: string } | undefined;
  uala:
    | { apiUrl: string; username: string; clientId: string; clientSecret: string; webhookSecret: string }
    | undefined;
};

export class ConfigError extends Error {}

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
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : undefined,
    uploadsDir: resolve(e.UPLOADS_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionDays: e.SESSION_DAYS,
    loginLimits: {
      perIp: e.LOGIN_MAX_PER_IP,
      perEmail: e.LOGIN_MAX_PER_EMAIL,
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
    },
    bodyLimit: e.BODY_LIMIT_BYTES,
    uploadLimit: e.UPLOAD_LIMIT_BYTES,
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
    applicationId: e.APPLICATION_ID,
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
  };
}
