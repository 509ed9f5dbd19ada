/**
 * admin-login (spec §2): the operator's password, then the TOTP second factor. The first time, the
 * operator enrols an authenticator app with the QR code (or the key typed in) and is shown ten recovery
 * codes, once. Five wrong codes lock the account for 15 minutes; the API's message says so.
 */
import {
  type OperatorChallenge,
  OperatorLoginBodySchema,
  RecoveryCodeSchema,
  TotpCodeSchema,
} from '@cubierto/contracts';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Code,
  Image,
  List,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { completeOperatorLogin, startOperatorLogin } from '../api/operator-auth.ts';
import { useOperatorSignedIn } from '../api/operator-session.ts';
import classes from '../components/admin.module.css';

type Errors = Partial<Record<'email' | 'password' | 'code', string>>;

function firstIssues(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Errors {
  const found: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as keyof Errors;
    found[field] ??= issue.message;
  }
  return found;
}

/** A wrong password or code (or a challenge that expired): the API says why, beside the field. */
function isRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError && (error.code === 'invalid_credentials' || error.code === 'unauthenticated')
  );
}

export function AdminLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useOperatorSignedIn();
  const [credentials, setCredentials] = useState({ email: '', password: '' });
  const [challenge, setChallenge] = useState<OperatorChallenge | null>(null);
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [blocked, setBlocked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // During the second factor the page itself moves on (after showing the recovery codes, if any).
  if (signedIn && !challenge && !recoveryCodes) return <Navigate to="/admin" replace />;

  const fail = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'too_many_requests') {
      setBlocked(error.message);
      setChallenge(null);
      return;
    }
    if (isRefusal(error) && challenge) {
      setErrors({ code: error.message });
      return;
    }
    if (isRefusal(error)) {
      setErrors({ password: error.message });
      return;
    }
    handleError(error);
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = OperatorLoginBodySchema.safeParse(credentials);
    if (!parsed.success) return setErrors(firstIssues(parsed.error.issues));
    setBusy(true);
    setBlocked(null);
    try {
      setChallenge(await startOperatorLogin(parsed.data));
      setErrors({});
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!challenge) return;
    const parsed = (useRecovery ? RecoveryCodeSchema : TotpCodeSchema).safeParse(code);
    if (!parsed.success) return setErrors({ code: parsed.error.issues[0]?.message ?? '' });
    setBusy(true);
    try {
      const codes = await completeOperatorLogin(
        useRecovery
          ? { challenge: challenge.challenge, recovery_code: parsed.data }
          : { challenge: challenge.challenge, code: parsed.data },
      );
      if (codes.length) setRecoveryCodes(codes);
      else navigate('/admin', { replace: true });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper
        withBorder
        shadow="sm"
        radius="lg"
        p="xl"
        w="100%"
        maw={recoveryCodes || challenge?.stage === 'enroll' ? 560 : 420}
      >
        <Stack gap="lg">
          <Image src="/assets/images/logo.svg" alt={t('app.name')} h={36} w="auto" fit="contain" />
          <div>
            <Title order={1} size="h2">
              {t('admin.login.title')}
            </Title>
            <Text c="dimmed" size="sm">
              {t('admin.login.subtitle')}
            </Text>
          </div>
          {blocked && (
            <Alert color="red" title={t('admin.login.blockedTitle')} role="alert">
              {blocked}
            </Alert>
          )}

          {recoveryCodes ? (
            <Stack gap="md">
              <Title order={2} size="h4">
                {t('admin.login.recoveryTitle')}
              </Title>
              <Text size="sm">{t('admin.login.recoveryHelp')}</Text>
              <SimpleGrid
                cols={2}
                spacing="xs"
                component="ul"
                aria-label={t('admin.login.recoveryTitle')}
                className={classes.code}
              >
                {recoveryCodes.map((item) => (
                  <Code key={item} component="li" block>
                    {item}
                  </Code>
                ))}
              </SimpleGrid>
              <Button onClick={() => navigate('/admin', { replace: true })}>
                {t('admin.login.recoveryDone')}
              </Button>
            </Stack>
          ) : challenge ? (
            <form onSubmit={submitCode} noValidate aria-label={t('admin.login.secondFactor')}>
              <Stack gap="md">
                {challenge.stage === 'enroll' && (
                  <Stack gap="sm">
                    <Title order={2} size="h4">
                      {t('admin.login.enrollTitle')}
                    </Title>
                    <List size="sm" type="ordered" spacing={4}>
                      <List.Item>{t('admin.login.enrollStep1')}</List.Item>
                      <List.Item>{t('admin.login.enrollStep2')}</List.Item>
                      <List.Item>{t('admin.login.enrollStep3')}</List.Item>
                    </List>
                    <Center>
                      <Image src={challenge.qr_data_url} alt={t('admin.login.qrAlt')} w={200} h={200} />
                    </Center>
                    <Text size="sm">
                      {t('admin.login.secretLabel')}{' '}
                      <Code className={classes.code} data-testid="totp-secret">
                        {challenge.secret}
                      </Code>
                    </Text>
                  </Stack>
                )}
                <TextInput
                  label={useRecovery ? t('admin.login.recoveryLabel') : t('admin.login.codeLabel')}
                  autoComplete="one-time-code"
                  inputMode={useRecovery ? 'text' : 'numeric'}
                  maxLength={useRecovery ? 11 : 6}
                  value={code}
                  onChange={(event) => {
                    setCode(event.currentTarget.value);
                    setErrors({});
                  }}
                  error={errors.code}
                  autoFocus
                />
                <Button type="submit" loading={busy}>
                  {t('admin.login.verify')}
                </Button>
                {challenge.stage === 'totp' && (
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    onClick={() => {
                      setUseRecovery((value) => !value);
                      setCode('');
                      setErrors({});
                    }}
                  >
                    {useRecovery ? t('admin.login.useTotp') : t('admin.login.useRecovery')}
                  </Anchor>
                )}
              </Stack>
            </form>
          ) : (
            <form onSubmit={submitPassword} noValidate aria-label={t('admin.login.title')}>
              <Stack gap="md">
                <TextInput
                  label={t('admin.login.email')}
                  type="email"
                  autoComplete="username"
                  value={credentials.email}
                  onChange={(event) => {
                    const email = event.currentTarget.value;
                    setCredentials((c) => ({ ...c, email }));
                    setErrors({});
                  }}
                  error={errors.email}
                />
                <PasswordInput
                  label={t('admin.login.password')}
                  autoComplete="current-password"
                  value={credentials.password}
                  onChange={(event) => {
                    const password = event.currentTarget.value;
                    setCredentials((c) => ({ ...c, password }));
                    setErrors({});
                  }}
                  error={errors.password}
                />
                <Button type="submit" loading={busy}>
                  {t('admin.login.submit')}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
