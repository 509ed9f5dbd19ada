/**
 * The payment toasts (spec §8) and the two payment modals (spec §2 dialog 11), used by the pay page and
 * by the return from a checkout.
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

/** '¡Excelente!': the contract is paid and the certificate can be downloaded. */
export async function openExcellentDialog(): Promise<void> {
  await openInfoDialog({
    title: t('payments.excellent.title'),
    subTitle: t('payments.excellent.subtitle'),
    buttonText: t('payments.excellent.button'),
    buttonColor: 'brand',
  });
}

/** 'Tu contratación aún no está pagada', offering to pay now. */
export async function openNotPaidDialog(): Promise<'pay' | 'later'> {
  const payLabel = t('payments.notPaid.pay');
  const result = await openInfoDialog({
    title: t('payments.notPaid.title'),
    subTitle: t('payments.notPaid.subtitle'),
    buttons: [
      { label: payLabel, fill: 'solid' },
      { label: t('payments.notPaid.later'), fill: 'clear' },
    ],
  });
  return typeof result.data === 'object' && result.data.label === payLabel ? 'pay' : 'later';
}
