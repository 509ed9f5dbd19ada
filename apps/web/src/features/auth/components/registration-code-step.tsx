/**
 * The register page's second step: the 6-digit code mailed to the address confirms the account
 * (docs/decisions/019). A wrong code is explained under the field; 'Reenviar código' mails a new one;
 * 'Corregir mis datos' goes back to the form as it was typed.
 */
import type { TokenResponse } from '@cubierto/contracts';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { confirmRegistration, resendRegistrationCode } from '../api/register.ts';

type RegistrationCodeStepProps = {
  email: string;
  onConfirmed: (token: TokenResponse) => Promise<void>;
  onBack: () => void;
};

export function RegistrationCodeStep({ email, onConfirmed, onBack }: RegistrationCodeStepProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [resending, setResending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    if (!/^\d{6}$/.test(code)) {
      setError(t('register.codeIncomplete'));
      return;
    }
    setSubmitting(true);
    try {
      await onConfirmed(await confirmRegistration({ email, code }));
    } catch (failure) {
      const messages = failure instanceof ApiError ? failure.validationsOf('code') : [];
      if (messages.length) setError(messages.join(' '));
      else handleError(failure, 15);
    } finally {
      setSubmitting(false);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      await resendRegistrationCode({ email });
      setCode('');
      setError(null);
      setNotice(t('register.codeResent', { email }));
    } catch (failure) {
      handleError(failure, 15);
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('register.codeTitle')}>
      <Stack gap="md">
        <TextInput
          label={t('register.codeLabel')}
          description={t('register.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(event) => {
            setCode(event.currentTarget.value.replace(/\D/g, '').slice(0, 6));
            setError(null);
          }}
          error={error}
          styles={{ input: { fontSize: 22, letterSpacing: 8, textAlign: 'center' } }}
          data-autofocus
        />
        {notice && (
          <Text size="sm" c="dimmed" role="status">
            {notice}
          </Text>
        )}
        <Button type="submit" size="md" fullWidth loading={submitting}>
          {t('register.codeSubmit')}
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" fw={600} onClick={onBack}>
            {t('register.codeBack')}
          </Anchor>
          <Button variant="subtle" size="compact-sm" onClick={resend} loading={resending}>
            {t('register.codeResend')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
