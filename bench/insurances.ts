/**
 * Buying-issue figures: the coverage certificate (median generation time and size of the PDF) and the
 * insurances list of a customer with 50 insurances under load (autocannon, the app in a child process).
 *   npx tsx bench/insurances.ts          (BENCH_DURATION=10, BENCH_CONNECTIONS=10, BENCH_RENDERS=40)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RISK_TYPES, type RiskTypeCode } from '@cubierto/contracts';
import autocannon from 'autocannon';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { insurances } from '../apps/api/src/db/schema/index.ts';
import { seedDemoCatalog, seedReferenceData } from '../apps/api/src/db/seed.ts';
import { renderCertificate } from '../apps/api/src/modules/insurances/certificate.ts';
import { isoDaysFromToday, riskAnswers, uploadPhoto } from '../apps/api/test/contracting.ts';
import { registerCustomer } from '../apps/api/test/harness.ts';
import { startSmtpPeer } from '../apps/api/test/peers/smtp-peer.ts';
import { productionEnv } from '../apps/api/test/production-env.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const apiDir = path.resolve(benchDir, '../apps/api');
const resultsDir = path.join(benchDir, 'results');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 40);
const INSURANCES = 50;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

async function main() {
  const tmp = mkdtempSync(path.join(tmpdir(), 'cubierto-bench-ins-'));
  // Registration mails its confirmation code: the bench reads it from a local SMTP server.
  const smtp = await startSmtpPeer();
  try {
    const config = loadConfig(
      {
        ...productionEnv({ SMTP_URL: smtp.url }),
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: '',
        DATA_DIR: tmp,
        UPLOADS_DIR: path.join(tmp, 'uploads'),
        PUBLIC_URL: 'https://app.cubierto.com.ar',
      },
      apiDir,
    );
    const database = await openDatabase({ dataDir: path.join(tmp, 'db') });
    await database.migrate();
    await seedReferenceData(database.db);
    const app = await buildApp({ config, database });
    await seedDemoCatalog(database.db, app.deps.storage);

    const { auth } = await registerCustomer(
      app,
      { name: 'Bench Cliente', email: 'bench@example.com', dni: '30123456' },
      { codeFor: (email) => smtp.registrationCode(email) },
    );
    const catalogue = (
      await app.inject({ method: 'GET', url: '/api/v4/public-policies?per_page=100' })
    ).json<{
      data: Array<{
        external_url: string | null;
        risk_type: { short_code: string };
        coverages: Array<{ id: number }>;
      }>;
    }>().data;
    const provinces = (await app.inject({ method: 'GET', url: '/api/v4/common/provinces' })).json<{
      data: Array<{ id: number; code: string }>;
    }>().data;
    const caba = provinces.find((p) => p.code === 'C')!;
    const localities = (
      await app.inject({ method: 'GET', url: `/api/v4/common/provinces/${caba.id}/localities` })
    ).json<{ data: Array<{ id: number }> }>().data;
    const ids = { stateId: caba.id, localityId: localities[0]!.id };
    const entity = (
      await app.inject({ method: 'GET', url: '/api/v4/customers/entities', headers: auth })
    ).json<{ data: Array<{ id: number }> }>().data[0]!.id;

    const mix: RiskTypeCode[] = ['cell-phone', 'home', 'bag', 'travel-assistance', 'personal-accident'];
    let phoneInsurance = 0;
    for (let i = 0; i < INSURANCES; i++) {
      const code = mix[i % mix.length]!;
      const coverage = catalogue.find((p) => p.risk_type.short_code === code && !p.external_url)!
        .coverages[0]!.id;
      const process = (
        await app.inject({
          method: 'POST',
          url: '/api/v4/customers/insurance-processes',
          headers: auth,
          payload: { coverage_id: coverage },
        })
      ).json<{
        data: { id: number; steps: string[] };
      }>().data;
      for (const step of process.steps) {
        const body =
          step === 'risk'
            ? riskAnswers(code, ids)
            : step === 'photos'
              ? { photos: [await uploadPhoto(app, auth, 1), await uploadPhoto(app, auth, 2)] }
              : step === 'dates'
                ? {
                    start_date: isoDaysFromToday(0),
                    // A trip is short; a cover runs half a year (both within their type's maxDays).
                    end_date: isoDaysFromToday(RISK_TYPES[code].dates?.kind === 'trip' ? 10 : 180),
                  }
                : { taker_entity_id: entity, billing_entity_id: entity };
        await app.inject({
          method: 'PUT',
          url: `/api/v4/customers/insurance-processes/${process.id}/steps/${step}`,
          headers: auth,
          payload: body,
        });
      }
      const quote = (
        await app.inject({
          method: 'POST',
          url: `/api/v4/customers/insurance-processes/${process.id}/quote`,
          headers: auth,
        })
      ).json<{ data: { id: number } }>().data;
      const confirmed = await app.inject({
        method: 'POST',
        url: `/api/v4/customers/insurance-processes/${process.id}/confirm`,
        headers: auth,
        payload: { quote_id: quote.id },
      });
      if (confirmed.statusCode !== 201) throw new Error(`confirm failed: ${confirmed.body}`);
      if (code === 'cell-phone' && !phoneInsurance)
        phoneInsurance = confirmed.json<{ data: { id: number } }>().data.id;
    }
    await database.db.update(insurances).set({ status: 'vigente', paidAt: new Date() });
    const userId = (await app.inject({ method: 'GET', url: '/api/v4/auth/user', headers: auth })).json<{
      data: { id: number };
    }>().data.id;

    // Certificate: warm up, then time each render.
    await renderCertificate(database.db, {
      userId,
      insuranceId: phoneInsurance,
      publicUrl: config.publicUrl,
    });
    const times: number[] = [];
    let size = 0;
    for (let i = 0; i < RENDERS; i++) {
      const start = performance.now();
      const { pdf } = await renderCertificate(database.db, {
        userId,
        insuranceId: phoneInsurance,
        publicUrl: config.publicUrl,
      });
      times.push(performance.now() - start);
      size = pdf.length;
    }
    await app.close();
    await database.close();

    // The list under load, the app in a child process on the same data.
    const child: ChildProcess = fork(path.join(benchDir, 'server.ts'), [], {
      execArgv: ['--import', 'tsx'],
      cwd: path.resolve(benchDir, '..'),
      env: {
        ...process.env,
        BENCH_TARGET: 'app',
        BENCH_DATA_DIR: path.join(tmp, 'db'),
        BENCH_TMP_DIR: tmp,
        LOG_LEVEL: 'silent',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m: { port?: number }) =>
        m.port ? resolve(m.port) : reject(new Error('no port')),
      );
      child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    const url = `http://127.0.0.1:${port}/api/v4/customers/insurances?per_page=50`;
    const check = await fetch(url, { headers: auth });
    const listed = (await check.json()) as { data: unknown[] };
    if (check.status !== 200 || listed.data.length !== INSURANCES)
      throw new Error(`list answered ${check.status} with ${listed.data.length}`);
    await autocannon({ url, headers: auth, connections: CONNECTIONS, duration: 2 });
    const result = await autocannon({ url, headers: auth, connections: CONNECTIONS, duration: DURATION });
    child.kill('SIGTERM');
    if (result.non2xx || result.errors || result.timeouts)
      throw new Error('the list answered errors under load');

    const figures = {
      date: new Date().toISOString(),
      certificate: {
        renders: RENDERS,
        median_ms: Number(median(times).toFixed(1)),
        max_ms: Number(Math.max(...times).toFixed(1)),
        size_bytes: size,
      },
      list: {
        insurances: INSURANCES,
        connections: CONNECTIONS,
        duration_s: DURATION,
        req_per_s: Math.round(result.requests.average),
        p50_ms: result.latency.p50,
        p99_ms: result.latency.p99,
      },
    };
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, 'insurances-latest.json'), `${JSON.stringify(figures, null, 2)}\n`);
    console.log('\n| measure | figure |\n| --- | --: |');
    console.log(`| certificate PDF, median of ${RENDERS} renders | ${figures.certificate.median_ms} ms |`);
    console.log(`| certificate PDF size | ${(size / 1024).toFixed(1)} KiB |`);
    console.log(
      `| GET /customers/insurances (50 insurances, per_page=50), req/s | ${figures.list.req_per_s} |`,
    );
    console.log(`| same, p50 / p99 | ${figures.list.p50_ms} / ${figures.list.p99_ms} ms |`);
  } finally {
    await smtp.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
