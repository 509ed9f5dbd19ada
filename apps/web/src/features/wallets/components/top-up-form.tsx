/**
 * 'Ingresar dinero' / 'Cargar crédito': an amount in pesos, sent as centavos to one of the checkouts the
 * server has configured (Mercado Pago, Ualá, the test checkout 'Pago de prueba': app-config); the customer
 * comes back to /tabs and on to the wallet (spec §4). Leaving for the checkout: on the web
 * 'Aviso de redireccionamiento' is said under the button, naming the checkout chosen, and the button goes
 * straight to it; in the Android and iOS apps the modal asks once it is pressed (docs/decisions/026).
 */
import { type CheckoutMethod, TopUpBodySchema } from '@cubierto/contracts';
import { Alert, Button, Card, NumberInput, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError, isUnanswered } from '../../../shared/api/api-error.ts';
import { appConfigQueryOptions } from '../../../shared/config/app-config.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { useApiForm } from '../../../shared/forms/use-api-form.ts';
import { CheckoutNotice, showsCheckoutNotice } from '../../../shared/native/checkout-notice.tsx';
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
  const noticeId = useId();
  const attemptKey = useRef<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const config = useQuery(appConfigQueryOptions);
  const methods = config.data?.checkout_methods;
  // The amount is typed in pesos and kept in centavos, as the API's body has it.
  const form = useApiForm({
    schema: TopUpBodySchema,
    defaultValues: { amount_cents: undefined, method: undefined },
  });
  const method = form.watch('method');

  // The first checkout the server offers is the one chosen until the customer picks another.
  useEffect(() => {
    if (methods?.[0] && !form.getValues('method')) form.setValue('method', methods[0]);
  }, [methods, form]);

  const submit = form.handleSubmit(async (body) => {
    // The checkout leaves the app: 'Aviso de redireccionamiento' first (spec §6): the modal in the apps, on
    // the web said under the button.
    if (!(await confirmLeavingForCheckout())) return;
    attemptKey.current ??= crypto.randomUUID();
    try {
      const url = await startTopUp({
        kind,
        amountCents: body.amount_cents,
        method: body.method,
        idempotencyKey: attemptKey.current,
      });
      await goToCheckout(url);
      // Gone to the checkout: the button stays busy (as the page is left).
      setLeaving(true);
    } catch (failure) {
      if (failure instanceof ApiError && !isUnanswered(failure)) attemptKey.current = null;
      if (!form.applyApiErrors(failure)) handleError(failure, TOP_UP_ERROR_SITE);
    }
  });

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="lg" id={headingId}>
            {t(`wallets.${kind}.topUp`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t('wallets.topUp.hint')}
          </Text>
          <Controller
            control={form.control}
            name="amount_cents"
            render={({ field, fieldState }) => (
              <NumberInput
                label={t('wallets.topUp.amount')}
                value={field.value === undefined ? '' : field.value / 100}
                onChange={(value) => {
                  field.onChange(typeof value === 'number' ? pesosToCents(value) : undefined);
                  attemptKey.current = null;
                }}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                prefix="$ "
                thousandSeparator="."
                decimalSeparator=","
                decimalScale={2}
                allowNegative={false}
                hideControls
                error={fieldState.error?.message}
                inputMode="decimal"
              />
            )}
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
                value={method ?? null}
                onChange={(value) => {
                  form.setValue('method', value as CheckoutMethod);
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
          <Stack gap={6} align="flex-start">
            <Button
              type="submit"
              loading={form.formState.isSubmitting || leaving}
              disabled={!method}
              aria-describedby={showsCheckoutNotice(method) ? noticeId : undefined}
            >
              {t('wallets.topUp.submit')}
            </Button>
            <CheckoutNotice method={method} id={noticeId} />
          </Stack>
        </Stack>
      </form>
    </Card>
  );
}
