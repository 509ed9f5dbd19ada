import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productionEnv } from '../test/production-env.ts';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration', () => {
  it('runs the embedded default with no variables at all', () => {
    const config = loadConfig({}, '/srv/cubierto/apps/api');
    expect(config).toMatchObject({
      port: 3000,
      dataDir: '/srv/cubierto/apps/api/data',
      databaseUrl: undefined,
      seedDemo: true,
    });
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'ochenta', DATABASE_URL: 'mysql://x', SEED_DEMO: 'quizás' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'ochenta', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must start with postgres:\/\//);
    }
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/cubierto' }).databaseUrl).toBe(
      'postgres://u@db:5432/cubierto',
    );
  });
});

describe('production', () => {
  const complete = productionEnv();

  it('refuses the development defaults, naming every unsafe variable at once', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    for (const variable of [
      'PAYMENTS_SANDBOX',
      'SEED_DEMO',
      'PUBLIC_URL',
      'SMTP_URL',
      'OPS_TOKEN',
      'VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY',
    ]) {
      expect(message).toMatch(new RegExp(`^  ${variable}: `, 'm'));
    }
  });

  it('starts with a complete configuration: no sandbox, no demo, no API reference', () => {
    const config = loadConfig(complete);
    expect(config).toMatchObject({
      env: 'production',
      paymentsSandbox: false,
      seedDemo: false,
      apiDocs: false,
      trustProxy: false,
      publicUrl: 'https://app.cubierto.example',
    });
  });

  it('refuses each unsafe value alone', () => {
    const refused: Array<[Record<string, string | undefined>, RegExp]> = [
      [{ PAYMENTS_SANDBOX: 'true' }, /PAYMENTS_SANDBOX: must be false/],
      [{ SEED_DEMO: 'true' }, /SEED_DEMO: must be false/],
      [{ PUBLIC_URL: undefined }, /PUBLIC_URL: required/],
      [{ PUBLIC_URL: 'http://app.cubierto.example' }, /PUBLIC_URL: must be an https/],
      [{ SMTP_URL: undefined }, /SMTP_URL: required/],
      [{ OPS_TOKEN: undefined }, /OPS_TOKEN: required/],
      [{ VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined }, /VAPID_PRIVATE_KEY: required/],
      [{ TEST_MODE: 'true' }, /TEST_MODE: cannot be on/],
    ];
    for (const [change, problem] of refused) {
      const env = Object.fromEntries(
        Object.entries({ ...complete, ...change }).filter(([, value]) => value !== undefined),
      );
      expect(() => loadConfig(env)).toThrow(problem);
    }
  });

  it('serves the API reference in production only when asked, and by default elsewhere', () => {
    expect(loadConfig({ ...complete, API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', API_DOCS: 'false' }).apiDocs).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('takes a number of proxies or their addresses and CIDR ranges', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('refuses true (it believes any client) and what is not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true would believe any client/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY: 10.0.0.0\/33: not an IP/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
  });
});

describe('timeouts', () => {
  it('have defaults, and each can be set', () => {
    expect(loadConfig({}).timeouts).toEqual({ connectionMs: 120_000, requestMs: 90_000, bodyMs: 60_000 });
    expect(
      loadConfig({ CONNECTION_TIMEOUT_MS: '5000', REQUEST_TIMEOUT_MS: '4000', BODY_TIMEOUT_MS: '3000' })
        .timeouts,
    ).toEqual({ connectionMs: 5000, requestMs: 4000, bodyMs: 3000 });
    expect(() => loadConfig({ BODY_TIMEOUT_MS: 'never' })).toThrow(/BODY_TIMEOUT_MS/);
  });
});

describe('storage, metrics and stopping', () => {
  it('stores on the disk by default and in the bucket STORAGE_URL names, with its prefix', () => {
    expect(loadConfig({ UPLOADS_DIR: '/srv/files' }).storage).toEqual({ kind: 'disk', dir: '/srv/files' });
    expect(
      loadConfig({
        STORAGE_URL: 's3://cubierto-files/prod/a',
        S3_ENDPOINT: 'http://minio:9000',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
      }).storage,
    ).toEqual({
      kind: 's3',
      bucket: 'cubierto-files',
      prefix: 'prod/a/',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      forcePathStyle: true,
      accessKeyId: 'id',
      secretAccessKey: 'secret',
    });
    expect(loadConfig({ STORAGE_URL: 's3://cubierto-files' }).storage).toMatchObject({
      prefix: '',
      endpoint: undefined,
      forcePathStyle: false,
    });
  });

  it('refuses a storage URL that is not s3://bucket/prefix and half an S3 key pair', () => {
    expect(() => loadConfig({ STORAGE_URL: 'https://bucket.example.com' })).toThrow(/STORAGE_URL/);
    expect(() => loadConfig({ STORAGE_URL: 's3://cubierto', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
  });

  it('serves metrics only when METRICS_PORT is set, on HOST unless METRICS_HOST says otherwise', () => {
    expect(loadConfig({}).metrics).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464', HOST: '0.0.0.0' }).metrics).toEqual({
      host: '0.0.0.0',
      port: 9464,
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5' }).metrics?.host).toBe('10.0.0.5');
  });

  it('keeps the grace shorter than the stop deadline', () => {
    expect(loadConfig({}).shutdown).toEqual({ graceMs: 5000, timeoutMs: 25000 });
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '30000', SHUTDOWN_TIMEOUT_MS: '20000' })).toThrow(
      /SHUTDOWN_GRACE_MS/,
    );
  });
});

describe('ARCA', () => {
  const problemsOf = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return '';
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
  };

  it('runs the local ARCA peer by default, at point of sale 1', () => {
    expect(loadConfig({}).arca).toEqual({ environment: 'local', pointOfSale: 1, timeoutMs: 15_000 });
  });

  it('reads the certificate and key from their variables or files, with the CUIT and the endpoints', () => {
    const env = productionEnv();
    const dir = mkdtempSync(path.join(tmpdir(), 'cubierto-arca-config-'));
    writeFileSync(path.join(dir, 'arca.crt'), env.ARCA_CERT!);
    writeFileSync(path.join(dir, 'arca.key'), env.ARCA_KEY!);
    const fromFiles = loadConfig(
      {
        ARCA_ENV: 'homologacion',
        ARCA_CUIT: '30-71234567-1',
        ARCA_CERT_FILE: 'arca.crt',
        ARCA_KEY_FILE: path.join(dir, 'arca.key'),
        ARCA_POINT_OF_SALE: '12',
      },
      dir,
    ).arca;
    expect(fromFiles).toMatchObject({
      environment: 'homologacion',
      cuit: '30712345671',
      pointOfSale: 12,
      certificatePem: env.ARCA_CERT,
      privateKeyPem: env.ARCA_KEY,
      wsaaUrl: undefined,
    });
    // A PEM in one variable may come with its line breaks written as \n.
    const inline = loadConfig({ ...env, ARCA_KEY: env.ARCA_KEY!.replaceAll('\n', '\\n') }).arca;
    expect(inline).toMatchObject({ environment: 'homologacion', privateKeyPem: env.ARCA_KEY });
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a bad CUIT, a missing or unreadable certificate, a key that is not one, and both forms at once', () => {
    expect(problemsOf({ ARCA_CUIT: '30-7123' })).toMatch(/ARCA_CUIT: must be the 11 digits/);
    expect(problemsOf({ ARCA_ENV: 'homologacion' })).toMatch(/ARCA_CERT, ARCA_CERT_FILE: required/);
    expect(
      problemsOf({
        ARCA_ENV: 'produccion',
        ARCA_CUIT: '30712345671',
        ARCA_CERT_FILE: '/nonexistent.crt',
        ARCA_KEY: 'x',
      }),
    ).toMatch(/ARCA_CERT_FILE: cannot read \/nonexistent\.crt/);
    const env = productionEnv();
    expect(problemsOf({ ...env, ARCA_KEY: 'not a key' })).toMatch(/ARCA_KEY: is not a PEM private key/);
    expect(problemsOf({ ...env, ARCA_CERT_FILE: 'arca.crt' })).toMatch(
      /ARCA_CERT_FILE: set ARCA_CERT or ARCA_CERT_FILE, not both/,
    );
    expect(problemsOf({ ...env, ARCA_ENV: 'local' })).toMatch(/ARCA_ENV: must be homologacion or produccion/);
  });
});
