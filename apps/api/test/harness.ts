/**
 * Test harness: the real app (buildApp) on a real database engine. PGlite in memory by default; a fresh
 * PostgreSQL database per test file when CUBIERTO_TEST_DB=postgres (TEST_DATABASE_URL names the server).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, migrationsFolder, openDatabase } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { type Mailer, type MailMessage, mailboxFileSuffix } from '../src/lib/mail.ts';
import { createMemoryRateLimiter } from '../src/lib/rate-limiter.ts';
import { migratedDataDir } from './server-process.ts';

export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const usePostgres = process.env.CUBIERTO_TEST_DB === 'postgres';
export const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL database's URL (absent on PGlite), for a second handle as another instance would have. */
  databaseUrl?: string;
  config: Config;
  close(): Promise<void>;
};

/**
 * A new PostgreSQL database on the test server: its URL, and how to drop it. Empty, or with `migrated`
 * a copy of the migrated template (migratedPostgresTemplate) that the app's migrate() then finds current.
 */
export async function createPostgresDatabase(
  options: { migrated?: boolean } = {},
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cubierto_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const template = options.migrated ? await migratedPostgresTemplate() : undefined;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      c.on('error', () => {});
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await c.end();
    },
  };
}

/**
 * The migrated empty database every PGlite test database starts from, as an image made once per worker
 * process (the workers keep their modules between files) from the run's migrated data folder
 * (server-process.ts), which the run migrates once for every worker: a fresh database opened from it is
 * the same as one created and migrated, in about a third of the time.
 */
let migratedImage: Promise<Blob> | undefined;
function migratedPgliteImage(): Promise<Blob> {
  migratedImage ??= (async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cubierto-image-'));
    try {
      await migratedDataDir(dataDir);
      const database = await openDatabase({ dataDir });
      const image = await (database.image as () => Promise<Blob>)();
      await database.close();
      return image;
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  })();
  return migratedImage;
}

/**
 * The migrated empty PostgreSQL database every test database of the PostgreSQL run is copied from
 * (`create database … template`): a copy takes about 0.3 s where migrating a new database took 1.3–2.6 s
 * (2026-11-27, load 4), for each database of the run. Its name carries a hash of the
 * migrations, so a changed migration makes a new template, and the server keeps it between runs. It is
 * built under a name of its own and renamed when complete: a crash half-way leaves no template, and of
 * two workers building it at once, the second's rename fails and it takes the first's. Older templates
 * made over an hour before (other migrations) are dropped when a new one is made.
 */
let migratedTemplate: Promise<string> | undefined;
function migratedPostgresTemplate(): Promise<string> {
  migratedTemplate ??= (async () => {
    const hash = createHash('sha256');
    for (const file of readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort()) {
      hash.update(file.slice(migrationsFolder.length)).update(readFileSync(file));
    }
    const template = `cubierto_template_${hash.digest('hex').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [template]);
      if (rowCount) return template;
      const building = `${template}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      await admin.query(`create database ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      try {
        await admin.query(`alter database ${building} rename to ${template}`);
      } catch {
        // Another worker's template was complete first.
        await admin.query(`drop database if exists ${building} with (force)`);
        return template;
      }
      await admin.query(`comment on database ${template} is '${new Date().toISOString()}'`);
      // Templates of other migrations made over an hour ago (a run of another checkout may use a newer one).
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database
          where datname like 'cubierto\\_template\\_%' and left(datname, length($1)) <> $1
            and coalesce(shobj_description(oid, 'pg_database'), '') < $2`,
        [template, new Date(Date.now() - 3_600_000).toISOString()],
      );
      for (const { datname } of rows)
        await admin.query(`drop database if exists "${datname}"`).catch(() => undefined);
      return template;
    } finally {
      await admin.end();
    }
  })();
  return migratedTemplate;
}

