/**
 * Login (spec §2): e-mail and password validated with the API's own schema, social sign-in for the
 * providers the app version enables, links to registration and to password recovery.
 *
 * This is the first page most visitors load, so its validation schema (zod and the contracts) and its
 * submit code load when the user starts filling the form in, not with the page.
 */
import type { LoginBody } from '@cubierto/contracts';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { applyApiValidations } from '../../../shared/forms/api-validations.ts';
import { lazyZodResolver } from '../../../shared/forms/lazy-zod-resolver.ts';
import { PasswordField } from '../../../shared/ui/password-field.tsx';
import { AuthFrame } from '../components/auth-frame.tsx';
import { SocialButtons } from '../components/social-buttons.tsx';
import { useSocialReturn } from '../social/use-social-return.ts';

const loginValidation = lazyZodResolver<LoginBody>(
  async () => (await import('@cubierto/contracts')).LoginBodySchema,
);
const loadSubmit = () => import('../login-submit.ts');

function preload() {
  loginValidation.preload();
  loadSubmit().catch(() => {
    // Retried on submit, where a failure is shown.
  });
}

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useSocialReturn();

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({
    resolver: loginValidation.resolver,
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (values) => {
    try {
      const { submitLogin } = await loadSubmit();
      await submitLogin(values, (to) => navigate(to, { replace: true }));
    } catch (error) {
      applyApiValidations(error, setError, ['email', 'password']);
      handleError(error, 14);
    }
  });
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    // Validation itself may fail to load when the connection drops.
    submit(event).catch((error: unknown) => handleError(error, 14));
  };

  return (
    <AuthFrame
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to="/register" fw={600}>
            {t('login.registerLink')}
          </Anchor>
          <Text component="span" display="block" mt="xs">
            {t('catalog.loginPrompt')}{' '}
            <Anchor component={Link} to="/productos" fw={600}>
              {t('catalog.loginLink')}
            </Anchor>
          </Text>
        </>
      }
    >
      <Stack gap="lg">
        <form
          onSubmit={onSubmit}
          onFocusCapture={preload}
          onPointerEnter={preload}
          noValidate
          aria-label={t('login.title')}
        >
          <Stack gap="md">
            <TextInput
              label={t('login.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={t('login.emailPlaceholder')}
              error={errors.email?.message}
              {...register('email')}
            />
            <PasswordField
              label={t('login.password')}
              autoComplete="current-password"
              error={errors.password?.message}
              {...register('password')}
            />
            <Group justify="flex-end" mt={-4}>
              <Anchor component={Link} to="/reset-password" size="sm" fw={600}>
                {t('login.forgotPassword')}
              </Anchor>
            </Group>
            <Button type="submit" size="md" fullWidth loading={isSubmitting}>
              {t('login.submit')}
            </Button>
          </Stack>
        </form>
        <SocialButtons />
      </Stack>
    </AuthFrame>
  );
}
