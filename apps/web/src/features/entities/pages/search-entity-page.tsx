/**
 * search-entity (spec §2): finds one of the customer's people or businesses by DNI or CUIT, or creates it,
 * and goes back to where it was asked for (the taker step of a contract) with the chosen entity.
 * `?for=taker|billing&returnTo=/contract-insurance/{id}`; only paths inside the app are followed.
 */
import {
  type Entity,
  EntitySearchQuerySchema,
  TAX_CONDITION_LABELS,
  type TaxCondition,
} from '@cubierto/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { handleError } from '../../../shared/errors/error-handler.tsx';
import { maskedRegistration } from '../../../shared/forms/masks.ts';
import { useApiForm } from '../../../shared/forms/use-api-form.ts';
import { showToast } from '../../../shared/toasts/toasts.tsx';
import { IconInfo } from '../../../shared/ui/icons.tsx';
import { searchEntities } from '../api/search-entities.ts';
import { NewEntityForm } from '../components/new-entity-form.tsx';

type Role = 'taker' | 'billing';

/** Only a path of this app: never another site (an open redirect) nor a protocol-relative URL. */
export function safeReturnPath(value: string | null): string | null {
  return value?.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}

function EntityResult({
  entity,
  chooseLabel,
  onChoose,
}: {
  entity: Entity;
  chooseLabel?: string;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" padding="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={700}>{entity.name}</Text>
            <Badge variant="light" color={entity.kind === 'business' ? 'secondary' : 'brand'}>
              {t(`entities.kind.${entity.kind}`)}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {entity.document_type} {entity.document_number}
            {entity.tax_condition
              ? ` · ${TAX_CONDITION_LABELS[entity.tax_condition as TaxCondition] ?? entity.tax_condition}`
              : ''}
          </Text>
        </Stack>
        {chooseLabel && (
          <Button onClick={onChoose} aria-label={`${chooseLabel}: ${entity.name}`}>
            {chooseLabel}
          </Button>
        )}
      </Group>
    </Card>
  );
}

export function SearchEntityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const forParam = params.get('for');
  const role: Role | null = forParam === 'taker' || forParam === 'billing' ? forParam : null;
  const returnTo = safeReturnPath(params.get('returnTo'));
  const [results, setResults] = useState<{ document: string; entities: Entity[] } | null>(null);
  const [creating, setCreating] = useState(false);

  const {
    register,
    handleSubmit,
    applyApiErrors,
    formState: { errors, isSubmitting },
  } = useApiForm({ schema: EntitySearchQuerySchema, defaultValues: { document: '' } });

  const choose = (entity: Entity) => {
    if (!returnTo) return;
    navigate(returnTo, { state: role ? { chosenEntity: { role, id: entity.id } } : null });
  };

  const search = handleSubmit(async ({ document }) => {
    try {
      const entities = await searchEntities(document);
      setResults({ document, entities });
      setCreating(entities.length === 0);
    } catch (error) {
      if (!applyApiErrors(error)) handleError(error, 60);
    }
  });

  const chooseLabel = returnTo ? t(role ? `entities.choose.${role}` : 'entities.choose.any') : undefined;

  return (
    <Stack gap="lg" maw={720} mx="auto">
      {returnTo && (
        <Anchor component={Link} to={returnTo} size="sm">
          {t('entities.backToContract')}
        </Anchor>
      )}
      <div>
        <Title order={1} fz={{ base: 26, sm: 30 }}>
          {t('entities.title')}
        </Title>
        <Text c="dimmed">{role ? t(`entities.subtitle.${role}`) : t('entities.subtitle.any')}</Text>
      </div>

      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={search} noValidate aria-label={t('entities.search.label')}>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('entities.search.document')}
              description={t('entities.search.hint')}
              inputMode="numeric"
              autoComplete="off"
              error={errors.document?.message}
              style={{ flex: '1 1 220px' }}
              {...maskedRegistration(register('document'), 'document')}
            />
            <Button
              type="submit"
              loading={isSubmitting}
              mt={{ base: 0, xs: 50 }}
              w={{ base: '100%', xs: 'auto' }}
            >
              {t('entities.search.submit')}
            </Button>
          </Group>
        </form>
      </Card>

      {results && results.entities.length > 0 && (
        <Stack gap="sm" aria-live="polite">
          <Title order={2} fz="lg">
            {t('entities.results.title')}
          </Title>
          {results.entities.map((entity) => (
            <EntityResult
              key={entity.id}
              entity={entity}
              chooseLabel={chooseLabel}
              onChoose={() => choose(entity)}
            />
          ))}
        </Stack>
      )}
      {results && results.entities.length === 0 && (
        <Alert color="info" variant="light" icon={<IconInfo />} aria-live="polite">
          {t('entities.results.none', { document: results.document })}
        </Alert>
      )}

      {creating ? (
        <NewEntityForm
          key={results?.document ?? ''}
          document={results?.entities.length === 0 ? results.document : ''}
          submitLabel={returnTo ? t('entities.create.submitAndChoose') : t('entities.create.submit')}
          onCancel={() => setCreating(false)}
          onCreated={(entity) => {
            showToast({ type: 'success', message: t('entities.create.done', { name: entity.name }) });
            if (returnTo) choose(entity);
            else {
              setResults({ document: entity.document_number, entities: [entity] });
              setCreating(false);
            }
          }}
        />
      ) : (
        <Group>
          <Button variant="light" onClick={() => setCreating(true)}>
            {t('entities.create.open')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
