/**
 * "¿Qué es esto?": the insurance words a customer meets while contracting (Prima, Premio, Recargos,
 * Impuestos, Franquicia, Tomador, Suma asegurada, Contratante designado) explained in plain Spanish where
 * each first appears (issue 19 item 7). A button named "¿Qué es esto? {term}" opens a small popover with
 * the explanation; Escape or a tap outside closes it. The texts live under `glossary.*` in the translations.
 */
import { ActionIcon, Group, Popover, Text, UnstyledButton } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { IconInfo } from './icons.tsx';

export const GLOSSARY_TERMS = [
  'prima',
  'premio',
  'recargos',
  'impuestos',
  'franquicia',
  'tomador',
  'sumaAsegurada',
  'contratanteDesignado',
] as const;
export type GlossaryTerm = (typeof GLOSSARY_TERMS)[number];

type GlossaryProps = {
  term: GlossaryTerm;
  /** Only the icon (beside the word itself); otherwise the icon and "¿Qué es esto?" written out. */
  compact?: boolean;
};

/** The "¿Qué es esto?" button of one term and its explanation. */
export function Glossary({ term, compact = false }: GlossaryProps) {
  const { t } = useTranslation();
  const wordId = useId();
  const word = t(`glossary.terms.${term}.term`);
  const name = t('glossary.what', { term: word });
  return (
    // The explanation takes the focus (a screen reader reads it; Escape closes it) and gives it back. It
    // stays shown while its button is out of sight (hideDetached off): hidden, it would lose the focus to
    // the page, and Escape, which the explanation itself listens to, would no longer close it.
    <Popover
      width={280}
      position="bottom-start"
      withArrow
      shadow="md"
      radius="md"
      closeOnEscape
      trapFocus
      returnFocus
      hideDetached={false}
    >
      <Popover.Target>
        {compact ? (
          <ActionIcon
            variant="subtle"
            radius="xl"
            size={28}
            aria-label={name}
            title={t('glossary.button')}
            style={{ verticalAlign: 'middle', flexShrink: 0 }}
          >
            <IconInfo size={18} />
          </ActionIcon>
        ) : (
          <UnstyledButton
            aria-label={name}
            mih={28}
            c="brand.8"
            fz="sm"
            fw={600}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            <IconInfo size={18} />
            {t('glossary.button')}
          </UnstyledButton>
        )}
      </Popover.Target>
      {/* Named by the word itself (Mantine would name it after the button). */}
      <Popover.Dropdown aria-labelledby={wordId}>
        <Text fw={700} size="sm" mb={4} id={wordId}>
          {word}
        </Text>
        <Text size="sm">{t(`glossary.terms.${term}.text`)}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A word followed by its "¿Qué es esto?" icon, kept on one line. */
export function GlossaryLabel({ term, children }: { term: GlossaryTerm; children: ReactNode }) {
  return (
    <Group component="span" gap={2} wrap="nowrap" style={{ display: 'inline-flex' }}>
      <span>{children}</span>
      <Glossary term={term} compact />
    </Group>
  );
}

/** The glossary term of a coverage description field, by its key or its label ("Suma asegurada …"). */
export function glossaryTermOfField(key: string, label: string): GlossaryTerm | undefined {
  if (key === 'franchise' || /^franquicia/i.test(label)) return 'franquicia';
  if (/^suma asegurada/i.test(label)) return 'sumaAsegurada';
  return undefined;
}
