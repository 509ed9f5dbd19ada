/**
 * Signed out: no more than what identifies the contract (its number, the holder's DNI or CUIT and the
 * e-mail it was contracted with), the API's own body schema, and at once the request number with 'Te
 * enviamos un e-mail para confirmarla'.
 */
import {
  type PublicRightsBody,
  PublicRightsBodySchema,
  type RightsKind,
  type RightsRequestReceived,
} from '@cubierto/contracts';
import { Alert, Anchor, Button, Card, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { useApiForm } from '../../../shared/forms/use-api-form.ts';
import { rememberAfterLogin } from '../../../shared/session/after-login.ts';
import { IconMail } from '../../../shared/ui/icons.tsx';
import { usePublicRightsMutation } from '../api/public-request.ts';
import { ERROR_SITE, PAGE_PATH } from '../model/kinds.ts';

const EMPTY: PublicRightsBody = { insurance_number: '', document_number: '', email: '' };

export function PublicRequestForm({ kind }: { kind: RightsKind }) {
  const { t } = useTranslation();
  const send = usePublicRightsMutation();
  const [received, setReceived] = useState<RightsRequestReceived | null>(null);
  const form = useApiForm({ schema: PublicRightsBodySchema, defaultValues: EMPTY });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    try {
      setReceived(await send.mutateAsync({ kind, body }));
    } catch (error) {
      if (!form.applyApiErrors(error)) handleError(error, ERROR_SITE.publicRequest);
    }
  });

  if (received) {
    return (
      <Stack gap="md" data-testid="rights-received">
        <Alert
          color="teal.9"
          variant="light"
          icon={<IconMail />}
          title={t('rights.public.received', { number: received.request_number })}
        >
          <Text size="sm">{t('rights.public.mailSent')}</Text>
        </Alert>
        <Anchor
          component="button"
          type="button"
          fw={700}
          onClick={() => {
            form.reset(EMPTY);
            setReceived(null);
          }}
        >
          {t('rights.public.again')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <Card withBorder radius="lg" padding="lg">
      <form onSubmit={submit} noValidate aria-label={t('rights.public.formLabel')}>
        <Stack gap="md">
          <TextInput
            label={t('rights.public.insuranceNumber')}
            description={t('rights.public.insuranceNumberHelp')}
            autoComplete="off"
            {...form.register('insurance_number')}
            error={errors.insurance_number?.message}
          />
          <TextInput
            label={t('rights.public.document')}
            inputMode="numeric"
            autoComplete="off"
            {...form.register('document_number')}
            error={errors.document_number?.message}
          />
          <TextInput
            label={t('rights.public.email')}
            description={t('rights.public.emailHelp')}
            type="email"
            inputMode="email"
            autoComplete="email"
            {...form.register('email')}
            error={errors.email?.message}
          />
          {form.formError && (
            <Text c="red.8" size="sm" role="alert">
              {form.formError}
            </Text>
          )}
          <Button type="submit" loading={send.isPending} color={kind === 'baja' ? 'red.8' : undefined}>
            {t(`rights.${kind}.submitPublic`)}
          </Button>
          <Text size="sm">
            {t('rights.public.signInHint')}{' '}
            <Anchor component={Link} to="/login" fw={700} onClick={() => rememberAfterLogin(PAGE_PATH[kind])}>
              {t('rights.public.signIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Card>
  );
}
