/**
 * The home tour's offer (issue 19, "offered, not forced"): a small card with '¿Querés un recorrido?',
 * 'Hacer el recorrido' (starts it) and 'Ahora no' (hides it); either is remembered on this device, so the
 * card does not come back. 'Realizar tour' in the menu stays for later, and taking the tour there puts the
 * offer away too.
 */
import { Button, CloseButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { TOUR_STARTED_EVENT } from '../tour/home-tour.ts';
import { rememberTourSeen } from '../tour/tour-memory.ts';
import { shouldOfferTour } from '../tour/tour-offer.ts';

type TourOfferProps = {
  userId: number | undefined;
  /** Starts the tour (the home's startHomeTour). */
  onStart: () => void;
};

export function TourOffer({ userId, onStart }: TourOfferProps) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const titleId = useId();
  // Decided on arrival: a payment return's query leaves the address a moment later, the offer stays out.
  const [arrivedWith] = useState(search);
  const [closed, setClosed] = useState(false);
  const close = () => {
    if (userId !== undefined) rememberTourSeen(userId);
    setClosed(true);
  };
  // Taken from the menu ('Realizar tour'), the tour is taken: the offer goes too.
  useEffect(() => {
    const taken = () => {
      if (userId !== undefined) rememberTourSeen(userId);
      setClosed(true);
    };
    window.addEventListener(TOUR_STARTED_EVENT, taken);
    return () => window.removeEventListener(TOUR_STARTED_EVENT, taken);
  }, [userId]);
  if (closed || !shouldOfferTour({ userId, search: arrivedWith })) return null;

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md" bg="brand.0">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2}>
          <Text fw={700} id={titleId}>
            {t('home.tourOffer.title')}
          </Text>
          <Text size="sm">{t('home.tourOffer.description')}</Text>
        </Stack>
        <CloseButton aria-label={t('home.tourOffer.dismiss')} onClick={close} />
      </Group>
      <Group gap="sm" mt="sm">
        {/* An offer beside the home's own actions (the products), not one of them: a light button. */}
        <Button
          size="compact-md"
          variant="light"
          onClick={() => {
            close();
            onStart();
          }}
        >
          {t('home.tourOffer.start')}
        </Button>
        <Button size="compact-md" variant="subtle" onClick={close}>
          {t('home.tourOffer.later')}
        </Button>
      </Group>
    </Paper>
  );
}
