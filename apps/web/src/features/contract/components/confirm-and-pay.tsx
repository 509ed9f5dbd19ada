/**
 * The summary's payment (issue 19, "Confirmar y pagar"): the methods with the one that can pay chosen
 * beforehand, and one button that confirms the process (POST …/confirm, which issues the insurance
 * 'Pendiente de pago') and pays it (POST /customers/payments) in one tap. Confirming is idempotent (a
 * confirmed process answers its insurance again) and the payment carries the attempt's Idempotency-Key,
 * so a retry after a lost answer issues and pays once. A price that changed meanwhile (`quote_expired`), a
 * start date now past or a process confirmed elsewhere are said beside the button; the process is read
 * again and priced anew.
 *
 * Once confirmed and still unpaid (a refused wallet payment, a checkout that came back rejected or
 * pending), the same summary stays the place to pay it: `IssuedSummary` in issued-summary.tsx.
 */
import type { ErrorCode, InsuranceProcess, Quote } from '@cubierto/contracts';
import { Button } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PaymentPanel, returnedPaymentOf } from '../../payments/components/payment-panel.tsx';
import { useConfirmProcessMutation } from '../api/confirm-process.ts';

/** The confirmation's refusals a customer can act on, said beside the button. */
const CONFIRM_REFUSALS: readonly ErrorCode[] = [
  'quote_expired',
  'start_date_passed',
  'process_not_in_progress',
];

export function ConfirmAndPay({
  process,
  quote,
  onBack,
}: {
  process: InsuranceProcess;
  /** The price to confirm; the button waits for it. */
  quote: Quote | undefined;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const confirmation = useConfirmProcessMutation();
  // The insurance once issued: a second attempt (another method after a short balance) pays it directly.
  const issued = useRef<number | null>(process.insurance_id);

  const insuranceToPay = async () => {
    if (issued.current !== null) return issued.current;
    if (!quote) throw new Error('No quote to confirm');
    const insurance = await confirmation.mutateAsync({ processId: process.id, quoteId: quote.id });
    issued.current = insurance.id;
    return insurance.id;
  };

  return (
    <PaymentPanel
      totalCents={quote?.premium.total_cents ?? null}
      submitLabel={
        quote ? t('contract.confirmAndPay', { amount: quote.premium.total_nice }) : t('contract.confirm')
      }
      insuranceToPay={insuranceToPay}
      refusals={CONFIRM_REFUSALS}
      returned={returnedPaymentOf(location.state)}
      disabled={!quote}
      secondary={
        <Button variant="default" size="md" onClick={onBack} disabled={confirmation.isPending}>
          {t('common.back')}
        </Button>
      }
    />
  );
}
