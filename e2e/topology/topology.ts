/**
 * The production topology without containers (npm run test:topology): a fresh database on the local
 * PostgreSQL, a Redis of its own, the local S3 server, two API instances started the way the image starts
 * them (plain node with type stripping, NODE's --import of the tracing module) and Debian's nginx in front,
 * round robin without stickiness, the instances trusting its one hop (TRUST_PROXY=1).
 *
 * A small control server lets the browser test stop an instance with SIGTERM and start it again while the
 * journey goes on, and tells where everything is.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startArcaLocalPeer } from '../../apps/api/src/modules/invoices/arca/local-peer.ts';
import { type S3Peer, startS3Peer } from '../../apps/api/test/peers/s3-peer.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(here, '../../apps/api');

/** Ports: the proxy, instance A, instance B, Redis, the control server (3360–3369 by default). */
const BASE = Number(process.env.TOPOLOGY_PORT ?? 3360);
export const PORTS = {
  proxy: BASE,
  a: BASE + 1,
  b: BASE + 2,
  redis: BASE + 3,
  control: BASE + 5,
  metricsA: BASE + 6,
  metricsB: BASE + 7,
} as const;
export const PROXY_URL = `http://127.0.0.1:${PORTS.proxy}`;
export const CONTROL_URL = `http://127.0.0.1:${PORTS.control}`;
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export type InstanceName = 'a' | 'b';
/** What the control server tells the test. */
export type TopologyInfo = {
  proxy: string;
  instances: Record<InstanceName, string>;
  metrics: Record<InstanceName, string>;
  databaseUrl: string;
  dataDir: string;
  mailDir: string;
  accessLog: string;
  logs: Record<InstanceName, string>;
  /** How each stop of an instance ended (exit codes), and how often it was started. */
  stops: Record<InstanceName, Array<number | null>>;
  starts: Record<InstanceName, number>;
};

type Instance = { name: InstanceName; child?: ChildProcess; starts: number; stops: Array<number | null> };

async function waitFor(url: string, ms: number, child?: ChildProcess): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) return;
    } catch {
      // not yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${ms} ms`);
}

