/**
 * Creates an operator account for the back office:
 *   npm run operator:create -- email@example.com "Nombre Apellido"
 * The password comes from OPERATOR_PASSWORD, or a random one is generated and printed once. The operator
 * enrols the TOTP second factor at the first sign-in on /admin-login. Like the maintenance command, it asks
 * a running server, or writes to the database when none answers (ops-request.ts); either way it is audited
 * as 'ops_token'.
 */
import { OperatorCreateBodySchema } from '@cubierto/contracts';
import { newToken } from '../lib/tokens.ts';

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
// Loaded once the arguments are good: a refused command answers without loading the database and the API.
const [{ createOperator }, { runOpsRequest }] = await Promise.all([
  import('../modules/operators/service.ts'),
  import('./ops-request.ts'),
]);
const config = await runOpsRequest({
  method: 'POST',
  path: '/admin/operators',
  body,
  direct: (database) => createOperator(database, { body, audit: { actor: { kind: 'ops_token' }, ip: null } }),
});
console.log(`Operator ${body.email} created. Sign in at ${config.publicUrl}/admin-login`);
if (generated) console.log(`Password (shown once): ${body.password}`);
