/**
 * How the operations commands change the running system: a running server is asked over HTTP with the
 * operations token (the embedded database allows one process at a time); when none answers, the change is
 * written to the database directly, after its migrations.
 */
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { readOpsToken } from '../lib/ops-token.ts';

export type OpsRequest = {
  method: 'POST' | 'PUT';
  /** Under /api/v4, e.g. '/ops/maintenance'. */
  path: string;
  body: unknown;
  /** The same change, made on the database when no server answers. */
  direct: (database: Database) => Promise<unknown>;
};

/** Makes the change through the server or the database; answers the configuration it used. */
export async function runOpsRequest(request: OpsRequest): Promise<Config> {
  const config = loadConfig();
  if (!(await viaServer(config, request))) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    await database.migrate();
    await request.direct(database);
    await database.close();
  }
  return config;
}

async function viaServer(config: Config, request: OpsRequest): Promise<boolean> {
  const token = readOpsToken(config);
  if (!token) return false;
  try {
    const response = await fetch(`http://127.0.0.1:${config.port}/api/v4${request.path}`, {
      method: request.method,
      headers: { 'content-type': 'application/json', 'x-ops-token': token },
      body: JSON.stringify(request.body),
    });
    if (!response.ok) throw new Error(`the server answered ${response.status}: ${await response.text()}`);
    return true;
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return false;
    throw error;
  }
}
