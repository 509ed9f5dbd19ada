/**
 * Pay a `pendiente` insurance (customers/insurances/{id}/pay): its total, a choice of Mi dinero and
 * Mi crédito (with their balances; Mi crédito only in credit wallet mode) or a checkout the server has
 * configured (Mercado Pago, Ualá, the test checkout 'Pago de prueba': app-config), and 'Pagar'. A wallet pays at
 * once: toast, '¡Excelente!', the poll, then the insurance. Too little balance comes back as
 * `insufficient_funds`, whose message the central handler shows; the page then offers to add money. A
 * checkout leaves the app.
 */
import { CHECKOUT_METHODS, type CheckoutMethod, type PaymentMethod } from '@cubierto/contracts';
import { Alert, Anchor, Button, Card, Group, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, hasErrorCode, isUnanswered } from '../../../shared/api/api-error.ts';
import { appConfigQueryOptions } from '../../../shared/config/app-config.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { confirmLeavingForCheckout, goToCheckout } from '../../../shared/native/permissions.ts';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { IconInfo } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { WALLET_PATHS, type WalletKind, walletQueryOptions } from '../../../shared/wallets/wallets.ts';
import { insuranceQueryOptions } from '../../insurances/api/insurance.ts';
import { usePayInsuranceMutation } from '../api/pay-insurance.ts';
import { openExcellentDialog, showPaymentToast } from '../components/payment-feedback.ts';

type PayMethod = PaymentMethod;
const isCheckoutMethod = (method: PayMethod): method is CheckoutMethod =>
  CHECKOUT_METHODS.some((checkout) => checkout === method);
const WALLET_OF: Partial<Record<PayMethod, WalletKind>> = { money_wallet: 'money', credit_wallet: 'credit' };

/** Call site of the central error handler for a failed payment. */
const PAY_ERROR_SITE = 40;

function WalletBalance({ kind }: { kind: WalletKind }) {
  const { t } = useTranslation();
  const wallet = useQuery(walletQueryOptions(kind));
  if (wallet.isError) return <Text size="sm">{t('payments.pay.balanceUnavailable')}</Text>;
  if (!wallet.data) return <Skeleton h={16} w={120} />;
  return <Text size="sm">{t('payments.pay.balance', { balance: wallet.data.balance_nice })}</Text>;
}

/** One choice of the payment method: its name and what to know about it. */
function MethodCard({ method, children }: { method: PayMethod; children: ReactNode }) {
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

export function PayPage({ runPoll }: { runPoll: (insuranceId: number) => Promise<unknown> }) {
  const { t } = useTranslation();
  const { id } = useParams();
  const insuranceId = Number(id);
  const navigate = useNavigate();
  const payment = usePayInsuranceMutation();
  const insurance = useQuery({
    ...insuranceQueryOptions(insuranceId),
    enabled: Number.isInteger(insuranceId),
  });
  const config = useQuery(appConfigQueryOptions);
  const [method, setMethod] = useState<PayMethod>('money_wallet');
  const [paying, setPaying] = useState(false);
  const [short, setShort] = useState<WalletKind | null>(null);
  // One key per attempt, reused when the same attempt is retried after no answer (spec of the API).
  const attemptKey = useRef<string | null>(null);

  const detailPath = `/customers/insurances/${insuranceId}`;

  const pay = async () => {
    setPaying(true);
    setShort(null);
    // A checkout leaves the app: 'Aviso de redireccionamiento' first (spec §6), before anything is created.
    if (isCheckoutMethod(method) && !(await confirmLeavingForCheckout())) {
      setPaying(false);
      return;
    }
    attemptKey.current ??= crypto.randomUUID();
    try {
      const answer = await payment.mutateAsync({ insuranceId, method, idempotencyKey: attemptKey.current });
      attemptKey.current = null;
      if (answer.checkout_url) {
        await goToCheckout(answer.checkout_url);
        return;
      }
      // The page stays as it was (button busy) behind the modals; the data is refreshed once it is left.
      showPaymentToast('approved');
      await openExcellentDialog(insuranceId);
      await runPoll(insuranceId);
      await navigate(detailPath);
    } catch (error) {
      // An answered failure ends the attempt; no answer at all may be retried with the same key.
      if (error instanceof ApiError && !isUnanswered(error)) attemptKey.current = null;
      if (hasErrorCode(error, 'insufficient_funds')) setShort(WALLET_OF[method] ?? null);
      handleError(error, PAY_ERROR_SITE);
      setPaying(false);
    }
  };

  if (insurance.isError)
    return (
      <Stack maw={640} mx="auto">
        <LoadError
          title={t('payments.pay.loadErrorTitle')}
          description={t('payments.pay.loadErrorDescription')}
          onRetry={() => void insurance.refetch()}
        />
      </Stack>
    );
  if (!insurance.data)
    return (
      <Stack maw={640} mx="auto" role="status" aria-busy="true" aria-label={t('loading.default')}>
        <Skeleton h={40} w="60%" />
        <Skeleton h={260} radius="lg" />
      </Stack>
    );

  const data = insurance.data;
  const title = t('payments.pay.what', {
    riskType: data.risk_type.name,
    coverage: data.coverage.public_name,
  });

  return (
    <Stack gap="lg" maw={640} mx="auto">
      <BackLink to={detailPath} label={t('payments.pay.back')} />
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('payments.pay.title')}
        </Title>
        <Text c="dimmed">{title}</Text>
      </Stack>

      {data.status !== 'pendiente' || data.paid_at ? (
        <Alert color="info" variant="light" icon={<IconInfo />} title={t('payments.pay.notPendingTitle')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('payments.pay.notPendingDescription', { status: data.status_label })}</Text>
            <Button component={Link} to={detailPath} size="xs" variant="light">
              {t('payments.pay.back')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="lg">
            <Group justify="space-between" align="baseline">
              <Text fw={600}>{t('payments.pay.amount')}</Text>
              <Text fz={28} fw={700}>
                {data.premium.total_nice}
              </Text>
            </Group>

            <Radio.Group
              label={t('payments.pay.method')}
              value={method}
              onChange={(value) => {
                setMethod(value as PayMethod);
                setShort(null);
                attemptKey.current = null;
              }}
            >
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
            </Radio.Group>

            {short && (
              <Alert color="warning" variant="light" icon={<IconInfo />} title={t('payments.pay.shortTitle')}>
                <Anchor component={Link} to={`/customers/${WALLET_PATHS[short]}`} fw={600} size="sm">
                  {short === 'money' ? t('payments.pay.addMoney') : t('payments.pay.addCredit')}
                </Anchor>
              </Alert>
            )}

            <Button size="md" onClick={() => void pay()} loading={paying}>
              {t('payments.pay.submit', { amount: data.premium.total_nice })}
            </Button>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
