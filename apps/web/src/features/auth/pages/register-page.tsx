/**
 * Registration (spec §2): name, e-mail, password and DNI, validated with the API's schema. When a social
 * sign-in left pending registration data, the form is prefilled with that e-mail and completes it.
 * register-risk (`?coverage=<id>`, from the public catalogue) shows the chosen product and goes on to
 * contract it once the account exists. With a password, the account exists once the code mailed to the
 * address is entered (second step, RegistrationCodeStep); the form stays as typed behind it.
 *
 * The terms and the privacy policy are accepted by the button itself (clickwrap, docs/decisions/026): above
 * it, "Al crear tu cuenta aceptás los Términos y condiciones y la Política de privacidad." with both
 * documents linked (opened in another tab, so nothing typed is lost), and the button 'Aceptar y crear
 * cuenta'. Pressing it sends `accepted_terms: true`, which the API requires and records with the
 * documents' version and the time, on this form and on the one that completes a social sign-up.
 */
import type { TokenResponse } from '@cubierto/contracts';
import { ReferralCodeSchema, RegisterBodySchema } from '@cubierto/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { hasErrorCode } from '../../../shared/api/api-error.ts';
import { contractPathOf } from '../../../shared/catalog/choose-coverage.ts';
import { ChosenProductSummary } from '../../../shared/catalog/chosen-product-summary.tsx';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { maskedRegistration } from '../../../shared/forms/masks.ts';
import { useApiForm } from '../../../shared/forms/use-api-form.ts';
import { useAsyncValue } from '../../../shared/hooks/use-async-value.ts';
import { IconInfo } from '../../../shared/ui/icons.tsx';
import { PasswordField } from '../../../shared/ui/password-field.tsx';
import { registerCustomer } from '../api/register.ts';
import { formBeingReplaced, handOverToLogin, takeFromReplacedForm } from '../carry-typing.ts';
import { completeSignIn } from '../complete-sign-in.ts';
import { AuthFrame } from '../components/auth-frame.tsx';
import { RegistrationCodeStep } from '../components/registration-code-step.tsx';
import { pendingRegistration } from '../pending-registration.ts';

// The invite code is optional: an empty field sends none. The acceptance is the button, not a field.
const RegisterFormSchema = RegisterBodySchema.omit({
  social: true,
  social_token: true,
  accepted_terms: true,
}).extend({
  referral_code: z.union([z.literal(''), ReferralCodeSchema]).optional(),
});

/** A legal document, linked from the acceptance: it opens in another tab and the form keeps what was typed. */
function LegalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} target="_blank" rel="noopener noreferrer" fz="inherit" fw={600}>
      {children}
    </Anchor>
  );
}

/** An error of this type is an account that already exists: its message comes with the ways in. */
const TAKEN = 'taken';

/**
 * "Ya existe una cuenta con … Ingresá o recuperá tu contraseña.", its two verbs links: to sign in (with
 * the e-mail typed, when there is one) and to recover the password.
 */
function AccountExists({
  lead,
  email,
  coverageId,
  formRef,
}: {
  lead: string;
  email: string;
  coverageId: number | null;
  /** The form, whose typing goes on in the login (carry-typing.ts). */
  formRef: RefObject<HTMLFormElement | null>;
}) {
  const { t } = useTranslation();
  const login = loginPathOf(coverageId, email);
  return (
    <>
      {lead}{' '}
      <Anchor component={Link} to={login} onClick={handOverToLogin(formRef)} fz="inherit" fw={600}>
        {t('register.takenLogin')}
      </Anchor>{' '}
      {t('register.takenOr')}{' '}
      <Anchor component={Link} to="/reset-password" fz="inherit" fw={600}>
        {t('register.takenRecover')}
      </Anchor>
      .
    </>
  );
}

/** The login, with the e-mail typed and the chosen product (signing in then goes on into its contract). */
function loginPathOf(coverageId: number | null, email = ''): string {
  const query = new URLSearchParams();
  if (email) query.set('email', email);
  if (coverageId) query.set('coverage', String(coverageId));
  const search = query.toString();
  return search ? `/login?${search}` : '/login';
}

const REFERRAL_KEY = 'cubierto.referral';

/** The code of the link the visitor came with: from the address, or kept from an earlier visit in this tab. */
function rememberedReferral(fromLink: string | null): string {
  const code = fromLink?.trim().toUpperCase();
  try {
    if (code) window.sessionStorage.setItem(REFERRAL_KEY, code);
    return code || window.sessionStorage.getItem(REFERRAL_KEY) || '';
  } catch {
    // Storage refused: the link's own code still counts.
    return code ?? '';
  }
}

