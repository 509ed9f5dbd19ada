/**
 * Creates an operator account for the back office:
 *   npm run operator:create -- email@example.com "Nombre Apellido"
 * The password comes from OPERATOR_PASSWORD, or a random one is generated and printed once. The operator
 * enrols the TOTP second factor at the first sign-in on /admin-login. Like the maintenance command, a
 * running server is asked over HTTP with the operations token (the embedded database allows one process);
 * when none answers, the account is written to the database directly. Either way it is audited as 'ops_token'.
 */
import { OperatorCreateBodySchema } from '@cubierto/contracts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { readOpsToken } from '../lib/ops-token.ts';
import { newToken } from '../lib/tokens.ts';
import { createOperator } from '../modules/operators/service.ts';

const [email, ...nameParts] = process.argv.slice(2);
const generated = !process.env.OPERATOR_PASSWORD;
const parsed = OperatorCreateBodySchema.safeParse({
  email,
  name: nameParts.join(' ').trim() || email?.split('@')[0],
  password: process.env.OPERATOR_PASSWORD ?? newToken(15),
});
if (!email || !parsed.success) {
  console.error('Usage: OPERATOR_PASSWORD=... npm run operator:create -- email "Name"');
  if (parsed.error)
    for (const issue of parsed.error.issues) console.error(`  ${issue.path.join('.')}: ${issue.message}`);
  process.exit(64);
}
const body = parsed.data;
const config = loadConfig();

async function viaServer(): Promise<boolean> {
  const token = readOpsToken(config);
  if (!token) return false;
  try {
    const response = await fetch(`http://127.0.0.1:${config.port}/api/v4/admin/operators`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ops-token': token },
      body: JSON.stringify(body),
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
  await createOperator(database, { body, audit: { actor: { kind: 'ops_token' }, ip: null } });
  await database.close();
}
console.log(`Operator ${body.email} created. Sign in at ${config.publicUrl}/admin-login`);
if (generated) console.log(`Password (shown once): ${body.password}`);
