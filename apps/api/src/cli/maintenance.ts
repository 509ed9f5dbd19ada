/**
 * Turns maintenance mode on or off until the back office has its switch:
 *   npm run maintenance -- on ["message"]   |   npm run maintenance -- off
 * A running server is asked over HTTP (the embedded database allows one process at a time);
 * when none answers, the setting is written to the database directly.
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { readOpsToken } from '../lib/ops-token.ts';
import { setMaintenance } from '../modules/settings/service.ts';

const [action, ...rest] = process.argv.slice(2);
if (action !== 'on' && action !== 'off') {
  console.error('Usage: npm run maintenance -- on ["message"] | off');
  process.exit(64);
}
const value = { enabled: action === 'on', message: rest.join(' ').trim() || null };
const config = loadConfig();

async function viaServer(): Promise<boolean> {
  const token = readOpsToken(config);
  if (!token) return false;
  try {
    const response = await fetch(`http://127.0.0.1:${config.port}/api/v4/ops/maintenance`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'x-ops-token': token },
      body: JSON.stringify(value),
    });
    if (!response.ok) throw new Error(`the server answered ${response.status}: ${await response.text()}`);
    return true;
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return false;
    throw error;
  }
}

if (!(await viaServer())) {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  await setMaintenance(database.db, value);
  await database.close();
}
console.log(
  `Maintenance mode is ${value.enabled ? 'ON' : 'OFF'}${value.message ? `: ${value.message}` : ''}`,
);
