/**
 * The steps of the home tour (spec §2 "Home tour"), in the spec's order: welcome, wallets, money wallet,
 * credit wallet, products, latest contracts, tools, main navigation, invoice profile, help, finish. Tools,
 * main navigation and help differ between a phone (the menu behind ☰) and a desktop (the menu always
 * shown). The invoice profile lives in 'Facturación', so its step takes the customer there.
 */

export const HOME_PATH = '/tabs';
export const INVOICE_PROFILE_PATH = '/invoice/invoices';

/** The attribute that marks what a step points at: `data-tour="wallets"`. */
export const tourTarget = (name: string) => `[data-tour="${name}"]`;

export type TourStep = {
  id: string;
  /** Selector of the element pointed at; none: the popover is centred. */
  element?: string;
  /** The page the element is on; none: wherever the customer is (the menu is on every page). */
  page?: string;
  /** i18n keys. */
  title: string;
  description: string;
};

/** Without credit wallet mode there is no 'Mi crédito' on the home to point at: its step is left out. */
export function homeTourSteps(isDesktop: boolean, creditWalletMode = true): TourStep[] {
  const steps = allHomeTourSteps(isDesktop);
  return creditWalletMode ? steps : steps.filter((step) => step.id !== 'credit-wallet');
}

function allHomeTourSteps(isDesktop: boolean): TourStep[] {
  const variant = isDesktop ? 'desktop' : 'mobile';
  return [
    { id: 'welcome', page: HOME_PATH, title: 'tour.welcome.title', description: 'tour.welcome.description' },
    {
      id: 'wallets',
      element: tourTarget('wallets'),
      page: HOME_PATH,
      title: 'tour.wallets.title',
      description: 'tour.wallets.description',
    },
    {
      id: 'money-wallet',
      element: tourTarget('money-wallet'),
      page: HOME_PATH,
      title: 'tour.moneyWallet.title',
      description: 'tour.moneyWallet.description',
    },
    {
      id: 'credit-wallet',
      element: tourTarget('credit-wallet'),
      page: HOME_PATH,
      title: 'tour.creditWallet.title',
      description: 'tour.creditWallet.description',
    },
    {
      id: 'products',
      element: tourTarget('products'),
      page: HOME_PATH,
      title: 'tour.products.title',
      description: 'tour.products.description',
    },
    {
      id: 'latest-contracts',
      element: tourTarget('latest-contracts'),
      page: HOME_PATH,
      title: 'tour.latestContracts.title',
      description: 'tour.latestContracts.description',
    },
    {
      id: `tools-${variant}`,
      // A phone: the whole top bar (☰ and the bell); a desktop: the bell, the menu being always there.
      element: tourTarget(isDesktop ? 'tools' : 'top-bar'),
      page: HOME_PATH,
      title: 'tour.tools.title',
      description: `tour.tools.${variant}`,
    },
    {
      id: `navigation-${variant}`,
      element: tourTarget(isDesktop ? 'main-navigation' : 'menu-button'),
      page: HOME_PATH,
      title: 'tour.navigation.title',
      description: `tour.navigation.${variant}`,
    },
    {
      id: 'invoice-profile',
      element: tourTarget('invoice-profile'),
      page: INVOICE_PROFILE_PATH,
      title: 'tour.invoiceProfile.title',
      description: 'tour.invoiceProfile.description',
    },
    {
      id: `help-${variant}`,
      element: tourTarget(isDesktop ? 'help' : 'menu-button'),
      title: 'tour.help.title',
      description: `tour.help.${variant}`,
    },
    { id: 'finish', title: 'tour.finish.title', description: 'tour.finish.description' },
  ];
}
