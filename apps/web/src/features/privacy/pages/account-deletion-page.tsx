/**
 * /eliminar-cuenta: the public page the app stores ask for (Google Play's account-deletion policy wants a
 * URL that works without the app): how to delete the account, what is deleted, what is kept and for how
 * long, and how to ask for it by e-mail without signing in (decision 016).
 */
import { Anchor, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionState } from '../../../shared/session/session-store.ts';
import { PublicFrame } from '../../../shared/ui/public-frame.tsx';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder shadow="xs" padding="lg" component="section">
      <Title order={2} fz="lg" mb="xs">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function AccountDeletionPage() {
  const { t } = useTranslation();
  const signedIn = useSessionState().status === 'authenticated';
  const email = t('privacy.contactEmail');
  const mailto = `mailto:${email}?subject=${encodeURIComponent(t('privacy.page.mailSubject'))}`;
  return (
    <PublicFrame>
      <Stack gap="lg" maw={760} mx="auto">
        <div>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {t('privacy.page.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('privacy.page.intro')}
          </Text>
        </div>
        <Section title={t('privacy.page.howTitle')}>
          <List type="ordered" spacing="xs">
            <List.Item>{t('privacy.page.stepSignIn')}</List.Item>
            <List.Item>{t('privacy.page.stepProfile')}</List.Item>
            <List.Item>{t('privacy.page.stepDelete')}</List.Item>
          </List>
          <Button component={Link} to={signedIn ? '/profile' : '/login'} mt="md">
            {signedIn ? t('privacy.deleteButton') : t('privacy.page.signIn')}
          </Button>
        </Section>
        <Section title={t('privacy.page.whatTitle')}>
          <Text>{t('privacy.page.what')}</Text>
        </Section>
        <Section title={t('privacy.page.keptTitle')}>
          <Text>{t('privacy.page.kept')}</Text>
        </Section>
        <Section title={t('privacy.page.beforeTitle')}>
          <Text>{t('privacy.page.before')}</Text>
        </Section>
        <Section title={t('privacy.page.exportTitle')}>
          <Text>{t('privacy.page.export')}</Text>
        </Section>
        <Section title={t('privacy.page.noAccessTitle')}>
          <Text>{t('privacy.page.noAccess', { email })}</Text>
          <Anchor href={mailto} fw={700} mt="sm" display="inline-block">
            {t('privacy.page.writeUs')}
          </Anchor>
        </Section>
      </Stack>
    </PublicFrame>
  );
}
