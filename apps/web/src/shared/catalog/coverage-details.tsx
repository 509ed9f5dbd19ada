/**
 * The coverage detail block of a risk type (spec §2 item 3): the labelled amounts of a coverage's
 * description, shown with their es-AR `_nice` twins, and 'Ver más detalles', a full-screen view of the
 * coverage with its notes (description_more) and its policy. Also the pieces the coverage dialog shares
 * with it: the insurer's logo and the policy's inclusions and exclusions.
 */
import { type Company, type Coverage, type Policy, RISK_TYPES, type RiskTypeCode } from '@cubierto/contracts';
import {
  Button,
  Card,
  CloseButton,
  Group,
  Image,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFileUrl } from '../api/client.ts';
import { type CloseDialog, presentDialog } from '../dialogs/dialogs.tsx';
import { formatCents } from '../format/format.ts';
import { type Fact, FactList } from '../ui/fact-list.tsx';
import { Glossary, glossaryTermOfField } from '../ui/glossary.tsx';
import { IconThumbDown, IconThumbUp } from '../ui/product-icons.tsx';
import classes from './catalog.module.css';

/** A policy as far as it is known: an insurance carries only id, name and company. */
export type PolicyOfCoverage = Pick<Policy, 'id'> & Partial<Omit<Policy, 'id'>>;

/**
 * The description fields of the coverage's risk type that it has, labelled. An amount of 0 means the
 * coverage does not include it.
 */
export function descriptionLines(coverage: Coverage, notIncluded: string): Fact[] {
  const rule = RISK_TYPES[coverage.risk_type.short_code as RiskTypeCode];
  const lines: Fact[] = [];
  for (const field of rule?.descriptionFields ?? []) {
    const raw = coverage.description[field.key];
    if (raw === undefined || raw === '') continue;
    let value = String(raw);
    if (field.kind === 'amount') {
      const nice = coverage.description[`${field.key}_nice`];
      value = Number(raw) === 0 ? notIncluded : String(nice ?? formatCents(Number(raw)));
    }
    const term = glossaryTermOfField(field.key, field.label);
    lines.push({
      key: field.key,
      label: field.label,
      value,
      ...(term ? { help: <Glossary term={term} compact /> } : {}),
    });
  }
  return lines;
}

/** `includes` / `excludes` as label–text pairs; an empty map, or the text '{}', has none. */
export function termsOf(map: unknown): Array<[string, string]> {
  let value = map;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value as Record<string, unknown>)
    .filter(([, text]) => text !== null && text !== undefined)
    .map(([label, text]) => [label, String(text)]);
}

export function CompanyLogo({ company, height = 44 }: { company: Company; height?: number }) {
  if (!company.logo_url)
    return (
      <Text fw={700} size="sm" className={classes.logo}>
        {company.legal_name}
      </Text>
    );
  return (
    <Image
      src={apiFileUrl(company.logo_url)}
      alt={company.legal_name}
      h={height}
      w="auto"
      fit="contain"
      className={classes.logo}
    />
  );
}

