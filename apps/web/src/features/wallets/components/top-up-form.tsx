/**
 * 'Ingresar dinero' / 'Cargar crédito': an amount in pesos, sent as centavos to a test checkout
 * ('Pago de prueba'); the customer comes back to /tabs and on to the wallet (spec §4).
 */
import { TopUpBodySchema } from '@cubierto/contracts';
import { Button, Card, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import type { WalletKind } from '../../../shared/wallets/wallets.ts';
import { startTopUp } from '../api/wallet-movements.ts';

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

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = TopUpBodySchema.safeParse({
      amount_cents: typeof amount === 'number' ? pesosToCents(amount) : undefined,
      method: 'sandbox',
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? t('wallets.topUp.invalid'));
      return;
    }
    setError(null);
    setSending(true);
    attemptKey.current ??= crypto.randomUUID();
    try {
      const url = await startTopUp({
        kind,
        amountCents: parsed.data.amount_cents,
        idempotencyKey: attemptKey.current,
      });
      window.location.assign(url);
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
          <Button type="submit" loading={sending} style={{ alignSelf: 'flex-start' }}>
            {t('wallets.topUp.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
