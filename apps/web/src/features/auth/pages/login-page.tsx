/**
 * Login (spec §2): e-mail and password validated with the API's own schema, social sign-in for the
 * providers the app version enables, links to registration and to password recovery. After too many
 * attempts (too_many_requests) the way out is offered at once: 'Recuperá tu contraseña' under the button.
 * A wrong e-mail or password is said under the password field, without a toast.
 *
 * This is the first page most visitors load, so its validation schema (zod and the contracts) and its
 * submit code load when the user starts filling the form in, not with the page; and its two fields are
 * plain React state rather than a form library, which keeps that library off the first page's download.
 */
import type { LoginBody } from '@cubierto/contracts';
import { Anchor, Box, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, hasErrorCode } from '../../../shared/api/api-error.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { placeApiValidations } from '../../../shared/forms/api-validations.ts';
import { RightsLinks } from '../../../shared/insured-service/rights-links.tsx';
import { PasswordField } from '../../../shared/ui/password-field.tsx';
import { AuthFrame } from '../components/auth-frame.tsx';
import { SocialButtons } from '../components/social-buttons.tsx';
import { useSocialReturn } from '../social/use-social-return.ts';
import { useTestModeSignIn } from '../social/use-test-mode-sign-in.ts';

const loadSubmit = () => import('../login-submit.ts');

function preload() {
  loadSubmit().catch(() => {
    // Retried on submit, where a failure is shown.
  });
}

type Field = keyof LoginBody;
type Errors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['email', 'password'];

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useSocialReturn();
  useTestModeSignIn();

  // "Ingresá" from a registration whose e-mail has an account brings that e-mail along.
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<LoginBody>({ email: searchParams.get('email') ?? '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const [locked, setLocked] = useState(false);

  const change = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    setSubmitting(true);
    try {
      // Loading the schema and the submit may itself fail when the connection drops.
      const { LoginBodySchema, submitLogin } = await loadSubmit();
      const parsed = LoginBodySchema.safeParse(values);
      if (!parsed.success) {
        const found: Errors = {};
        for (const issue of parsed.error.issues) {
          const field = issue.path[0] as Field;
          found[field] ??= issue.message;
        }
        setErrors(found);
        return;
      }
      await submitLogin(parsed.data, (to) => navigate(to, { replace: true }));
    } catch (error) {
      // A wrong e-mail or password is an answer, not a failure: said under the password, no toast.
      if (hasErrorCode(error, 'invalid_credentials')) {
        setLocked(false);
        setErrors({ password: t('login.invalidCredentials') });
        return;
      }
      if (error instanceof ApiError) {
        setLocked(hasErrorCode(error, 'too_many_requests'));
        setErrors(Object.fromEntries(placeApiValidations(error, FIELDS).fields));
      }
      handleError(error, 14);
    } finally {
      setSubmitting(false);
    }
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
          <Anchor component={Link} to="/eliminar-cuenta" size="xs" c="dimmed" display="block" mt="md">
            {t('privacy.loginLink')}
          </Anchor>
          <Box mt="xs">
            <RightsLinks size="xs" />
          </Box>
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
              name="email"
              value={values.email}
              onChange={change('email')}
              error={errors.email}
            />
            <PasswordField
              label={t('login.password')}
              autoComplete="current-password"
              name="password"
              value={values.password}
              onChange={change('password')}
              error={errors.password}
            />
            <Group justify="flex-end" mt={-4}>
              <Anchor component={Link} to="/reset-password" size="sm" fw={600}>
                {t('login.forgotPassword')}
              </Anchor>
            </Group>
            <Button type="submit" size="md" fullWidth loading={isSubmitting}>
              {t('login.submit')}
            </Button>
            {locked && (
              <Text size="sm" ta="center" role="alert">
                {t('login.tooManyAttempts')}{' '}
                <Anchor component={Link} to="/reset-password" fw={600}>
                  {t('login.recoverPassword')}
                </Anchor>
              </Text>
            )}
          </Stack>
        </form>
        <SocialButtons />
      </Stack>
    </AuthFrame>
  );
}
