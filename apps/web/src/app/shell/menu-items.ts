/**
 * Side menu entries (spec §2 "Side menu"). Only areas that exist are listed; each later issue adds its
 * own entry (Facturación, Mi dinero, Mi crédito, Centro de negocios, Reclamos,
 * Notificaciones …) with its visibility rule (credit wallet mode, desktop only).
 */
import type { ComponentType } from 'react';
import {
  IconBell,
  IconBuilding,
  IconClaim,
  IconCreditCard,
  IconFileText,
  IconGift,
  IconHome,
  IconReceipt,
  IconUpload,
  IconUser,
  IconWallet,
} from '../../shared/ui/icons.tsx';

export type MenuItem = {
  /** i18n key of the label. */
  label: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
  /** Shown from the desktop breakpoint (992 px) up only (spec §2, §6). */
  desktopOnly?: boolean;
};

export const menuItems: MenuItem[] = [
  { label: 'menu.home', to: '/tabs', icon: IconHome },
  { label: 'insurances.menu', to: '/customers/insurances', icon: IconFileText },
  { label: 'menu.profile', to: '/profile', icon: IconUser },
  { label: 'billing.menu', to: '/invoice/invoices', icon: IconReceipt },
  { label: 'wallets.money.menu', to: '/customers/money-wallet', icon: IconWallet },
  // Only in credit wallet mode, which is always on (spec §9).
  { label: 'wallets.credit.menu', to: '/customers/credit-wallet', icon: IconCreditCard },
  { label: 'referral.menu', to: '/referral', icon: IconGift },
  // Credit wallet mode is on; both are desktop-only (spec §2 "Side menu").
  { label: 'imports.menu', to: '/customers/imports', icon: IconUpload, desktopOnly: true },
  { label: 'business.menu', to: '/business-center', icon: IconBuilding, desktopOnly: true },
  { label: 'claims.menu', to: '/customers/claims', icon: IconClaim },
  { label: 'notifications.menu', to: '/notifications', icon: IconBell },
];
