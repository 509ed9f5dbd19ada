/**
 * `npm run operator:create` with no server running: it writes the operator into the embedded database
 * itself (audited as the operations token), and refuses a short password with the schema's message.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiDir, usePostgres } from '../../../test/harness.ts';
import { childNodeEnv, migratedDataDir } from '../../../test/server-process.ts';
import { openDatabase } from '../../db/client.ts';
import { auditLog, operators } from '../../db/schema/index.ts';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'cubierto-operator-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// No operations token either: nothing to reach a server with.
const { OPS_TOKEN: _none, ...environment } = process.env;

function createOperator(args: string[], password: string) {
  // Node itself, as `npm run operator:create` runs it.
  return run(process.execPath, ['src/cli/create-operator.ts', ...args], {
    cwd: apiDir,
    // A port nothing listens on: the command falls back to the database.
    env: {
      ...environment,
      ...childNodeEnv(),
      DATA_DIR: dataDir,
      PORT: '1',
      OPERATOR_PASSWORD: password,
      LOG_LEVEL: 'silent',
    },
  });
}

describe.skipIf(usePostgres)('npm run operator:create', () => {
  // The command's own work is the subject, not migrating: the data folder starts as the run's migrated copy.
  beforeAll(() => migratedDataDir(dataDir));

  it('creates the operator in the database when no server answers, audited as the operations token', async () => {
    const { stdout } = await createOperator(
      ['cli.ops@example.com', 'Carla', 'Consola'],
      'Clave-De-Consola-2025',
    );
    expect(stdout).toContain('Operator cli.ops@example.com created');
    expect(stdout).not.toContain('Clave-De-Consola-2025');

    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.db
        .select()
        .from(operators)
        .where(eq(operators.email, 'cli.ops@example.com'));
      expect(row).toMatchObject({ name: 'Carla Consola', totpEnabledAt: null });
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      const [entry] = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(row!.id)));
      expect(entry).toMatchObject({ action: 'operator.create', actor: 'ops_token' });
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses a short password with the schema’s message and creates nothing', async () => {
    const failed = await createOperator(['corta@example.com'], 'Corta-1').catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 64 });
    expect((failed as { stderr: string }).stderr).toContain('al menos 12 caracteres');
  }, 60_000);
});