function nginxConfig(dir: string): string {
  return `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 512; }
http {
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  log_format upstream '$request_method $request_uri $status $upstream_addr $upstream_status';
  access_log ${dir}/access.log upstream;
  client_max_body_size 20m;
  # Round robin (nginx's default), no stickiness: consecutive requests of one browser go to either instance.
  upstream api {
    server 127.0.0.1:${PORTS.a};
    server 127.0.0.1:${PORTS.b};
  }
  server {
    listen 127.0.0.1:${PORTS.proxy};
    location / {
      proxy_pass http://api;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      # An instance that refuses the connection (stopped, or restarting) is skipped: the request goes to
      # the other one. A request an instance already received is never sent twice.
      proxy_next_upstream error timeout;
      proxy_connect_timeout 2s;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

export type Topology = { info: TopologyInfo; stop(): Promise<void> };

export async function startTopology(): Promise<Topology> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cubierto-topology-'));
  const dataDir = path.join(dir, 'data');
  mkdirSync(dataDir, { recursive: true });
  const children: ChildProcess[] = [];
  const cleanups: Array<() => Promise<void> | void> = [];
  // Undone last in, first out: the folder (logs included) goes last, unless TOPOLOGY_KEEP is set.
  cleanups.push(() => {
    if (!process.env.TOPOLOGY_KEEP) rmSync(dir, { recursive: true, force: true });
  });
  const stopAll = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };

  try {
    // A fresh database on the local PostgreSQL.
    const dbName = `cubierto_topology_${process.pid}`;
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const dbUrl = new URL(SERVER_URL);
    dbUrl.pathname = `/${dbName}`;
    const databaseUrl = dbUrl.toString();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: SERVER_URL });
      c.on('error', () => {});
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
      await c.end();
    });

    // Redis of its own (the machine's shared one is left alone).
    const redis = spawn(
      'redis-server',
      ['--port', String(PORTS.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    children.push(redis);
    cleanups.push(() => stopChild(redis));
    await new Promise((resolve) => setTimeout(resolve, 300));
    execFileSync('redis-cli', ['-p', String(PORTS.redis), 'ping']);

    // The local S3 server.
    const s3: S3Peer = await startS3Peer('cubierto-topology');
    cleanups.push(() => s3.close());

    // One ARCA for both instances, as in production: each instance's own local peer would number the
    // same vouchers twice. The instances reach it as ARCA's homologación, with its certificate and key.
    const arca = await startArcaLocalPeer();
    cleanups.push(() => arca.close());

    const logs = { a: path.join(dir, 'api-a.log'), b: path.join(dir, 'api-b.log') };
    const env = (name: InstanceName): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      PORT: String(PORTS[name]),
      HOST: '127.0.0.1',
      PUBLIC_URL: PROXY_URL,
      DATABASE_URL: databaseUrl,
      REDIS_URL: `redis://127.0.0.1:${PORTS.redis}`,
      ...s3.env('uploads'),
      TRUST_PROXY: '1',
      DATA_DIR: dataDir,
      UPLOADS_DIR: path.join(dataDir, `uploads-${name}`),
      WEB_DIST_DIR: process.env.TOPOLOGY_WEB_DIST_DIR ?? path.resolve(here, '../../apps/web/dist'),
      METRICS_PORT: String(name === 'a' ? PORTS.metricsA : PORTS.metricsB),
      SHUTDOWN_GRACE_MS: '2000',
      LOG_LEVEL: 'info',
      LOGIN_MAX_PER_IP: '1000',
      ARCA_ENV: 'homologacion',
      ARCA_WSAA_URL: arca.wsaaUrl,
      ARCA_WSFE_URL: arca.wsfeUrl,
      ARCA_CUIT: arca.cuit,
      ARCA_CERT: arca.certificatePem,
      ARCA_KEY: arca.privateKeyPem,
    });

    const instances: Record<InstanceName, Instance> = {
      a: { name: 'a', starts: 0, stops: [] },
      b: { name: 'b', starts: 0, stops: [] },
    };
    const startInstance = async (instance: Instance) => {
      const log = createWriteStream(logs[instance.name], { flags: 'a' });
      // As the image runs it: node, its own type stripping, the tracing module first.
      const child = spawn(
        process.execPath,
        ['--max-semi-space-size=16', '--import', './src/instrument.ts', 'src/server.ts'],
        { cwd: apiDir, env: env(instance.name), stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
      instance.child = child;
      instance.starts += 1;
      // Ready: database, migrations, the caches' LISTEN connections, Redis and the bucket all answer.
      await waitFor(`http://127.0.0.1:${PORTS[instance.name]}/readyz`, 90_000, child);
    };
    const stopInstance = async (instance: Instance) => {
      const child = instance.child;
      if (!child || child.exitCode !== null) return;
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      instance.stops.push(await exited);
    };
    // One after the other: the first migrates and seeds, the second finds it done.
    await startInstance(instances.a);
    cleanups.push(() => stopInstance(instances.a));
    await startInstance(instances.b);
    cleanups.push(() => stopInstance(instances.b));

    // nginx from Debian, its configuration and files in the temporary folder.
    const nginxDir = path.join(dir, 'nginx');
    mkdirSync(nginxDir, { recursive: true });
    writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxConfig(nginxDir));
    const nginx = spawn(
      process.env.NGINX_PATH ?? '/usr/sbin/nginx',
      ['-c', path.join(nginxDir, 'nginx.conf'), '-p', nginxDir, '-e', path.join(nginxDir, 'error.log')],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    children.push(nginx);
    cleanups.push(() => stopChild(nginx, 'SIGQUIT'));
    await waitFor(`${PROXY_URL}/api/v4/common/contexts`, 15_000, nginx);

    const info = (): TopologyInfo => ({
      proxy: PROXY_URL,
      instances: { a: `http://127.0.0.1:${PORTS.a}`, b: `http://127.0.0.1:${PORTS.b}` },
      metrics: { a: `http://127.0.0.1:${PORTS.metricsA}`, b: `http://127.0.0.1:${PORTS.metricsB}` },
      databaseUrl,
      dataDir,
      mailDir: path.join(dataDir, 'mail'),
      accessLog: path.join(nginxDir, 'access.log'),
      logs,
      stops: { a: instances.a.stops, b: instances.b.stops },
      starts: { a: instances.a.starts, b: instances.b.starts },
    });

    // The control server: GET / → where everything is; POST /restart/a → SIGTERM, wait for the exit, start
    // again (answers at once; GET / shows the progress); GET /ready/a → 200 once it answers again.
    const restarts: Partial<Record<InstanceName, Promise<void>>> = {};
    const control: Server = createServer((req, res) => {
      const [, action, name] = (req.url ?? '/').split('/') as [string, string?, string?];
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!action) return send(200, info());
      if ((name !== 'a' && name !== 'b') || (action !== 'restart' && action !== 'ready'))
        return send(404, {});
      const instance = instances[name];
      if (action === 'restart' && req.method === 'POST') {
        restarts[name] = (async () => {
          await stopInstance(instance);
          await startInstance(instance);
        })();
        restarts[name]?.catch(() => undefined);
        return send(202, info());
      }
      const pending = restarts[name] ?? Promise.resolve();
      pending.then(
        () => send(200, info()),
        (error: unknown) => send(500, { error: String(error) }),
      );
    });
    await new Promise<void>((resolve) => control.listen(PORTS.control, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => control.close(() => resolve())));

    return { info: info(), stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
}
