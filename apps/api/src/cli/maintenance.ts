/**
 * Turns maintenance mode on or off until the back office has its switch:
 *   npm run maintenance -- on ["message"]   |   npm run maintenance -- off
 * A running server is asked over HTTP; when none answers, the setting is written to the database directly
 * (ops-request.ts).
 */
import { setMaintenance } from '../modules/settings/service.ts';
import { runOpsRequest } from './ops-request.ts';

const [action, ...rest] = process.argv.slice(2);
if (action !== 'on' && action !== 'off') {
  console.error('Usage: npm run maintenance -- on ["message"] | off');
  process.exit(64);
}
const value = { enabled: action === 'on', message: rest.join(' ').trim() || null };
await runOpsRequest({
  method: 'PUT',
  path: '/ops/maintenance',
  body: value,
  direct: (database) => setMaintenance(database.db, value),
});
console.log(
  `Maintenance mode is ${value.enabled ? 'ON' : 'OFF'}${value.message ? `: ${value.message}` : ''}`,
);
