/**
 * How an insurance is paid, on the contract's summary ('Confirmar y pagar $ X') and on the pay page
 * ('Pagar $ X'), issue 19: the methods the server offers (Mi dinero and Mi crédito with their balances,
 * Mi crédito only in credit wallet mode, then the configured checkouts), the one that can pay chosen
 * beforehand (model/preselect.ts), and one button that gets the insurance to pay (the summary confirms the
 * process first) and pays it. A wallet pays at once and the customer lands on 'Estás cubierto'; a checkout
 * leaves the app after 'Aviso de redireccionamiento' (spec §6): on the web said under the button while a
 * checkout is chosen ("Estás por salir de la app: vas a pagar en Mercado Pago."), so the button goes
 * straight to it; in the Android and iOS apps asked in the modal once it is pressed (docs/decisions/026).
 *
 * Expected outcomes are said beside the button, in plain Spanish and without codes: a balance that falls
 * short (`insufficient_funds`, with the way to add money), a checkout that came back rejected or pending
 * (`returned`), a refusal of the confirmation. Only the unexpected goes to the central handler (spec §8).
 * One Idempotency-Key per attempt, kept when the request got no answer, so the retry cannot pay twice.
 */
import type { ErrorCode, PaymentMethod, PayResult } from '@cubierto/contracts';
import { Alert, Anchor, Button, Flex, Group, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, hasErrorCode, isUnanswered } from '../../../shared/api/api-error.ts';
import { appConfigQueryOptions } from '../../../shared/config/app-config.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import {
  CheckoutNotice,
  isCheckoutMethod,
  showsCheckoutNotice,
} from '../../../shared/native/checkout-notice.tsx';
import { confirmLeavingForCheckout, goToCheckout } from '../../../shared/native/permissions.ts';
import { IconAlert, IconInfo } from '../../../shared/ui/icons.tsx';
import { WALLET_PATHS, type WalletKind, walletQueryOptions } from '../../../shared/wallets/wallets.ts';
import { usePayInsuranceMutation } from '../api/pay-insurance.ts';
import { preselectPaymentMethod } from '../model/preselect.ts';

const WALLET_OF: Partial<Record<PaymentMethod, WalletKind>> = {
  money_wallet: 'money',
  credit_wallet: 'credit',
};

/** Call site of the central error handler for an unexpected failure while paying. */
const PAY_ERROR_SITE = 40;

/** Where a paid insurance is shown: 'Estás cubierto'. */
export const coveredPath = (insuranceId: number) => `/customers/insurances/${insuranceId}/cubierto`;

/** A checkout that came back without the money (payment-return.ts hands it to the screen it opens). */
export type ReturnedPayment = { outcome: 'failing' | 'pending'; method: PaymentMethod | null };

/** What the router state of a payment screen may carry after a checkout came back. */
export function returnedPaymentOf(state: unknown): ReturnedPayment | null {
  const returned = (state as { returnedPayment?: ReturnedPayment } | null)?.returnedPayment;
  return returned && (returned.outcome === 'failing' || returned.outcome === 'pending') ? returned : null;
}

type Reason =
  | { kind: 'short'; wallet: WalletKind; message: string }
  | { kind: 'returned'; returned: ReturnedPayment }
  | { kind: 'refused'; message: string };

function WalletBalance({ kind }: { kind: WalletKind }) {
  const { t } = useTranslation();
  const wallet = useQuery(walletQueryOptions(kind));
  if (wallet.isError) return <Text size="sm">{t('payments.pay.balanceUnavailable')}</Text>;
  if (!wallet.data) return <Skeleton h={16} w={120} />;
  return <Text size="sm">{t('payments.pay.balance', { balance: wallet.data.balance_nice })}</Text>;
}

