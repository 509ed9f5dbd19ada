/**
 * The public links to the customer's rights (botón de arrepentimiento, botón de baja, the Servicio de
 * Atención al Asegurado), at the foot of the public pages and on the login page. Plain links: nothing here
 * loads data, so the login page's first download stays as it is.
 */
import { Anchor, Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The public links to the customer's rights, for the foot of the public pages and the login page. */
export function RightsLinks({ size = 'sm' }: { size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  const links = [
    { to: '/arrepentimiento', label: t('rights.links.withdrawal') },
    { to: '/baja', label: t('rights.links.baja') },
    { to: '/atencion-al-asegurado', label: t('rights.links.insuredService') },
  ];
  return (
    <Box component="nav" aria-label={t('rights.links.label')}>
      <Box
        component="ul"
        m={0}
        p={0}
        style={{
          listStyle: 'none',
          display: 'flex',
          flexWrap: 'wrap',
          gap: '4px 16px',
          justifyContent: 'center',
        }}
      >
        {links.map((link) => (
          <li key={link.to}>
            <Anchor component={Link} to={link.to} size={size} fw={700}>
              {link.label}
            </Anchor>
          </li>
        ))}
      </Box>
    </Box>
  );
}
