/**
 * The register page's second step: the 6-digit code mailed to the address confirms the account
 * (docs/decisions/019). The code is sent as soon as its sixth digit is typed or pasted (issue 19), once:
 * 'Confirmar cuenta' and Enter stay for the keyboard and assistive technology, and neither sends it again
 * while it is on its way. A wrong code is explained under the field, which keeps the focus with the code
 * selected, so typing again replaces it; the code just refused is not sent again by itself.
 * 'Reenviar código' mails a new one and empties the field, focused again; 'Corregir mis datos' goes back
 * to the form as it was typed.
 */
import type { TokenResponse } from '@cubierto/contracts';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
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

const CODE_LENGTH = 6;

const CodeFormSchema = z.object({
  code: z.string().regex(/^\d{6}$/, { error: () => translate('register.codeIncomplete') }),
});

export function RegistrationCodeStep({ email, onConfirmed, onBack }: RegistrationCodeStepProps) {
  const { t } = useTranslation();
  // A refusal stays under the field while the code is typed again, until the next send.
  const form = useApiForm({
    schema: CodeFormSchema,
    defaultValues: { code: '' },
    reValidateMode: 'onSubmit',
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  /** A code is on its way: nothing else is sent until it is answered. */
  const sending = useRef(false);
  /** The last code the API refused: typing it again does not send it by itself. */
  const refused = useRef<string | null>(null);
  const codeField = form.register('code');
  const input = useRef<HTMLInputElement | null>(null);

  // The step replaces the form the customer just sent: the focus moves to the field, ready to type.
  useEffect(() => input.current?.focus(), []);

  const sendCode = form.handleSubmit(async ({ code }) => {
    try {
      await onConfirmed(await confirmRegistration({ email, code }));
    } catch (failure) {
      refused.current = code;
      if (!form.applyApiErrors(failure)) handleError(failure, 15);
      // The field keeps the focus with the code selected: typing again replaces it.
      input.current?.focus();
      input.current?.select();
    }
  });

  /** Sends the code typed, unless one is already on its way (auto-send, the button and Enter meet here). */
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending.current) return;
    sending.current = true;
    try {
      await sendCode();
    } finally {
      sending.current = false;
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      await resendRegistrationCode({ email });
      refused.current = null;
      form.reset({ code: '' });
      setNotice(t('register.codeResent', { email }));
      // Back to the emptied field, for the new code.
      input.current?.focus();
    } catch (failure) {
      handleError(failure, 15);
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('register.codeTitle')}>
      <Stack gap="md">
        <TextInput
          label={t('register.codeLabel')}
          description={t('register.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          {...codeField}
          ref={(element) => {
            codeField.ref(element);
            input.current = element;
          }}
          onChange={async (event) => {
            // Only digits, six at most, whatever is typed or pasted.
            const code = event.currentTarget.value.replace(/\D/g, '').slice(0, CODE_LENGTH);
            event.currentTarget.value = code;
            await codeField.onChange(event);
            // The sixth digit sends it: no button to find on a phone's keyboard.
            if (code.length === CODE_LENGTH && code !== refused.current) await submit();
          }}
          error={form.formState.errors.code?.message}
          styles={{ input: { fontSize: 22, letterSpacing: 8, textAlign: 'center' } }}
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