/** One choice of the payment method: its name and what to know about it. */
function MethodCard({ method, children }: { method: PaymentMethod; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Radio.Card value={method} radius="md" p="md">
      <Group wrap="nowrap" align="flex-start">
        <Radio.Indicator />
        <Stack gap={2}>
          <Text fw={600}>{t(`payments.method.${method}`)}</Text>
          {children}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

function ReasonAlert({ reason, id }: { reason: Reason; id: string }) {
  const { t } = useTranslation();
  if (reason.kind === 'short') {
    return (
      <Alert
        id={id}
        color="warning"
        variant="light"
        icon={<IconAlert />}
        title={t('payments.pay.shortTitle')}
      >
        <Stack gap={6} align="flex-start">
          <Text size="sm">{reason.message}</Text>
          <Anchor component={Link} to={`/customers/${WALLET_PATHS[reason.wallet]}`} fw={600} size="sm">
            {reason.wallet === 'money' ? t('payments.pay.addMoney') : t('payments.pay.addCredit')}
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  if (reason.kind === 'returned') {
    const { outcome, method } = reason.returned;
    const methodName = method ? t(`payments.method.${method}`) : null;
    const key = outcome === 'pending' ? 'pending' : 'failed';
    return (
      <Alert
        id={id}
        color={outcome === 'pending' ? 'info' : 'warning'}
        variant="light"
        icon={outcome === 'pending' ? <IconInfo /> : <IconAlert />}
        title={t(`payments.returned.${key}Title`)}
      >
        <Text size="sm">
          {methodName
            ? t(`payments.returned.${key}With`, { method: methodName })
            : t(`payments.returned.${key}`)}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert
      id={id}
      color="warning"
      variant="light"
      icon={<IconAlert />}
      title={t('payments.pay.refusedTitle')}
    >
      <Text size="sm">{reason.message}</Text>
    </Alert>
  );
}

export type PaymentPanelProps = {
  /** What is paid, in centavos; null while it is not known yet (nothing is chosen then). */
  totalCents: number | null;
  /** The button: 'Confirmar y pagar $ X' or 'Pagar $ X'. */
  submitLabel: string;
  /**
   * The insurance to pay: the summary confirms its process here (confirming again answers the same
   * insurance, so a retry is safe). Throws what the API answered.
   */
  insuranceToPay: () => Promise<number>;
  /** Refusals of `insuranceToPay` that are said beside the button with the API's message. */
  refusals?: readonly ErrorCode[];
  /** A checkout that came back rejected or pending: said beside the button, another method offered. */
  returned?: ReturnedPayment | null;
  /** Before the button, on its left from the phone's width up ('Volver' on the summary). */
  secondary?: ReactNode;
  /** Nothing to pay with yet (the summary's price is still being read). */
  disabled?: boolean;
};

export function PaymentPanel({
  totalCents,
  submitLabel,
  insuranceToPay,
  refusals = [],
  returned = null,
  secondary,
  disabled = false,
}: PaymentPanelProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reasonId = useId();
  const noticeId = useId();
  const payment = usePayInsuranceMutation();
  const config = useQuery(appConfigQueryOptions);
  const money = useQuery(walletQueryOptions('money'));
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const [paying, setPaying] = useState(false);
  const [reason, setReason] = useState<Reason | null>(returned ? { kind: 'returned', returned } : null);
  // One key per attempt, reused when the same attempt is retried after no answer (decision 017).
  const attemptKey = useRef<string | null>(null);

  // The choice is made for the customer once the balance and the offered checkouts are known.
  const known = totalCents !== null && !!config.data && (!!money.data || money.isError);
  const method: PaymentMethod | null =
    chosen ??
    (known
      ? preselectPaymentMethod({
          totalCents: totalCents ?? 0,
          moneyBalanceCents: money.data?.balance_cents ?? null,
          checkoutMethods: config.data?.checkout_methods ?? [],
          passOver: returned?.method ?? null,
        })
      : null);

  const pay = async () => {
    if (!method) return;
    setPaying(true);
    setReason(null);
    // A checkout leaves the app: 'Aviso de redireccionamiento' first (spec §6), before anything is created
    // (the modal in the apps; on the web it was said beside the button).
    if (isCheckoutMethod(method) && !(await confirmLeavingForCheckout())) {
      setPaying(false);
      return;
    }
    attemptKey.current ??= crypto.randomUUID();
    let insuranceId: number | null = null;
    try {
      insuranceId = await insuranceToPay();
      const answer: PayResult = await payment.mutateAsync({
        insuranceId,
        method,
        idempotencyKey: attemptKey.current,
      });
      attemptKey.current = null;
      if (answer.checkout_url) {
        await goToCheckout(answer.checkout_url);
        return;
      }
      await navigate(coveredPath(insuranceId));
    } catch (error) {
      // An answered failure ends the attempt; no answer at all may be retried with the same key.
      if (error instanceof ApiError && !isUnanswered(error)) attemptKey.current = null;
      setPaying(false);
      const wallet = WALLET_OF[method];
      if (wallet && hasErrorCode(error, 'insufficient_funds')) {
        setReason({ kind: 'short', wallet, message: error.message });
      } else if (insuranceId !== null && hasErrorCode(error, 'payment_already_approved')) {
        // Paid meanwhile (another device, a checkout that came back late): it is covered.
        await navigate(coveredPath(insuranceId));
      } else if (refusals.length > 0 && hasErrorCode(error, ...refusals)) {
        setReason({ kind: 'refused', message: error.message });
      } else {
        handleError(error, PAY_ERROR_SITE);
      }
    }
  };

  return (
    <Stack gap="md">
      <Radio.Group
        label={t('payments.pay.method')}
        value={method}
        onChange={(value) => {
          setChosen(value as PaymentMethod);
          setReason((current) => (current?.kind === 'returned' ? current : null));
          attemptKey.current = null;
        }}
      >
        {method ? (
          <Stack gap="sm" mt="sm">
            <MethodCard method="money_wallet">
              <WalletBalance kind="money" />
            </MethodCard>
            {config.data?.credit_wallet_mode && (
              <MethodCard method="credit_wallet">
                <WalletBalance kind="credit" />
              </MethodCard>
            )}
            {config.data?.checkout_methods.map((checkout) => (
              <MethodCard key={checkout} method={checkout}>
                <Text size="sm">{t(`payments.pay.hint.${checkout}`)}</Text>
              </MethodCard>
            ))}
          </Stack>
        ) : (
          <Stack gap="sm" mt="sm" aria-busy="true" aria-label={t('payments.pay.loadingMethods')}>
            <Skeleton h={64} radius="md" />
            <Skeleton h={64} radius="md" />
          </Stack>
        )}
      </Radio.Group>

      <div aria-live="polite">{reason && <ReasonAlert reason={reason} id={reasonId} />}</div>

      <Flex
        direction={{ base: 'column-reverse', xs: 'row' }}
        justify={secondary ? 'space-between' : 'flex-end'}
        gap="sm"
      >
        {secondary}
        <Stack gap={6} miw={{ xs: 240 }} maw={{ xs: 320 }}>
          <Button
            size="md"
            onClick={() => void pay()}
            loading={paying}
            disabled={disabled || !method}
            aria-describedby={
              [reason ? reasonId : null, showsCheckoutNotice(method) ? noticeId : null]
                .filter(Boolean)
                .join(' ') || undefined
            }
          >
            {submitLabel}
          </Button>
          <CheckoutNotice method={method} id={noticeId} />
        </Stack>
      </Flex>
    </Stack>
  );
}
