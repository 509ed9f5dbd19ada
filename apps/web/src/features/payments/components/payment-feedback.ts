/**
 * The payment toasts (spec §8) and the two payment modals (spec §2 dialog 11), used by the pay page and
 * by the return from a checkout.
 */
import type { InsuranceDetail, PaymentOutcome } from '@cubierto/contracts';
import { openInfoDialog } from '../../../shared/dialogs/dialogs.tsx';
import { formatDay } from '../../../shared/format/format.ts';
import { t } from '../../../shared/i18n/i18n.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { downloadCertificate } from '../../insurances/api/certificate.ts';
import { fetchInsurance } from '../../insurances/api/insurance.ts';

export function showPaymentToast(outcome: PaymentOutcome): void {
  if (outcome === 'approved')
    showToast({ type: 'success', message: t('payments.toast.approved'), duration: 4_000 });
  else if (outcome === 'pending')
    showToast({ type: 'warning', message: t('payments.toast.pending'), duration: 4_000 });
  else showToast({ type: 'danger', message: t('payments.toast.failed'), duration: false });
}

/**
 * '¡Excelente!': the contract is paid, and what the customer can do now. In force: the certificate can be
 * downloaded, from the dialog itself. Paid before its start date: from which day the certificate will be
 * available (its download is disabled until then). The insurance is read again first: the payment just
 * changed it.
 */
export async function openExcellentDialog(insuranceId: number): Promise<void> {
  let insurance: InsuranceDetail | null = null;
  try {
    insurance = await fetchInsurance(insuranceId);
  } catch {
    // Unreadable now: the dialog still says it is paid, without promising the certificate.
  }
  const inForce = insurance?.status === 'vigente';
  const startsOn = insurance?.status === 'pendiente' && insurance.paid_at ? insurance.starts_on : null;
  const download = t('payments.excellent.download');
  const result = await openInfoDialog({
    title: t('payments.excellent.title'),
    subTitle: inForce
      ? t('payments.excellent.inForce')
      : startsOn
        ? t('payments.excellent.startsLater', { date: formatDay(startsOn) })
        : t('payments.excellent.paid'),
    buttons: [
      ...(inForce ? [{ label: download, fill: 'solid' as const }] : []),
      { label: t('payments.excellent.button'), fill: inForce ? 'clear' : 'solid' },
    ],
  });
  if (insurance && typeof result.data === 'object' && result.data.label === download)
    await downloadCertificate(insurance);
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
