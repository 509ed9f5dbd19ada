/**
 * A new import: the entity it is for, a linked policy and its coverage, the sample CSV of that coverage,
 * and the file. Uploading shows a real progress bar; a refused file shows why under the file field and
 * keeps every choice, so the customer only has to pick a corrected file.
 */
import type { Entity } from '@cubierto/contracts';
import {
  Alert,
  Button,
  Card,
  FileInput,
  Group,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { publicPoliciesQueryOptions } from '../../../shared/catalog/public-policies.ts';
import { myEntitiesQueryOptions } from '../../../shared/entities/my-entities.ts';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { placeApiValidations } from '../../../shared/forms/api-validations.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { IconUpload } from '../../../shared/ui/icons.tsx';
import { downloadSample } from '../api/import-files.ts';
import { useUploadImportMutation } from '../api/upload-import.ts';

const UPLOAD_SITE = 203;
const MAX_BYTES = 10 * 1024 * 1024;

function entityLabel(entity: Entity): string {
  return `${entity.name} (${entity.document_type} ${entity.document_number})`;
}

export function NewImportForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const upload = useUploadImportMutation();
  const titleId = useId();
  const entities = useQuery(myEntitiesQueryOptions());
  const policies = useQuery(publicPoliciesQueryOptions());
  const [entityId, setEntityId] = useState<string | null>(null);
  const [policyId, setPolicyId] = useState<string | null>(null);
  const [coverageId, setCoverageId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);

  // Products contracted on the insurer's own site cannot be imported.
  const importable = (policies.data ?? []).filter((p) => !p.external_url && p.coverages?.length);
  const policy = importable.find((p) => String(p.id) === policyId);
  const chosenEntity = entityId ?? (entities.data?.length === 1 ? String(entities.data[0]!.id) : null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setMissing(true);
    if (!chosenEntity || !coverageId || !file) return;
    if (file.size > MAX_BYTES) {
      setFileError(t('imports.new.tooLarge'));
      return;
    }
    setFileError(null);
    setProgress(0);
    try {
      const created = await upload.mutateAsync({
        file,
        coverageId: Number(coverageId),
        entityId: Number(chosenEntity),
        onProgress: setProgress,
      });
      // 207: the file was read, but only some rows can be issued; say so before the report.
      if (created.partlyValid)
        showToast({
          type: 'warning',
          message: t('imports.new.partlyValid', {
            count: created.import.invalid_count,
            valid: created.import.valid_count,
            total: created.import.row_count,
          }),
        });
      navigate(`/customers/imports/${created.import.id}`);
    } catch (error) {
      const [refused] = placeApiValidations(error, ['file']).fields;
      if (refused) setFileError(refused[1]);
      else handleError(error, UPLOAD_SITE);
    } finally {
      setProgress(null);
    }
  };

  const required = (value: unknown) => (missing && !value ? t('imports.new.required') : undefined);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={titleId}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="lg" id={titleId}>
              {t('imports.new.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('imports.new.hint')}
            </Text>
          </Stack>
          <SimpleGrid cols={3} spacing="md">
            <Select
              label={t('imports.new.entity')}
              placeholder={t('imports.new.choose')}
              data={(entities.data ?? []).map((e) => ({ value: String(e.id), label: entityLabel(e) }))}
              value={chosenEntity}
              onChange={setEntityId}
              allowDeselect={false}
              error={entities.isError ? t('imports.new.loadError') : required(chosenEntity)}
              required
            />
            <Select
              label={t('imports.new.policy')}
              placeholder={t('imports.new.choose')}
              data={importable.map((p) => ({ value: String(p.id), label: p.name }))}
              value={policyId}
              onChange={(value) => {
                setPolicyId(value);
                const only = importable.find((p) => String(p.id) === value)?.coverages;
                setCoverageId(only?.length === 1 ? String(only[0]!.id) : null);
              }}
              allowDeselect={false}
              searchable
              error={policies.isError ? t('imports.new.loadError') : required(policyId)}
              required
            />
            <Select
              label={t('imports.new.coverage')}
              placeholder={policy ? t('imports.new.choose') : t('imports.new.policyFirst')}
              data={(policy?.coverages ?? []).map((c) => ({ value: String(c.id), label: c.public_name }))}
              value={coverageId}
              onChange={setCoverageId}
              disabled={!policy}
              allowDeselect={false}
              error={policy ? required(coverageId) : undefined}
              required
            />
          </SimpleGrid>
          <Alert variant="light" color="brand">
            <Group justify="space-between" wrap="nowrap" gap="md">
              <Text size="sm">{t('imports.new.sampleHint')}</Text>
              <Button
                variant="default"
                style={{ flexShrink: 0 }}
                disabled={!coverageId}
                onClick={() => coverageId && void downloadSample(Number(coverageId))}
              >
                {t('imports.new.sample')}
              </Button>
            </Group>
          </Alert>
          <FileInput
            label={t('imports.new.file')}
            description={t('imports.new.fileHint')}
            placeholder={t('imports.new.filePlaceholder')}
            accept=".csv,text/csv"
            value={file}
            onChange={(value) => {
              setFile(value);
              setFileError(null);
            }}
            clearable
            leftSection={<IconUpload size={18} />}
            error={fileError ?? required(file)}
            required
          />
          {progress !== null && (
            <Stack gap={4}>
              <Text size="sm">{t('imports.new.uploading', { percent: Math.round(progress * 100) })}</Text>
              <Progress
                value={Math.max(progress * 100, 3)}
                animated={progress >= 1}
                aria-label={t('imports.new.uploadProgress')}
              />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={progress !== null}>
              {t('imports.new.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
