/**
 * What the customer is told when something that matters happens to their insurance or their money. The
 * insurances and payments code paths call these inside the transaction that made the change; each names
 * its fact in the key, so the same fact never notifies twice (a retried webhook, a sweep run twice).
 * Texts are Spanish (es-AR), short, and say what to do next when there is something to do.
 */
import { formatArs } from '@cubierto/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { notify } from './notify.ts';

type InsuranceRef = { id: number; userId: number; number: string };

export async function notifyInsuranceInForce(tx: DbOrTx, insurance: InsuranceRef) {
  await notify(tx, {
    userId: insurance.userId,
    title: 'Tu seguro está vigente',
    body: `La contratación ${insurance.number} ya tiene cobertura. Podés descargar tu constancia.`,
    action: { type: 'Insurance', insuranceId: insurance.id },
    key: `insurance:${insurance.id}:vigente`,
  });
}

const ENDED: Record<'anulado' | 'cancelado' | 'invalido', { title: string; body: (n: string) => string }> = {
  anulado: {
    title: 'Tu contratación fue anulada',
    body: (n) => `La contratación ${n} se anuló porque no registramos el pago a tiempo.`,
  },
  cancelado: {
    title: 'Tu seguro fue dado de baja',
    body: (n) => `La contratación ${n} quedó cancelada y ya no tiene cobertura.`,
  },
  invalido: {
    title: 'Tu contratación fue invalidada',
    body: (n) => `La contratación ${n} fue invalidada. Escribinos si necesitás ayuda.`,
  },
};

export async function notifyInsuranceEnded(
  tx: DbOrTx,
  insurance: InsuranceRef,
  status: 'anulado' | 'cancelado' | 'invalido',
) {
  const text = ENDED[status];
  await notify(tx, {
    userId: insurance.userId,
    title: text.title,
    body: text.body(insurance.number),
    action: { type: 'Insurance', insuranceId: insurance.id },
    key: `insurance:${insurance.id}:${status}`,
  });
}

export async function notifyPaymentFailed(
  tx: DbOrTx,
  payment: { id: number; userId: number; amountCents: number; insuranceId: number | null },
  insuranceNumber: string | null,
) {
  await notify(tx, {
    userId: payment.userId,
    title: 'No se pudo realizar el pago',
    body: insuranceNumber
      ? `El pago de ${formatArs(payment.amountCents)} de la contratación ${insuranceNumber} no se acreditó. Podés intentarlo de nuevo.`
      : `El pago de ${formatArs(payment.amountCents)} no se acreditó. Podés intentarlo de nuevo.`,
    action: payment.insuranceId
      ? { type: 'Insurance', insuranceId: payment.insuranceId }
      : { type: 'Message' },
    key: `payment:${payment.id}:failed`,
  });
}

/** A credit or debit on the money wallet ('Mi dinero'). */
export async function notifyWalletMovement(
  tx: DbOrTx,
  movement: { id: number; walletId: number; amountCents: number; description: string },
  userId: number,
) {
  const credit = movement.amountCents > 0;
  await notify(tx, {
    userId,
    title: credit ? 'Ingresó dinero en Mi dinero' : 'Salió dinero de Mi dinero',
    body: `${movement.description}: ${formatArs(Math.abs(movement.amountCents))}.`,
    action: { type: 'WalletMovement', walletId: movement.walletId, walletMovementId: movement.id },
    key: `wallet-movement:${movement.id}`,
  });
}
