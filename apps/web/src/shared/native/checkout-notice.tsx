/**
 * 'Aviso de redireccionamiento' of a payment link on the web (spec §2 item 9, §6; issue 19,
 * docs/decisions/026): said beside the pay button before it is pressed, naming where the customer will
 * pay ("Estás por salir de la app: vas a pagar en Mercado Pago."), and following the method chosen. A
 * wallet pays inside the app and says nothing; in the Android and iOS apps the modal asks instead
 * (permissions.ts), so nothing is shown here. Give the button `aria-describedby={id}` while it shows.
 */
import { CHECKOUT_METHODS, type CheckoutMethod, type PaymentMethod } from '@cubierto/contracts';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconExternalLink } from '../ui/icons.tsx';
import { checkoutNoticeIsInline } from './permissions.ts';

export const isCheckoutMethod = (method: PaymentMethod | null | undefined): method is CheckoutMethod =>
  CHECKOUT_METHODS.some((checkout) => checkout === method);

/** Whether the notice shows for this method on this platform. */
export function showsCheckoutNotice(method: PaymentMethod | null | undefined): method is CheckoutMethod {
  return isCheckoutMethod(method) && checkoutNoticeIsInline();
}

export function CheckoutNotice({ method, id }: { method: PaymentMethod | null | undefined; id: string }) {
  const { t } = useTranslation();
  if (!showsCheckoutNotice(method)) return null;
  return (
    <Group id={id} gap={6} wrap="nowrap" align="flex-start" data-testid="checkout-notice">
      <IconExternalLink size={16} style={{ flex: 'none', marginTop: 2 }} />
      <Text size="sm">{t('redirect.inline', { provider: t(`redirect.provider.${method}`) })}</Text>
    </Group>
  );
}
