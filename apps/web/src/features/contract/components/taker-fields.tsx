/**
 * The taker ('tomador', who contracts) and the designated billing party ('contratante designado', whom the
 * invoices are addressed to), chosen among the customer's entities. Another person or business is found or
 * created in search-entity, which comes back here with it; what was chosen meanwhile is kept.
 */
import type { Entity } from '@cubierto/contracts';
import { Anchor, Group, SimpleGrid, Stack } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Glossary } from '../../../shared/ui/glossary.tsx';
import { entityLabel } from '../model/answer-summary.ts';
import type { StepValues } from '../model/step-values.ts';
import { ChoiceField } from './form-fields.tsx';

export type TakerRole = 'taker' | 'billing';

export const fieldOf = { taker: 'taker_entity_id', billing: 'billing_entity_id' } as const;

const drafts = new Map<number, StepValues>();

/** The taker step's choices of a process as they were when the customer left for search-entity. */
export function takerDraftOf(processId: number): StepValues | undefined {
  return drafts.get(processId);
}

export function TakerFields({ processId, entities }: { processId: number; entities: Entity[] }) {
  const { t } = useTranslation();
  const { getValues } = useFormContext();
  const options = entities.map((entity) => ({ value: String(entity.id), label: entityLabel(entity) }));
  const searchLink = (role: TakerRole) =>
    `/search-entity?${new URLSearchParams({ for: role, returnTo: `/contract-insurance/${processId}` })}`;
  const keepDraft = () => drafts.set(processId, getValues());

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {(['taker', 'billing'] as const).map((role) => (
          <Stack key={role} gap={6}>
            <ChoiceField
              name={fieldOf[role]}
              numeric
              searchable
              label={t(`contract.fields.${fieldOf[role]}`)}
              description={t(`contract.taker.${role}Hint`)}
              placeholder={t('contract.select.choose')}
              data={options}
            />
            <Group gap="md" justify="space-between">
              <Anchor component={Link} to={searchLink(role)} onClick={keepDraft} size="sm">
                {t(`contract.taker.search.${role}`)}
              </Anchor>
              <Glossary term={role === 'taker' ? 'tomador' : 'contratanteDesignado'} />
            </Group>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