export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pending = useAsyncValue(pendingRegistration.read) ?? null;
  const [searchParams] = useSearchParams();
  const coverageId = Number(searchParams.get('coverage')) || null;
  // A referral link (`/register?ref=CODE`) fills in the inviter's code, also after a detour through a
  // social provider (the code is kept for this tab).
  const invitedWith = rememberedReferral(searchParams.get('ref'));
  /** Set once the API mailed a code: the page shows the code step for that address. */
  const [codeSentTo, setCodeSentTo] = useState<{ email: string; message: string } | null>(null);

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    applyApiErrors,
    formState: { errors, isSubmitting },
  } = useApiForm({
    schema: RegisterFormSchema,
    defaultValues: {
      name: '',
      email: '',
      password: '',
      dni: '',
      referral_code: invitedWith,
    },
  });

  useEffect(() => {
    if (pending) setValue('email', pending.email);
  }, [pending, setValue]);

  const formRef = useRef<HTMLFormElement>(null);
  // Drawn in place of the login ('Registrate'): what was typed there, also while this page was on its
  // way, goes on here, and so does the typing (carry-typing.ts). The login's form is read as this page
  // first renders, while it is still on screen. An e-mail from a social provider's pending sign-up wins.
  const [replaced] = useState(formBeingReplaced);
  useLayoutEffect(() => {
    const taken = takeFromReplacedForm(replaced);
    if (!taken) return;
    if (taken.email) setValue('email', taken.email);
    if (taken.password !== undefined) setValue('password', taken.password);
    taken.focus(formRef.current);
  }, [replaced, setValue]);

  /** The account exists: on as after any sign-in (register-risk goes on to contract its product). */
  const finish = async (token: TokenResponse) => {
    await pendingRegistration.clear();
    await completeSignIn(token, (to) =>
      navigate(coverageId && to === '/tabs' ? contractPathOf(coverageId) : to, { replace: true }),
    );
  };

  const termsId = useId();

  // 'Aceptar y crear cuenta' is the acceptance: the request carries it, the API records its version and time.
  const onSubmit = handleSubmit(async ({ referral_code, ...rest }) => {
    const values = { ...rest, ...(referral_code ? { referral_code } : {}), accepted_terms: true as const };
    try {
      const started = await registerCustomer(
        pending ? { ...values, social: pending.social, social_token: pending.social_token } : values,
      );
      if (started.kind === 'session') await finish(started.token);
      else setCodeSentTo({ email: values.email, message: started.message });
    } catch (error) {
      // An account that already exists is an answer, not a failure: said once, under its field.
      if (hasErrorCode(error, 'email_taken'))
        setError('email', { type: TAKEN, message: t('register.emailTaken') }, { shouldFocus: true });
      else if (hasErrorCode(error, 'document_taken'))
        setError('dni', { type: TAKEN, message: t('register.documentTaken') }, { shouldFocus: true });
      else if (!applyApiErrors(error)) handleError(error, 15);
    }
  });

  /** A field's error: its message, or for an account that exists, the message with the ways in. */
  const errorOf = (field: 'email' | 'dni'): ReactNode => {
    const error = errors[field];
    if (error?.type !== TAKEN || !error.message) return error?.message;
    return (
      <AccountExists
        lead={error.message}
        email={getValues('email')}
        coverageId={coverageId}
        formRef={formRef}
      />
    );
  };

  return (
    <AuthFrame
      title={
        codeSentTo ? t('register.codeTitle') : pending ? t('register.completeTitle') : t('register.title')
      }
      subtitle={
        codeSentTo ? (
          // A long address breaks anywhere rather than run out of the card.
          <span style={{ overflowWrap: 'anywhere' }}>
            {codeSentTo.message} {t('register.codeSubtitle')}
          </span>
        ) : coverageId ? (
          t('catalog.chosen.registerSubtitle')
        ) : (
          t('register.subtitle')
        )
      }
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Anchor component={Link} to={loginPathOf(coverageId)} onClick={handOverToLogin(formRef)} fw={600}>
            {t('register.loginLink')}
          </Anchor>
        </>
      }
    >
      {codeSentTo && (
        <RegistrationCodeStep
          email={codeSentTo.email}
          onConfirmed={finish}
          onBack={() => setCodeSentTo(null)}
        />
      )}
      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('register.title')}
        hidden={Boolean(codeSentTo)}
      >
        <Stack gap="md">
          {coverageId && <ChosenProductSummary coverageId={coverageId} />}
          {pending && (
            <Alert variant="light" color="brand" icon={<IconInfo />} title={t('register.pendingTitle')}>
              {t('register.pendingDescription', { provider: t(`social.providers.${pending.social}`) })}
            </Alert>
          )}
          <TextInput
            label={t('register.name')}
            autoComplete="name"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextInput
            label={t('register.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            readOnly={Boolean(pending)}
            description={pending ? t('register.emailFromProvider') : undefined}
            error={errorOf('email')}
            {...register('email')}
          />
          <TextInput
            label={t('register.dni')}
            inputMode="numeric"
            autoComplete="off"
            description={t('register.dniHint')}
            error={errorOf('dni')}
            {...maskedRegistration(register('dni'), 'dni')}
          />
          <TextInput
            label={t('register.referralCode')}
            autoComplete="off"
            maxLength={8}
            description={invitedWith ? t('register.referralInvited') : t('register.referralHint')}
            error={errors.referral_code?.message}
            {...register('referral_code')}
          />
          <PasswordField
            label={t('register.password')}
            autoComplete="new-password"
            description={t('register.passwordHint')}
            error={errors.password?.message}
            {...register('password')}
          />
          <Text id={termsId} size="sm" mt="xs">
            {t('register.termsLead')} <LegalLink to="/terminos">{t('register.termsLink')}</LegalLink>{' '}
            {t('register.termsAnd')} <LegalLink to="/privacidad">{t('register.privacyLink')}</LegalLink>.
          </Text>
          <Button type="submit" size="md" fullWidth loading={isSubmitting} aria-describedby={termsId}>
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
    </AuthFrame>
  );
}
