/**
 * 'Ingresar dinero' / 'Cargar crédito': an amount in pesos, sent as centavos to one of the checkouts the
 * server has configured (Mercado Pago, Ualá, the test checkout 'Pago de prueba': app-config); the customer
 * comes back to /tabs and on to the wallet (spec §4).
 */
import { type CheckoutMethod, TopUpBodySchema } from '@cubierto/contracts';
import { Alert, Button, Card, NumberInput, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { appConfigQueryOptions } from '../../../shared/config/app-config.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { confirmLeavingForCheckout, goToCheckout } from '../../../shared/native/permissions.ts';
import { IconInfo } from '../../../shared/ui/icons.tsx';
import type { WalletKind } from '../../../shared/wallets/wallets.ts';
import { startTopUp } from '../api/top-up.ts';

/** Call site of the central error handler for a failed top-up. */
const TOP_UP_ERROR_SITE = 42;

/** Pesos as typed (maybe with centavos) → whole centavos. */
export function pesosToCents(pesos: number): number {
  return Math.round(pesos * 100);
}

export function TopUpForm({ kind }: { kind: WalletKind }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [amount, setAmount] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const attemptKey = useRef<string | null>(null);
  const config = useQuery(appConfigQueryOptions);
  const methods = config.data?.checkout_methods;
  const [chosen, setChosen] = useState<CheckoutMethod | null>(null);
  const method = chosen ?? methods?.[0] ?? null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!method) return;
    const parsed = TopUpBodySchema.safeParse({
      amount_cents: typeof amount === 'number' ? pesosToCents(amount) : undefined,
      method,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('wallets.topUp.invalid'));
      return;
    }
    setError(null);
    setSending(true);
    // The checkout leaves the app: 'Aviso de redireccionamiento' first (spec §6).
    if (!(await confirmLeavingForCheckout())) {
      setSending(false);
      return;
    }
    attemptKey.current ??= crypto.randomUUID();
    try {
      const url = await startTopUp({
        kind,
        amountCents: parsed.data.amount_cents,
        method: parsed.data.method,
        idempotencyKey: attemptKey.current,
      });
      await goToCheckout(url);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status !== 0) attemptKey.current = null;
      handleError(failure, TOP_UP_ERROR_SITE);
      setSending(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg" id={headingId}>
            {t(`wallets.${kind}.topUp`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t('wallets.topUp.hint')}
          </Text>
          <NumberInput
            label={t('wallets.topUp.amount')}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              attemptKey.current = null;
            }}
            prefix="$ "
            thousandSeparator="."
            decimalSeparator=","
            decimalScale={2}
            allowNegative={false}
            hideControls
            error={error}
            inputMode="decimal"
          />
          {!methods ? (
            config.isError ? (
              <Text size="sm">{t('wallets.topUp.methodsUnavailable')}</Text>
            ) : (
              <Skeleton h={24} w={200} />
            )
          ) : methods.length === 0 ? (
            <Alert color="warning" variant="light" icon={<IconInfo />}>
              {t('wallets.topUp.noMethods')}
            </Alert>
          ) : (
            methods.length > 1 && (
              <Radio.Group
                label={t('wallets.topUp.method')}
                value={method}
                onChange={(value) => {
                  setChosen(value as CheckoutMethod);
                  attemptKey.current = null;
                }}
              >
                <Stack gap="xs" mt={6}>
                  {methods.map((value) => (
                    <Radio key={value} value={value} label={t(`payments.method.${value}`)} />
                  ))}
                </Stack>
              </Radio.Group>
            )
          )}
          <Button type="submit" loading={sending} disabled={!method} style={{ alignSelf: 'flex-start' }}>
            {t('wallets.topUp.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