/** One card of the policy's terms: 'Inclusiones' (thumbs up) or 'Exclusiones' (thumbs down). */
export function PolicyTermsCard({ kind, terms }: { kind: 'includes' | 'excludes'; terms: unknown }) {
  const { t } = useTranslation();
  const id = useId();
  const list = termsOf(terms);
  const Icon = kind === 'includes' ? IconThumbUp : IconThumbDown;
  return (
    <Card component="section" aria-labelledby={id} withBorder padding="md" radius="lg">
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon variant="light" color={kind === 'includes' ? 'green' : 'red'} radius="xl" size={34}>
          <Icon size={18} />
        </ThemeIcon>
        <Title order={3} fz="md" id={id}>
          {t(`catalog.terms.${kind}`)}
        </Title>
      </Group>
      {list.length > 0 ? (
        <dl className={classes.terms}>
          {list.map(([label, text]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{text}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <Text size="sm" c="dimmed">
          {t(`catalog.terms.${kind}Empty`)}
        </Text>
      )}
    </Card>
  );
}

/** Spec §2 item 1: both cards appear only when the policy includes or excludes anything. */
export function PolicyTerms({ policy }: { policy: PolicyOfCoverage }) {
  if (termsOf(policy.includes).length === 0 && termsOf(policy.excludes).length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <PolicyTermsCard kind="includes" terms={policy.includes} />
      <PolicyTermsCard kind="excludes" terms={policy.excludes} />
    </SimpleGrid>
  );
}

type CoverageDetailsProps = {
  coverage: Coverage;
  policy?: PolicyOfCoverage | null | undefined;
  /** The block names the policy and its insurer (the full-screen view); the dialog hides them. */
  showPolicy?: boolean;
  /** 'Ver más detalles' (not inside the full-screen view itself). */
  withMore?: boolean;
};

export function CoverageDetails({
  coverage,
  policy,
  showPolicy = false,
  withMore = true,
}: CoverageDetailsProps) {
  const { t } = useTranslation();
  const lines = descriptionLines(coverage, t('catalog.notIncluded'));
  return (
    <Stack gap="sm">
      {showPolicy && policy?.name && (
        <Text size="sm">
          {policy.company
            ? t('catalog.policyOf', { policy: policy.name, company: policy.company.name })
            : policy.name}
        </Text>
      )}
      {lines.length > 0 && (
        <FactList facts={lines} label={t('catalog.amountsLabel', { coverage: coverage.public_name })} />
      )}
      {withMore && (
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => void openCoverageMoreDetails({ coverage, policy: policy ?? null })}
          aria-label={t('catalog.moreDetailsOf', { coverage: coverage.public_name })}
        >
          {t('catalog.moreDetails')}
        </Button>
      )}
    </Stack>
  );
}

function MoreDetailsView({
  coverage,
  policy,
  close,
}: {
  coverage: Coverage;
  policy: PolicyOfCoverage | null;
  close: CloseDialog<unknown>;
}) {
  const { t } = useTranslation();
  const notesId = useId();
  const policyId = useId();
  const notes = termsOf(coverage.description_more);
  return (
    <Stack gap="lg" maw={760} mx="auto" pb="xl">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Modal.Title fw={700} fz="xl">
          {coverage.public_name}
        </Modal.Title>
        <CloseButton aria-label={t('common.close')} onClick={() => close('cancel')} size="lg" radius="xl" />
      </Group>
      <Card withBorder padding="lg" radius="lg" component="section" aria-label={t('catalog.coverageSection')}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Text c="dimmed">{coverage.public_description}</Text>
            {policy?.company && <CompanyLogo company={policy.company} />}
          </Group>
          <CoverageDetails coverage={coverage} policy={policy} showPolicy withMore={false} />
        </Stack>
      </Card>
      {notes.length > 0 && (
        <Card withBorder padding="lg" radius="lg" component="section" aria-labelledby={notesId}>
          <Title order={3} fz="md" mb="sm" id={notesId}>
            {t('catalog.notes')}
          </Title>
          <dl className={classes.terms}>
            {notes.map(([label, text]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{text}</dd>
              </div>
            ))}
          </dl>
        </Card>
      )}
      {policy && (
        <Stack gap="md" component="section" aria-labelledby={policyId}>
          <Title order={3} fz="lg" id={policyId}>
            {policy.name ? t('catalog.policyTitle', { policy: policy.name }) : t('catalog.policy')}
          </Title>
          {policy.company && (
            <Text size="sm">{t('catalog.insurer', { company: policy.company.legal_name })}</Text>
          )}
          <PolicyTerms policy={policy} />
          {policy.special_clauses && (
            <Card withBorder padding="lg" radius="lg">
              <Text fw={600} size="sm" mb={4}>
                {t('catalog.specialClauses')}
              </Text>
              <Text size="sm" c="dimmed">
                {policy.special_clauses}
              </Text>
            </Card>
          )}
        </Stack>
      )}
      <Button variant="default" onClick={() => close('cancel')} style={{ alignSelf: 'center' }} miw={200}>
        {t('common.back')}
      </Button>
    </Stack>
  );
}

/** Spec §2 item 3's 'Ver más detalles': the coverage and its policy on the whole screen. */
export function openCoverageMoreDetails({
  coverage,
  policy,
}: {
  coverage: Coverage;
  policy: PolicyOfCoverage | null;
}) {
  return presentDialog({
    fullScreen: true,
    render: (close) => <MoreDetailsView coverage={coverage} policy={policy} close={close} />,
  });
}
