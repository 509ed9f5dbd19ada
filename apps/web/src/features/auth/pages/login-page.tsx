/**
 * Login (spec §2), the page every visitor lands on (the empty path goes here): the catalogue is its main
 * content (issue 19, "products first") and the sign-in form stands beside it on a desktop, after it on a
 * phone, where the header's 'Ingresá' button takes the visitor straight to the form. The form: e-mail and
 * password validated with the API's own schema, social sign-in for the providers the app version enables,
 * links to registration and to password recovery. After too many attempts (too_many_requests) the way out
 * is offered at once: 'Recuperá tu contraseña' under the button. A wrong e-mail or password is said under
 * the password field, without a toast. Opened with `?coverage={id}` (from a chosen product's
 * registration, "Ingresá"), signing in goes on into that product's contract.
 *
 * This is the first page most visitors load, so its validation schema (zod and the contracts) and its
 * submit code load when the user starts filling the form in, not with the page; its two fields are
 * plain React state rather than a form library, which keeps that library off the first page's download;
 * and its catalogue is read without zod (components/login-catalogue.tsx).
 */
import type { LoginBody } from '@cubierto/contracts';
import { Anchor, Box, Button, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, hasErrorCode } from '../../../shared/api/api-error.ts';
import { contractPathOf } from '../../../shared/catalog/choose-coverage-paths.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { placeApiValidations } from '../../../shared/forms/api-validations.ts';
import { RightsLinks } from '../../../shared/insured-service/rights-links.tsx';
import { rememberAfterLogin } from '../../../shared/session/after-login.ts';
import { PasswordField } from '../../../shared/ui/password-field.tsx';
import { LoginCatalogue } from '../components/login-catalogue.tsx';
import { SocialButtons } from '../components/social-buttons.tsx';
import { useSocialReturn } from '../social/use-social-return.ts';
import { useTestModeSignIn } from '../social/use-test-mode-sign-in.ts';
import classes from './login-page.module.css';

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
  const catalogueId = useId();
  const formTitleId = useId();
  const emailId = useId();

  // Signing in from a chosen product's registration ('Ingresá') goes on into its contract, whichever
  // way the visitor signs in (a social provider's round trip included).
  const coverageId = Number(searchParams.get('coverage')) || null;
  useEffect(() => {
    if (coverageId) rememberAfterLogin(contractPathOf(coverageId));
  }, [coverageId]);

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
    <div className={classes.page}>
      <header className={classes.header}>
        <div className={classes.headerInner}>
          <Image src="/assets/images/logo-inverse.svg" alt={t('app.name')} h={32} w="auto" />
          {/* On a phone the form comes after the products: one tap brings it, its e-mail field ready. */}
          <Button
            component="a"
            href="#ingresar"
            hiddenFrom="md"
            variant="white"
            onClick={(event) => {
              const email = document.getElementById(emailId);
              if (!email) return;
              event.preventDefault();
              email.focus();
              email.scrollIntoView({ block: 'center' });
            }}
          >
            {t('login.jumpToForm')}
          </Button>
        </div>
      </header>

      <main className={classes.layout}>
        <Box component="section" aria-labelledby={catalogueId} className={classes.catalogue}>
          <Stack gap={4} mb="md">
            <Title order={1} id={catalogueId} fz={{ base: 24, sm: 30 }}>
              {t('login.catalogue.title')}
            </Title>
            <Text c="dimmed">{t('login.catalogue.subtitle')}</Text>
          </Stack>
          <LoginCatalogue />
        </Box>

        <Box id="ingresar" className={classes.signIn}>
          <Paper className={classes.card} shadow="md" withBorder>
            <Stack gap={6} mb="lg">
              <Title order={2} id={formTitleId} fz={{ base: 22, sm: 24 }}>
                {t('login.title')}
              </Title>
              <Text c="dimmed">{t('login.subtitle')}</Text>
            </Stack>
            <Stack gap="lg">
              <form
                onSubmit={onSubmit}
                onFocusCapture={preload}
                onPointerEnter={preload}
                noValidate
                aria-labelledby={formTitleId}
              >
                <Stack gap="md">
                  <TextInput
                    id={emailId}
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
          </Paper>
          <Text ta="center" mt="lg" size="sm" component="div">
            {t('login.noAccount')}{' '}
            <Anchor
              component={Link}
              to={coverageId ? `/register-risk?coverage=${coverageId}` : '/register'}
              fw={600}
            >
              {t('login.registerLink')}
            </Anchor>
            <Anchor component={Link} to="/eliminar-cuenta" size="xs" c="dimmed" display="block" mt="md">
              {t('privacy.loginLink')}
            </Anchor>
            <Box mt="xs">
              <RightsLinks size="xs" />
            </Box>
            <Text size="xs" c="dimmed" mt="md">
              {t('auth.legal')}
            </Text>
          </Text>
        </Box>
      </main>
    </div>
  );
}
