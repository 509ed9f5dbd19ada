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

/** 'AAAA-MM-DD' → 'DD/MM/AAAA'. */
function dayEs(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/**
 * The customer's baja, with the figures it applied (contracts cancellationTerms): ended now, with its last
 * day of cover and what came back to Mi dinero, or scheduled to end with its paid period. Its key is the
 * ending's fact (`insurance:{id}:cancelado`), so the plain notice of notifyInsuranceEnded is not sent too.
 */
export async function notifyCancellation(
  tx: DbOrTx,
  insurance: InsuranceRef,
  terms: {
    mode: 'now' | 'end_of_period';
    endsOn: string;
    refundCents: number;
    paid: boolean;
    started: boolean;
  },
) {
  const n = insurance.number;
  const back = `Te devolvimos ${formatArs(terms.refundCents)} en Mi dinero.`;
  const scheduled = terms.mode === 'end_of_period';
  let body: string;
  if (scheduled)
    body = `Registramos la baja de la contratación ${n}: la cobertura sigue hasta el ${dayEs(terms.endsOn)} inclusive y no hay devolución.`;
  else if (!terms.paid) body = `La contratación ${n} quedó cancelada. No se cobró nada.`;
  else if (!terms.started)
    body = `La contratación ${n} quedó cancelada antes de empezar su cobertura. ${back}`;
  else
    body = `La contratación ${n} quedó cancelada: la cobertura terminó el ${dayEs(terms.endsOn)}. ${terms.refundCents > 0 ? back : 'No hay devolución.'}`;
  await notify(tx, {
    userId: insurance.userId,
    title: scheduled ? 'Tu baja quedó programada' : 'Tu seguro fue dado de baja',
    body,
    action: { type: 'Insurance', insuranceId: insurance.id },
    key: `insurance:${insurance.id}:${scheduled ? 'baja_programada' : 'cancelado'}`,
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

/** Endings whose reason is not the status's usual one. */
const ENDED_BY: Record<string, { title: string; body: (n: string) => string }> = {
  withdraw: {
    title: 'Registramos tu arrepentimiento',
    body: (n) => `La contratación ${n} quedó sin efecto y te devolvemos todo lo que pagaste.`,
  },
  reverse: {
    title: 'Tu contratación fue anulada',
    body: (n) =>
      `El medio de pago revirtió el pago de la contratación ${n} (una devolución o un desconocimiento), así que ya no tiene cobertura.`,
  },
};

export async function notifyInsuranceEnded(
  tx: DbOrTx,
  insurance: InsuranceRef,
  status: 'anulado' | 'cancelado' | 'invalido',
  /** The action that ended it (insurance-status.ts), when its reason is not the status's usual one. */
  action?: string,
) {
  const text = (action && ENDED_BY[action]) || ENDED[status];
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

/** A provider took back money credited to a wallet and the balance did not cover it: a debt. */
export async function notifyPaymentReversed(
  tx: DbOrTx,
  input: {
    paymentId: number;
    userId: number;
    walletId: number;
    amount: string;
    how: string;
    owed: string;
    wallet: 'money' | 'credit';
  },
) {
  const name = input.wallet === 'money' ? 'Mi dinero' : 'Mi crédito';
  await notify(tx, {
    userId: input.userId,
    title: `Tenés un saldo negativo en ${name}`,
    body: `El medio de pago informó que un pago de ${input.amount} fue ${input.how}, así que lo descontamos. Debés ${input.owed}: se descuenta del próximo ingreso.`,
    action: { type: 'Message' },
    key: `payment:${input.paymentId}:reversed`,
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
