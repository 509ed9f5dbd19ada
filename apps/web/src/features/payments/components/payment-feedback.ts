/**
 * The payment toasts (spec §8), for the return from a top-up's checkout, and the 'not paid yet' modal
 * (spec §2 dialog 11) after an insurance's checkout came back failed or pending. The spec's other payment
 * modal, '¡Excelente!', is the 'Estás cubierto' screen now (pages/covered-page.tsx, issue 19).
 */
import type { PaymentOutcome } from '@cubierto/contracts';
import { openInfoDialog } from '../../../shared/dialogs/dialogs.tsx';
import { t } from '../../../shared/i18n/i18n.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';

export function showPaymentToast(outcome: PaymentOutcome): void {
  if (outcome === 'approved')
    showToast({ type: 'success', message: t('payments.toast.approved'), duration: 4_000 });
  else if (outcome === 'pending')
    showToast({ type: 'warning', message: t('payments.toast.pending'), duration: 4_000 });
  else showToast({ type: 'danger', message: t('payments.toast.failed'), duration: false });
}

/**
 * 'Tu contratación aún no está paga', over the screen where it is paid: 'Pagar ahora' (or closing it)
 * stays there, 'Más tarde' leaves.
 */
export async function openNotPaidDialog(): Promise<'pay' | 'later'> {
  const laterLabel = t('payments.notPaid.later');
  const result = await openInfoDialog({
    title: t('payments.notPaid.title'),
    subTitle: t('payments.notPaid.subtitle'),
    buttons: [
      { label: t('payments.notPaid.pay'), fill: 'solid' },
      { label: laterLabel, fill: 'clear' },
    ],
  });
  return typeof result.data === 'object' && result.data.label === laterLabel ? 'later' : 'pay';
}
