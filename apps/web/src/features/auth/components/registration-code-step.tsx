/**
 * The register page's second step: the 6-digit code mailed to the address confirms the account
 * (docs/decisions/019). A wrong code is explained under the field; 'Reenviar código' mails a new one;
 * 'Corregir mis datos' goes back to the form as it was typed.
 */
import type { TokenResponse } from '@cubierto/contracts';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { useApiForm } from '../../../shared/forms/use-api-form.ts';
import { t as translate } from '../../../shared/i18n/i18n.ts';
import { confirmRegistration, resendRegistrationCode } from '../api/register.ts';

type RegistrationCodeStepProps = {
  email: string;
  onConfirmed: (token: TokenResponse) => Promise<void>;
  onBack: () => void;
};

const CodeFormSchema = z.object({
  code: z.string().regex(/^\d{6}$/, { error: () => translate('register.codeIncomplete') }),
});

export function RegistrationCodeStep({ email, onConfirmed, onBack }: RegistrationCodeStepProps) {
  const { t } = useTranslation();
  const form = useApiForm({ schema: CodeFormSchema, defaultValues: { code: '' } });
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const codeField = form.register('code');

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await onConfirmed(await confirmRegistration({ email, code }));
    } catch (failure) {
      if (!form.applyApiErrors(failure)) handleError(failure, 15);
    }
  });

  const resend = async () => {
    setResending(true);
    try {
      await resendRegistrationCode({ email });
      form.reset({ code: '' });
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
          {...codeField}
          onChange={(event) => {
            // Only digits, six at most, whatever is typed or pasted.
            event.currentTarget.value = event.currentTarget.value.replace(/\D/g, '').slice(0, 6);
            return codeField.onChange(event);
          }}
          error={form.formState.errors.code?.message}
          styles={{ input: { fontSize: 22, letterSpacing: 8, textAlign: 'center' } }}
          data-autofocus
        />
        {notice && (
          <Text size="sm" c="dimmed" role="status">
            {notice}
          </Text>
        )}
        <Button type="submit" size="md" fullWidth loading={form.formState.isSubmitting}>
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
