/**
 * Password recovery (spec §2 reset-password): without a token, ask for the e-mail and send the link; with
 * `?token=` (the e-mailed link), choose the new password. An expired or used link offers a new one.
 */
import { ForgotPasswordBodySchema, PasswordSchema } from '@cubierto/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { hasErrorCode } from '../../../shared/api/api-error.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { apiValidations, useApiForm } from '../../../shared/forms/use-api-form.ts';
import { t as translate } from '../../../shared/i18n/i18n.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { IconAlert, IconMail } from '../../../shared/ui/icons.tsx';
import { PasswordField } from '../../../shared/ui/password-field.tsx';
import { requestPasswordReset, resetPassword } from '../api/password-reset.ts';
import { AuthFrame } from '../components/auth-frame.tsx';

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/login" fw={600}>
      {t('resetPassword.backToLogin')}
    </Anchor>
  );
}

/**
 * One step's form ('request': the e-mail; 'new': the new password): its title and subtitle above, its
 * fields, the submit button, the way back below (texts `resetPassword.<step>Title|Subtitle|Submit`).
 */
function StepForm(props: {
  step: 'request' | 'new';
  submitting: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(`resetPassword.${props.step}Title`);
  return (
    <AuthFrame title={title} subtitle={t(`resetPassword.${props.step}Subtitle`)} footer={<BackToLogin />}>
      <form onSubmit={props.onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          {props.children}
          <Button type="submit" size="md" fullWidth loading={props.submitting}>
            {t(`resetPassword.${props.step}Submit`)}
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}

function RequestLinkForm() {
  const { t } = useTranslation();
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    applyApiErrors,
    getValues,
    formState: { errors, isSubmitting },
  } = useApiForm({ schema: ForgotPasswordBodySchema, defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      setSentMessage(await requestPasswordReset(values));
    } catch (error) {
      applyApiErrors(error);
      handleError(error, 16);
    }
  });

  if (sentMessage) {
    return (
      <AuthFrame title={t('resetPassword.sentTitle')} footer={<BackToLogin />}>
        <Stack align="center" ta="center" gap="md" role="status">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconMail size={30} />
          </ThemeIcon>
          <Text>{sentMessage}</Text>
          <Text size="sm" c="dimmed">
            {t('resetPassword.sentHint', { email: getValues('email') })}
          </Text>
          <Button variant="light" onClick={() => setSentMessage(null)}>
            {t('resetPassword.sendAgain')}
          </Button>
        </Stack>
      </AuthFrame>
    );
  }

  return (
    <StepForm step="request" submitting={isSubmitting} onSubmit={onSubmit}>
      <TextInput
        label={t('resetPassword.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
    </StepForm>
  );
}

const NewPasswordSchema = z
  .object({ password: PasswordSchema, confirmation: z.string() })
  .refine((values) => values.password === values.confirmation, {
    path: ['confirmation'],
    error: () => translate('resetPassword.mismatch'),
  });

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [linkInvalid, setLinkInvalid] = useState(false);
  const {
    register,
    handleSubmit,
    applyApiErrors,
    formState: { errors, isSubmitting },
  } = useApiForm({ schema: NewPasswordSchema, defaultValues: { password: '', confirmation: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const message = await resetPassword({ token, password: values.password });
      showToast({ type: 'success', message });
      navigate('/login', { replace: true });
    } catch (error) {
      if (hasErrorCode(error, 'invalid_token') || apiValidations(error).token?.length) {
        setLinkInvalid(true);
        return;
      }
      applyApiErrors(error);
      handleError(error, 16);
    }
  });

  if (linkInvalid) {
    return (
      <AuthFrame title={t('resetPassword.invalidTitle')} footer={<BackToLogin />}>
        <Stack gap="md">
          <Alert color="orange" variant="light" icon={<IconAlert />} role="alert">
            {t('resetPassword.invalidDescription')}
          </Alert>
          <Button size="md" fullWidth onClick={() => navigate('/reset-password', { replace: true })}>
            {t('resetPassword.requestNew')}
          </Button>
        </Stack>
      </AuthFrame>
    );
  }

  return (
    <StepForm step="new" submitting={isSubmitting} onSubmit={onSubmit}>
      <PasswordField
        label={t('resetPassword.newPassword')}
        autoComplete="new-password"
        description={t('register.passwordHint')}
        error={errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label={t('resetPassword.confirmPassword')}
        autoComplete="new-password"
        error={errors.confirmation?.message}
        {...register('confirmation')}
      />
    </StepForm>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <NewPasswordForm key={token} token={token} /> : <RequestLinkForm />;
}
