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
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-error.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { formatDay } from '../../../shared/format/format.ts';
import { placeApiValidations } from '../../../shared/forms/api-validations.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { BackLink } from '../../../shared/ui/back-link.tsx';
import { IconFileText, IconInfo } from '../../../shared/ui/icons.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { claimableInsurancesQueryOptions } from '../api/claimable-insurances.ts';
import { useFileClaimMutation } from '../api/file-claim.ts';
import { AttachmentPicker } from '../components/attachment-picker.tsx';

/** Call site of the central error handler for a claim that could not be filed. */
const FILE_ERROR_SITE = 93;

const FIELDS = [
  'insurance_id',
  'risk_id',
  'incident_date',
  'place',
  'description',
  'attachment_ids',
] as const;
type Field = (typeof FIELDS)[number];
type Errors = Partial<Record<Field, string>>;

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
  const [insuranceId, setInsuranceId] = useState<string | null>(first ? String(first.id) : null);
  const insurance = insurances.find((i) => String(i.id) === insuranceId);
  const [riskId, setRiskId] = useState<string | null>(
    first?.risks.length === 1 ? String(first.risks[0]!.id) : null,
  );
  const [incidentDate, setIncidentDate] = useState('');
  const [place, setPlace] = useState('');
  const [description, setDescription] = useState('');
  const [attachments, setAttachments] = useState<{ ids: number[]; uploading: boolean }>({
    ids: [],
    uploading: false,
  });
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const attemptKey = useRef<string | null>(null);
  const today = todayInArgentina();
  const maxDate = insurance && insurance.ends_on < today ? insurance.ends_on : today;

  /** A change makes a new attempt, and the field's old message no longer applies. */
  const edited = (field: Field) => {
    attemptKey.current = null;
    setErrors((before) => (before[field] ? { ...before, [field]: undefined } : before));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = CreateClaimBodySchema.safeParse({
      insurance_id: insuranceId ? Number(insuranceId) : undefined,
      risk_id: riskId ? Number(riskId) : undefined,
      incident_date: incidentDate || undefined,
      place,
      description,
      attachment_ids: attachments.ids,
    });
    const found: Errors = {};
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
    if (insurance && incidentDate && !found.incident_date) {
      const problem = checkIncidentDate(
        incidentDate,
        { startsOn: insurance.starts_on, endsOn: insurance.ends_on },
        today,
      );
      if (problem) found.incident_date = problem;
    }
    if (attachments.uploading) found.attachment_ids = t('claims.attachments.stillUploading');
    setErrors(found);
    if (!parsed.success || Object.keys(found).length) {
      const firstField = FIELDS.find((f) => found[f]);
      if (firstField) document.querySelector<HTMLElement>(`[data-field="${firstField}"]`)?.focus();
      return;
    }
    setSending(true);
    attemptKey.current ??= crypto.randomUUID();
    try {
      const claim = await filing.mutateAsync({ body: parsed.data, idempotencyKey: attemptKey.current });
      showToast({
        type: 'success',
        duration: 4_000,
        message: t('claims.form.filed', { number: claim.number }),
      });
      void navigate(`/customers/claims/${claim.id}`, { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status !== 0) attemptKey.current = null;
      const fromServer: Errors = {};
      for (const [key, message] of placeApiValidations(failure, FIELDS).fields)
        fromServer[key.split('.')[0] as Field] ??= message;
      if (Object.keys(fromServer).length) setErrors(fromServer);
      else handleError(failure, FILE_ERROR_SITE);
      setSending(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
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
              value={insuranceId}
              onChange={(value) => {
                setInsuranceId(value);
                const chosen = insurances.find((i) => String(i.id) === value);
                setRiskId(chosen?.risks.length === 1 ? String(chosen.risks[0]!.id) : null);
                edited('insurance_id');
              }}
              error={errors.insurance_id}
              allowDeselect={false}
              required
              data-field="insurance_id"
            />
            {insurance && (
              <Text size="sm" c="dimmed">
                {t('claims.form.cover', {
                  from: formatDay(insurance.starts_on),
                  to: formatDay(insurance.ends_on),
                })}
              </Text>
            )}
            <Select
              label={t('claims.form.risk')}
              placeholder={t('claims.form.riskPlaceholder')}
              data={(insurance?.risks ?? []).map((r) => ({ value: String(r.id), label: r.label }))}
              value={riskId}
              onChange={(value) => {
                setRiskId(value);
                edited('risk_id');
              }}
              disabled={!insurance}
              error={errors.risk_id}
              allowDeselect={false}
              required
              data-field="risk_id"
            />
            <TextInput
              type="date"
              label={t('claims.form.incidentDate')}
              description={insurance ? t('claims.form.incidentDateHint') : undefined}
              value={incidentDate}
              min={insurance?.starts_on}
              max={maxDate}
              onChange={(event) => {
                setIncidentDate(event.currentTarget.value);
                edited('incident_date');
              }}
              error={errors.incident_date}
              required
              data-field="incident_date"
            />
            <TextInput
              label={t('claims.form.place')}
              placeholder={t('claims.form.placePlaceholder')}
              value={place}
              onChange={(event) => {
                setPlace(event.currentTarget.value);
                edited('place');
              }}
              error={errors.place}
              maxLength={200}
              required
              data-field="place"
            />
            <Textarea
              label={t('claims.form.description')}
              description={t('claims.form.descriptionHint', {
                count: description.trim().length,
                max: CLAIM_DESCRIPTION_MAX,
              })}
              value={description}
              onChange={(event) => {
                setDescription(event.currentTarget.value);
                edited('description');
              }}
              error={errors.description}
              rows={5}
              resize="vertical"
              maxLength={CLAIM_DESCRIPTION_MAX}
              required
              data-field="description"
            />
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <AttachmentPicker
            onChange={(ids, uploading) => {
              setAttachments({ ids, uploading });
              edited('attachment_ids');
            }}
            error={errors.attachment_ids}
          />
        </Card>
        <Button type="submit" loading={sending} size="md" style={{ alignSelf: 'flex-end' }}>
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
