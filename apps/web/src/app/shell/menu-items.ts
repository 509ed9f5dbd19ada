/**
 * Side menu entries (spec §2 "Side menu"), each with its visibility rule: credit wallet mode (read from
 * the app config) and desktop only.
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
  IconShield,
  IconUpload,
  IconUser,
  IconWallet,
  IconX,
} from '../../shared/ui/icons.tsx';

export type MenuItem = {
  /** i18n key of the label. */
  label: string;
  to: string;
  icon: ComponentType<{ size?: number }>;
  /** Shown from the desktop breakpoint (992 px) up only (spec §2, §6). */
  desktopOnly?: boolean;
  /** Shown only while credit wallet mode is on (spec §2, §6), as GET /common/app-config says. */
  creditWalletOnly?: boolean;
};

export const menuItems: MenuItem[] = [
  { label: 'menu.home', to: '/tabs', icon: IconHome },
  { label: 'insurances.menu', to: '/customers/insurances', icon: IconFileText },
  { label: 'menu.profile', to: '/profile', icon: IconUser },
  { label: 'billing.menu', to: '/invoice/invoices', icon: IconReceipt },
  { label: 'wallets.money.menu', to: '/customers/money-wallet', icon: IconWallet },
  {
    label: 'wallets.credit.menu',
    to: '/customers/credit-wallet',
    icon: IconCreditCard,
    creditWalletOnly: true,
  },
  { label: 'referral.menu', to: '/referral', icon: IconGift },
  {
    label: 'imports.menu',
    to: '/customers/imports',
    icon: IconUpload,
    desktopOnly: true,
    creditWalletOnly: true,
  },
  { label: 'business.menu', to: '/business-center', icon: IconBuilding, desktopOnly: true },
  { label: 'claims.menu', to: '/customers/claims', icon: IconClaim },
  { label: 'notifications.menu', to: '/notifications', icon: IconBell },
  // Ley 24.240 art. 34 and SSN Res. 360/2024: both buttons are reachable from the app's menu.
  { label: 'rights.links.withdrawal', to: '/arrepentimiento', icon: IconShield },
  { label: 'rights.links.baja', to: '/baja', icon: IconX },
];

/** The entries this configuration shows; credit entries stay hidden until the configuration is known. */
export function visibleMenuItems(config: { credit_wallet_mode: boolean } | undefined): MenuItem[] {
  return menuItems.filter((item) => !item.creditWalletOnly || config?.credit_wallet_mode === true);
}
