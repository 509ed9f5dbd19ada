/**
 * /terminos and /privacidad: the terms and conditions and the privacy policy (Ley 25.326), public, in
 * Spanish, as the registration form links them. Their texts live in the translations (`legal.*`); a new
 * text changes TERMS_VERSION in the contracts, which registrations store with their acceptance.
 */
import { Anchor, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicFrame } from '../../../shared/ui/public-frame.tsx';

type Section = { title: string; body: string[] };

function isSections(value: unknown): value is Section[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item?.title === 'string' && Array.isArray(item?.body))
  );
}

/** The links a legal page ends with: path → its text's key under legal.links. */
type LegalLink = { to: string; label: string };

function LegalPage({ page, links }: { page: 'terms' | 'privacy'; links: readonly LegalLink[] }) {
  const { t } = useTranslation();
  const email = t('privacy.contactEmail');
  const sections = t(`legal.${page}.sections`, { returnObjects: true, email });
  return (
    <PublicFrame>
      <Stack gap="lg" maw={760} mx="auto">
        <div>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {t(`legal.${page}.title`)}
          </Title>
          <Text c="dimmed" mt={4}>
            {t(`legal.${page}.intro`)}
          </Text>
          <Text c="dimmed" size="sm" mt={4}>
            {t('legal.updated')}
          </Text>
        </div>
        {isSections(sections) &&
          sections.map((section) => (
            <Card key={section.title} withBorder shadow="xs" padding="lg" component="section">
              <Title order={2} fz="lg" mb="xs">
                {section.title}
              </Title>
              <Stack gap="xs">
                {section.body.map((paragraph) => (
                  <Text key={paragraph}>{paragraph}</Text>
                ))}
              </Stack>
            </Card>
          ))}
        <Card withBorder shadow="xs" padding="lg" component="nav" aria-label={t('legal.linksTitle')}>
          <Title order={2} fz="lg" mb="xs">
            {t('legal.linksTitle')}
          </Title>
          <Group gap="md">
            {links.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} fw={600} py={6}>
                {t(link.label)}
              </Anchor>
            ))}
          </Group>
        </Card>
      </Stack>
    </PublicFrame>
  );
}

export function TermsPage() {
  return (
    <LegalPage
      page="terms"
      links={[
        { to: '/privacidad', label: 'legal.links.privacy' },
        { to: '/arrepentimiento', label: 'legal.links.withdrawal' },
        { to: '/baja', label: 'legal.links.baja' },
        { to: '/atencion-al-asegurado', label: 'legal.links.insuredService' },
        { to: '/eliminar-cuenta', label: 'legal.links.deleteAccount' },
      ]}
    />
  );
}

export function PrivacyPolicyPage() {
  return (
    <LegalPage
      page="privacy"
      links={[
        { to: '/profile', label: 'legal.links.downloadData' },
        { to: '/eliminar-cuenta', label: 'legal.links.deleteAccount' },
        { to: '/terminos', label: 'legal.links.terms' },
      ]}
    />
  );
}
