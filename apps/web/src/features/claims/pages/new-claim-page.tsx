/**
 * 'Nuevo reclamo' (customers/claims/new, or ?insurance={id} from an insurance): choose an in-force
 * insurance and its insured risk, the incident date within its cover (not in the future), where it
 * happened, what happened, and photos or documents. The form checks what the server checks and keeps
 * everything typed when the server refuses; a retried submit carries the same Idempotency-Key.
 */
import {
  CLAIM_DESCRIPTION_MAX,
  type ClaimableInsurance,
  CreateClaimBodySchema,
  checkIncidentDate,
  todayInArgentina,
} from '@cubierto/contracts';
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Select,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError, isUnanswered } from '../../../shared/api/api-error.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { formatDay } from '../../../shared/format/format.ts';
import { bodyFormSchema } from '../../../shared/forms/body-form-schema.ts';
import { useApiForm } from '../../../shared/forms/use-api-form.ts';
import { useEditClearsError } from '../../../shared/forms/use-edit-clears-error.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { IconFileText, IconInfo } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { claimableInsurancesQueryOptions } from '../api/claimable-insurances.ts';
import { useFileClaimMutation } from '../api/file-claim.ts';
import { AttachmentPicker } from '../components/attachment-picker.tsx';

/** Call site of the central error handler for a claim that could not be filed. */
const FILE_ERROR_SITE = 93;

/** The form as the customer fills it: the choices as the selects hold them, the ids of uploaded files. */
type ClaimValues = {
  insurance_id: string | null;
  risk_id: string | null;
  incident_date: string;
  place: string;
  description: string;
  attachment_ids: number[];
};

function toClaimBody(values: ClaimValues) {
  return {
    insurance_id: values.insurance_id ? Number(values.insurance_id) : undefined,
    risk_id: values.risk_id ? Number(values.risk_id) : undefined,
    incident_date: values.incident_date || undefined,
    place: values.place,
    description: values.description,
    attachment_ids: values.attachment_ids,
  };
}

