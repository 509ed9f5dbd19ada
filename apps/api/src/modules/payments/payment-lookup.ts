/**
 * GET /customers/payments/by-reference/{ref}: the payment the checkout came back with, read by the return
 * page. One prepared statement (lib/prepared.ts; issue 22: planned on every request before, on PGlite's
 * own thread); another customer's payment is a 404, as findPayment answers.
 */
import type { Payment } from '@cubierto/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';
import { paymentOut } from './payment-service.ts';

const preparedPaymentByReference = preparedPerDatabase((db: Db) =>
  db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.externalReference, sql.placeholder('externalReference')),
        eq(payments.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('payments_by_reference'),
);

export async function findPaymentByReference(
  deps: { db: Db },
  input: { userId: number; externalReference: string },
): Promise<Payment> {
  const [row] = await preparedPaymentByReference(deps.db).execute(input);
  if (!row) throw new AppError('not_found', { message: 'El pago no existe.' });
  return paymentOut(row);
}