/** A fresh, migrated database: in-memory PGlite, or a new PostgreSQL database dropped on close. */
export async function createTestDatabase(
  options: { poolSize?: number } = {},
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  if (!usePostgres) {
    const database = await openDatabase({ pgliteImage: await migratedPgliteImage() });
    // Nothing to do on the image, but a test database stays one that was migrated the app's way.
    await database.migrate();
    return { database, drop: () => database.close() };
  }
  const created = await createPostgresDatabase({ migrated: true });
  const database = await openDatabase({ databaseUrl: created.url, poolSize: options.poolSize ?? 10 });
  // Nothing to do on the template's copy, but a test database stays one that was migrated the app's way.
  await database.migrate();
  return {
    database,
    url: created.url,
    async drop() {
      await database.close();
      await created.drop();
    },
  };
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    overrides?: BuildAppOptions['overrides'];
    opsToken?: string;
    poolSize?: number;
  } = {},
): Promise<TestApp> {
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'cubierto-uploads-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '',
      UPLOADS_DIR: uploadsDir,
      DATA_DIR: uploadsDir,
      // Tests register hundreds of customers from one address; auth.test.ts checks the limits themselves.
      REGISTER_MAX_PER_IP: '100000',
      REGISTER_MAX_PER_DEVICE: '100000',
      ...options.env,
    },
    apiDir,
  );
  const { database, url, drop } = await createTestDatabase({ poolSize: options.poolSize });
  await seedReferenceData(database.db);
  // A test that catches mail itself still lets registerCustomer read the codes it was sent.
  const sent: MailMessage[] = [];
  const mailer = options.overrides?.mailer && recordingMailer(options.overrides.mailer, sent);
  const app = await buildApp({
    config,
    database,
    overrides: {
      rateLimiter: createMemoryRateLimiter(),
      ...options.overrides,
      ...(mailer ? { mailer } : {}),
    },
    ...(options.opsToken ? { opsToken: options.opsToken } : {}),
  });
  await app.ready();
  caughtMail.set(app, sent);
  return {
    app,
    database,
    ...(url ? { databaseUrl: url } : {}),
    config,
    async close() {
      await app.close();
      await drop();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;

export function uniqueEmail(prefix = 'cliente'): string {
  counter += 1;
  return `${prefix}.${process.pid}.${counter}.${Date.now()}@example.com`;
}

/**
 * A DNI no other registration of this run has: an account's DNI is its own (document_taken). Between
 * 20 and 30 million, clear of the ranges the referral tests count in.
 */
export function uniqueDni(): string {
  counter += 1;
  return String(20_000_000 + (process.pid % 1000) * 10_000 + (counter % 10_000));
}

export const GOOD_PASSWORD = 'Tornado-Azul-2025';

/** Mails sent through a test's own mailer, per app (see createTestApp). */
const caughtMail = new WeakMap<FastifyInstance, MailMessage[]>();

function recordingMailer(mailer: Mailer, sent: MailMessage[]): Mailer {
  return {
    async send(message) {
      sent.push(message);
      await mailer.send(message);
    },
  };
}

/**
 * The mails to `to`, oldest first: from the app's development mailbox (no SMTP_URL) as raw .eml text, or,
 * when the test gave the app its own mailer, their text parts.
 */
export function mailsTo(app: FastifyInstance, to: string): string[] {
  const caught = caughtMail.get(app);
  if (caught?.length) {
    const address = to.trim().toLowerCase();
    return caught.filter((m) => m.to.trim().toLowerCase() === address).map((m) => m.text);
  }
  const dir = app.deps.config.mailDir;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const suffix = mailboxFileSuffix(to);
  return names
    .filter((name) => name.endsWith(suffix))
    .sort()
    .map((name) => readFileSync(path.join(dir, name), 'utf8'));
}

/** The 6-digit code of a registration mail: alone on its line in the text part. */
export function registrationCodeIn(raw: string): string | undefined {
  return /^(\d{6})\r?$/m.exec(raw)?.[1];
}

/** The latest registration code mailed to `to`, waiting up to `ms` for it to arrive. */
export async function registrationCodeFromMailbox(app: FastifyInstance, to: string, ms = 3000) {
  let code: string | undefined;
  await until(() => {
    code = mailsTo(app, to).map(registrationCodeIn).filter(Boolean).at(-1);
    return code !== undefined;
  }, ms);
  return code!;
}

/**
 * Registers a new customer through the API as the app does (the form, then the code mailed to the
 * address) and returns its bearer token and e-mail. `codeFor` reads the code where the test's mail goes
 * (the development mailbox by default).
 */
export async function registerCustomer(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  options: {
    codeFor?: (email: string) => Promise<string>;
    headers?: Record<string, string>;
    /** The client's address (each registration counts against its IP's limit). */
    ip?: string;
  } = {},
) {
  const body = {
    name: 'Juan Pérez',
    email: uniqueEmail(),
    password: GOOD_PASSWORD,
    dni: uniqueDni(),
    accepted_terms: true,
    ...overrides,
  };
  const headers = options.headers ?? {};
  const remoteAddress = options.ip ?? '127.0.0.1';
  const started = await app.inject({
    method: 'POST',
    url: '/api/v4/auth/register',
    payload: body,
    headers,
    remoteAddress,
  });
  if (started.statusCode !== 202) throw new Error(`register failed: ${started.statusCode} ${started.body}`);
  const email = String(body.email).trim().toLowerCase();
  const code = await (options.codeFor ?? ((to) => registrationCodeFromMailbox(app, to)))(email);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v4/auth/register/confirm',
    payload: { email, code },
    headers,
    remoteAddress,
  });
  if (res.statusCode !== 201) throw new Error(`register confirm failed: ${res.statusCode} ${res.body}`);
  const token = res.json<{ access_token: string }>().access_token;
  return {
    token,
    email: body.email as string,
    password: body.password as string,
    /** The DNI the account was registered with, as typed. */
    dni: String(body.dni),
    auth: { authorization: `Bearer ${token}` },
  };
}

/**
 * The test database as another API instance would reach it: its own pool on PostgreSQL, the same (only)
 * handle on PGlite. Close it only when it is not `t.database`.
 */
export async function anotherHandle(t: TestApp): Promise<Database> {
  return usePostgres && t.databaseUrl ? openDatabase({ databaseUrl: t.databaseUrl }) : t.database;
}

/** Waits until `check` holds, looking every 10 ms; throws after `ms`. */
export async function until(check: () => Promise<boolean> | boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
