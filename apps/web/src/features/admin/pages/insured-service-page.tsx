/**
 * Atención al asegurado: the Servicio de Atención al Asegurado the public pages show (SSN: responsible and
 * deputy, phone, e-mail, hours, the SSN's own line, how to ask for a copy of the policy and to report a
 * claim). One form over the API's body schema; each save is audited by the API.
 */
import { type InsuredService, type InsuredServiceBody, InsuredServiceBodySchema } from '@cubierto/contracts';
import { Paper, SimpleGrid, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../shared/format/format.ts';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { insuredServiceQueryOptions, useSaveInsuredServiceMutation } from '../api/insured-service.ts';
import { OperatorForm, useOperatorForm } from '../components/operator-form.tsx';

function bodyOf(saa: InsuredService): InsuredServiceBody {
  const { updated_at: _, ...body } = saa;
  return body;
}

function InsuredServiceForm({ saa }: { saa: InsuredService }) {
  const { t } = useTranslation();
  const save = useSaveInsuredServiceMutation();
  const form = useOperatorForm<InsuredServiceBody, InsuredServiceBody>({
    schema: InsuredServiceBodySchema,
    defaultValues: bodyOf(saa),
  });
  const { errors } = form.formState;
  const field = (name: keyof InsuredServiceBody) => ({
    ...form.register(name),
    error: errors[name]?.message,
  });
  return (
    <OperatorForm
      form={form}
      label={t('insuredService.admin.title')}
      save={async (body) => form.reset(bodyOf(await save.mutateAsync(body)))}
      saving={save.isPending}
      // One record, no dialog to close: 'Cancelar' puts back what was saved last.
      onDone={() => form.reset()}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('insuredService.admin.responsible')} maxLength={120} {...field('responsible')} />
        <TextInput label={t('insuredService.admin.deputy')} maxLength={120} {...field('deputy')} />
        <TextInput label={t('insuredService.admin.phone')} type="tel" maxLength={40} {...field('phone')} />
        <TextInput label={t('insuredService.admin.email')} type="email" maxLength={200} {...field('email')} />
      </SimpleGrid>
      <TextInput label={t('insuredService.admin.hours')} maxLength={120} {...field('hours')} />
      <Textarea
        label={t('insuredService.admin.ssnLine')}
        autosize
        minRows={3}
        maxLength={600}
        {...field('ssn_line')}
      />
      <Textarea
        label={t('insuredService.admin.policyCopy')}
        autosize
        minRows={2}
        maxLength={1000}
        {...field('policy_copy')}
      />
      <Textarea
        label={t('insuredService.admin.claimReport')}
        autosize
        minRows={2}
        maxLength={1000}
        {...field('claim_report')}
      />
    </OperatorForm>
  );
}

export function InsuredServiceAdminPage() {
  const { t } = useTranslation();
  const query = useQuery(insuredServiceQueryOptions);
  return (
    <Stack gap="lg" maw={880}>
      <div>
        <Title order={1} size="h2">
          {t('insuredService.admin.title')}
        </Title>
        <Text c="gray.8" mt={4}>
          {t('insuredService.admin.help')}
        </Text>
        {query.data && (
          <Text size="sm" c="gray.8" mt={4} data-testid="insured-service-updated">
            {query.data.updated_at
              ? t('insuredService.admin.updatedAt', { date: formatLongDate(query.data.updated_at) })
              : t('insuredService.admin.never')}
          </Text>
        )}
      </div>
      {query.isError ? (
        <LoadError description={t('insuredService.admin.loadError')} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Skeleton height={420} />
      ) : (
        <Paper withBorder radius="md" p="lg">
          <InsuredServiceForm saa={query.data} />
        </Paper>
      )}
    </Stack>
  );
}
