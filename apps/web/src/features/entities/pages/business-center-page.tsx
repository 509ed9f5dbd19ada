/**
 * 'Centro de negocios' (business-center): the personal entity and the businesses the customer acts for,
 * with their role, up to 50 in all (spec §5, §9); adding a business; each opening its page.
 */
import { TAX_CONDITION_LABELS, type TaxCondition } from '@cubierto/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { myEntitiesQueryOptions } from '../../../shared/entities/my-entities.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { LoadError } from '../../../shared/ui/load-error.tsx';
import { NewEntityForm } from '../components/new-entity-form.tsx';

export const MAX_ENTITIES = 50;

export function BusinessCenterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const entities = useQuery(myEntitiesQueryOptions());
  const [adding, setAdding] = useState(false);
  const listId = useId();
  const count = entities.data?.length ?? 0;
  const full = count >= MAX_ENTITIES;

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {t('business.title')}
          </Title>
          <Text c="dimmed">{t('business.description')}</Text>
        </Stack>
        {!adding && (
          <Button onClick={() => setAdding(true)} disabled={!entities.data || full}>
            {t('business.add')}
          </Button>
        )}
      </Group>

      {full && (
        <Text role="status" c="orange.9" fw={600}>
          {t('business.limitReached', { max: MAX_ENTITIES })}
        </Text>
      )}

      {adding && (
        <NewEntityForm
          kind="business"
          submitLabel={t('entities.create.submit')}
          onCancel={() => setAdding(false)}
          onCreated={(entity) => {
            setAdding(false);
            showToast({
              type: 'success',
              message: t('entities.create.done', { name: entity.name }),
              duration: 4000,
            });
            navigate(`/business-center/business/${entity.id}`);
          }}
        />
      )}

      <Stack gap="sm" component="section" aria-labelledby={listId}>
        <Group justify="space-between">
          <Title order={2} fz="lg" id={listId}>
            {t('business.list')}
          </Title>
          {entities.data && (
            <Text size="sm" c="dimmed">
              {t('business.count', { count, max: MAX_ENTITIES })}
            </Text>
          )}
        </Group>
        {entities.isError ? (
          <LoadError description={t('business.loadError')} onRetry={() => void entities.refetch()} />
        ) : !entities.data ? (
          <Stack role="status" aria-busy="true" aria-label={t('loading.default')}>
            <Skeleton h={88} radius="lg" />
            <Skeleton h={88} radius="lg" />
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {entities.data.map((entity) => (
              <Card key={entity.id} withBorder radius="lg" padding="md">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
                    <Stack gap={2} miw={0}>
                      <Text fw={700} truncate="end">
                        {entity.name}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {entity.document_type} {entity.document_number}
                        {entity.tax_condition
                          ? ` · ${TAX_CONDITION_LABELS[entity.tax_condition as TaxCondition] ?? entity.tax_condition}`
                          : ''}
                      </Text>
                    </Stack>
                    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                      <Badge variant="light" color="gray" c="gray.8" tt="none">
                        {t(`entities.kind.${entity.kind}`)}
                      </Badge>
                      <Badge
                        variant="light"
                        color={entity.role === 'owner' ? 'brand' : 'grape'}
                        c={entity.role === 'owner' ? undefined : 'grape.9'}
                        tt="none"
                      >
                        {t(`business.roles.${entity.role}`)}
                      </Badge>
                    </Group>
                  </Group>
                  <Button
                    component={Link}
                    to={`/business-center/business/${entity.id}`}
                    variant="light"
                    size="xs"
                    style={{ alignSelf: 'flex-start' }}
                    aria-label={t('business.openNamed', { name: entity.name })}
                  >
                    {t('business.open')}
                  </Button>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