function ClaimForm({
  insurances,
  initialInsurance,
}: {
  insurances: ClaimableInsurance[];
  initialInsurance: number | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const filing = useFileClaimMutation();
  const first =
    insurances.find((i) => i.id === initialInsurance) ??
    (insurances.length === 1 ? insurances[0] : undefined);
  // What the rules beyond the API's schema read when the form is checked: the cover of the chosen
  // insurance, and whether a file is still on its way up.
  const latest = useRef({ insurances, uploading: false });
  latest.current.insurances = insurances;
  const form = useApiForm({
    schema: bodyFormSchema(CreateClaimBodySchema, toClaimBody, (values) => {
      const chosen = latest.current.insurances.find((i) => String(i.id) === values.insurance_id);
      const dateProblem =
        chosen && values.incident_date
          ? checkIncidentDate(
              values.incident_date,
              { startsOn: chosen.starts_on, endsOn: chosen.ends_on },
              todayInArgentina(),
            )
          : null;
      return [
        dateProblem ? { field: 'incident_date', message: dateProblem } : null,
        latest.current.uploading
          ? { field: 'attachment_ids', message: t('claims.attachments.stillUploading') }
          : null,
      ];
    }),
    defaultValues: {
      insurance_id: first ? String(first.id) : null,
      risk_id: first?.risks.length === 1 ? String(first.risks[0]!.id) : null,
      incident_date: '',
      place: '',
      description: '',
      attachment_ids: [],
    },
    // A message stands until the next try; changing its field takes it away.
    reValidateMode: 'onSubmit',
  });
  const attemptKey = useRef<string | null>(null);
  // A change makes a new attempt.
  useEditClearsError(form, () => {
    attemptKey.current = null;
  });
  const [insuranceId, description] = useWatch({
    control: form.control,
    name: ['insurance_id', 'description'],
  });
  const insurance = insurances.find((i) => String(i.id) === insuranceId);
  const today = todayInArgentina();
  const maxDate = insurance && insurance.ends_on < today ? insurance.ends_on : today;
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (body) => {
    attemptKey.current ??= crypto.randomUUID();
    try {
      const claim = await filing.mutateAsync({ body, idempotencyKey: attemptKey.current });
      showToast({
        type: 'success',
        duration: 4_000,
        message: t('claims.form.filed', { number: claim.number }),
      });
      void navigate(`/customers/claims/${claim.id}`, { replace: true });
    } catch (failure) {
      // An answered refusal ends the attempt; with no answer, a retry may find the claim already filed.
      if (failure instanceof ApiError && !isUnanswered(failure)) attemptKey.current = null;
      if (!form.applyApiErrors(failure)) handleError(failure, FILE_ERROR_SITE);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <Controller
              control={form.control}
              name="insurance_id"
              render={({ field }) => (
                <Select
                  label={t('claims.form.insurance')}
                  placeholder={t('claims.form.insurancePlaceholder')}
                  data={insurances.map((i) => ({
                    value: String(i.id),
                    label: t('claims.form.insuranceOption', {
                      number: i.number,
                      riskType: i.risk_type_name,
                      coverage: i.coverage_name,
                    }),
                  }))}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    const chosen = insurances.find((i) => String(i.id) === value);
                    form.setValue('risk_id', chosen?.risks.length === 1 ? String(chosen.risks[0]!.id) : null);
                  }}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  error={errors.insurance_id?.message}
                  allowDeselect={false}
                  required
                />
              )}
            />
            {insurance && (
              <Text size="sm" c="dimmed">
                {t('claims.form.cover', {
                  from: formatDay(insurance.starts_on),
                  to: formatDay(insurance.ends_on),
                })}
              </Text>
            )}
            <Controller
              control={form.control}
              name="risk_id"
              render={({ field }) => (
                <Select
                  label={t('claims.form.risk')}
                  placeholder={t('claims.form.riskPlaceholder')}
                  data={(insurance?.risks ?? []).map((r) => ({ value: String(r.id), label: r.label }))}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                  disabled={!insurance}
                  error={errors.risk_id?.message}
                  allowDeselect={false}
                  required
                />
              )}
            />
            <TextInput
              type="date"
              label={t('claims.form.incidentDate')}
              description={insurance ? t('claims.form.incidentDateHint') : undefined}
              min={insurance?.starts_on}
              max={maxDate}
              {...form.register('incident_date')}
              error={errors.incident_date?.message}
              required
            />
            <TextInput
              label={t('claims.form.place')}
              placeholder={t('claims.form.placePlaceholder')}
              {...form.register('place')}
              error={errors.place?.message}
              maxLength={200}
              required
            />
            <Textarea
              label={t('claims.form.description')}
              description={t('claims.form.descriptionHint', {
                count: description.trim().length,
                max: CLAIM_DESCRIPTION_MAX,
              })}
              {...form.register('description')}
              error={errors.description?.message}
              rows={5}
              resize="vertical"
              maxLength={CLAIM_DESCRIPTION_MAX}
              required
            />
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <AttachmentPicker
            onChange={(ids, uploading) => {
              latest.current.uploading = uploading;
              form.setValue('attachment_ids', ids);
            }}
            error={errors.attachment_ids?.message ?? errors.attachment_ids?.[0]?.message}
          />
        </Card>
        <Button
          type="submit"
          loading={form.formState.isSubmitting}
          size="md"
          style={{ alignSelf: 'flex-end' }}
        >
          {t('claims.form.submit')}
        </Button>
      </Stack>
    </form>
  );
}

export function NewClaimPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = useQuery(claimableInsurancesQueryOptions);
  const initial = Number(params.get('insurance')) || null;

  return (
    <Stack gap="lg" maw={760} mx="auto">
      <BackLink to="/customers/claims" label={t('claims.back')} />
      <Stack gap={4}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t('claims.form.title')}
        </Title>
        <Text c="dimmed">{t('claims.form.intro')}</Text>
      </Stack>
      {query.isError ? (
        <LoadError description={t('claims.form.loadError')} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t('loading.default')}>
          <Skeleton h={320} radius="lg" />
          <Skeleton h={120} radius="lg" />
        </Stack>
      ) : query.data.length === 0 ? (
        <EmptyState
          variant="light"
          icon={<IconFileText size={28} />}
          title={t('claims.form.noInsurancesTitle')}
          description={t('claims.form.noInsurancesDescription')}
        >
          <Button component={Link} to="/customers/insurances" variant="light" mt="sm">
            {t('claims.form.toInsurances')}
          </Button>
        </EmptyState>
      ) : (
        <>
          {initial !== null && !query.data.some((i) => i.id === initial) && (
            <Alert color="info" variant="light" icon={<IconInfo />}>
              {t('claims.form.notClaimable')}
            </Alert>
          )}
          <ClaimForm insurances={query.data} initialInsurance={initial} />
        </>
      )}
    </Stack>
  );
}
