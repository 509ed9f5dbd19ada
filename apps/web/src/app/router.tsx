/**
 * The root routes of spec §2, every one lazy-loaded so the first page only downloads its own code.
 * The empty path goes to login; an unknown address shows the not-found page.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type LoaderFunction,
  type Params,
  type RouteObject,
  redirect,
} from 'react-router';
import { sessionSettled } from '../shared/session/session-store.ts';
import { PageLoader } from '../shared/ui/page-loader.tsx';
import { AppRoot, startApp } from './app-root.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

const notFound: RouteObject['lazy'] = async () => ({
  Component: (await import('../features/message/pages/not-found-page.tsx')).NotFoundPage,
});

/** A route whose page is loaded, with its feature's other pages, the first time it is visited. */
function page(path: string, load: () => Promise<ComponentType>): RouteObject {
  return { path, lazy: async () => ({ Component: await load() }) };
}

/**
 * A signed-in page's loader that asks for the page's data beside its code: once the session is known it
 * starts the page's queries (`run`) and returns at once, so the page renders as soon as its code is there
 * (with its skeletons if the answers are not yet in) and its own queries find them cached or in flight,
 * instead of asking only after the code has loaded and rendered. Nothing is asked for a visitor who is
 * not signed in (the shell sends them to login).
 */
function prefetching(run: (queryClient: QueryClient, params: Params) => Promise<unknown>): LoaderFunction {
  return ({ params }) => {
    void sessionSettled()
      .then(async ({ status }) => {
        if (status !== 'authenticated') return;
        const { queryClient } = await import('../shared/api/query-client.ts');
        await run(queryClient, params);
      })
      .catch(() => {
        // The page's own queries ask again and show what failed.
      });
    return null;
  };
}

/** Each feature's pages load together: one lazy module and one preload list per feature. */
const catalogPages = () => import('../features/catalog/pages/index.ts');
const insurancePages = () => import('../features/insurances/pages/index.ts');
const paymentPages = () => import('../features/payments/pages/index.ts');
const pollCard = () => import('../features/poll/components/insurance-poll-card.tsx');
const walletPages = () => import('../features/wallets/pages/index.tsx');
const claimPages = () => import('../features/claims/pages/index.ts');
const billingPages = () => import('../features/billing/pages/index.ts');
const referralPages = () => import('../features/referral/pages/index.ts');
const importPages = () => import('../features/imports/pages/index.ts');
const businessPages = () => import('../features/entities/pages/business.ts');
const notificationPages = () => import('../features/notifications/pages/index.ts');
const adminPages = () => import('../features/admin/pages/index.ts');
const rightsPages = () => import('../features/rights/pages/index.ts');
const legalPages = () => import('../features/legal/pages/legal-pages.tsx');

/** The back office under /admin: its own layout and menu; its code never reaches a customer. */
const adminRoutes: RouteObject = {
  path: 'admin',
  lazy: async () => ({ Component: (await adminPages()).AdminLayout }),
  children: [
    { index: true, lazy: async () => ({ Component: (await adminPages()).DashboardPage }) },
    page('companies', async () => (await adminPages()).CompaniesPage),
    page('policies', async () => (await adminPages()).PoliciesPage),
    page('coverages', async () => (await adminPages()).CoveragesPage),
    page('claims', async () => (await adminPages()).ClaimsPage),
    page('insurances', async () => (await adminPages()).InsurancesPage),
    page('invoices', async () => (await adminPages()).InvoicesPage),
    page('customers', async () => (await adminPages()).CustomersPage),
    page('referrals', async () => (await adminPages()).ReferralsPage),
    page('notifications', async () => (await adminPages()).BroadcastPage),
    page('app-versions', async () => (await adminPages()).AppVersionsPage),
    page('maintenance', async () => (await adminPages()).MaintenancePage),
    page('poll-questions', async () => (await adminPages()).PollQuestionsPage),
    page('operators', async () => (await adminPages()).OperatorsPage),
    page('audit-log', async () => (await adminPages()).AuditLogPage),
    page('insured-service', async () => (await adminPages()).InsuredServiceAdminPage),
  ],
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppRoot,
    loader: startApp,
    // The session starts once; later navigations do not run it again.
    shouldRevalidate: () => false,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: () => <PageLoader fullScreen />,
    children: [
      { index: true, loader: () => redirect('/login'), element: null },
      {
        lazy: async () => ({ Component: (await import('./guards.tsx')).RedirectIfSignedIn }),
        children: [
          page('login', async () => (await import('../features/auth/pages/login-page.tsx')).LoginPage),
          page(
            'register',
            async () => (await import('../features/auth/pages/register-page.tsx')).RegisterPage,
          ),
          // The risk-first registration shares the registration form for now.
          page(
            'register-risk',
            async () => (await import('../features/auth/pages/register-page.tsx')).RegisterPage,
          ),
        ],
      },
      page(
        'reset-password',
        async () => (await import('../features/auth/pages/reset-password-page.tsx')).ResetPasswordPage,
      ),
      page(
        'admin-login',
        async () => (await import('../features/admin/pages/admin-login-page.tsx')).AdminLoginPage,
      ),
      adminRoutes,
      page('message', async () => (await import('../features/message/pages/message-page.tsx')).MessagePage),
      // Public: the catalogue and the certificate check need no sign-in and no menu.
      page('productos', async () => (await catalogPages()).CatalogPage),
      page('productos/:riskType', async () => (await catalogPages()).PublicRiskTypePage),
      page(
        'verificar/:code',
        async () => (await import('../features/verify/pages/verify-page.tsx')).VerifyPage,
      ),
      // The stores' account-deletion URL (decision 016): works signed out.
      page(
        'eliminar-cuenta',
        async () => (await import('../features/privacy/pages/account-deletion-page.tsx')).AccountDeletionPage,
      ),
      // The terms and the privacy policy the registration form asks to accept (issue 19).
      page('terminos', async () => (await legalPages()).TermsPage),
      page('privacidad', async () => (await legalPages()).PrivacyPolicyPage),
      // The customer's rights, signed in or out (Ley 24.240 art. 34; SSN Res. 360/2024 and 435/2025).
      page('arrepentimiento', async () => (await rightsPages()).WithdrawalPage),
      page('arrepentimiento/confirmar', async () => (await rightsPages()).WithdrawalConfirmPage),
      page('baja', async () => (await rightsPages()).BajaPage),
      page('baja/confirmar', async () => (await rightsPages()).BajaConfirmPage),
      // The Servicio de Atención al Asegurado, whole (the public pages' foot shows its short form).
      page(
        'atencion-al-asegurado',
        async () => (await import('../features/rights/pages/insured-service-page.tsx')).InsuredServicePage,
      ),
      {
        lazy: async () => ({ Component: (await import('./shell/app-shell-layout.tsx')).AppShellLayout }),
        children: [
          {
            ...page('tabs', async () => (await import('../features/home/pages/tabs-page.tsx')).TabsPage),
            loader: prefetching(async (client) =>
              (await import('../features/home/api/prefetch-home.ts')).prefetchHome(client),
            ),
          },
          page(
            'profile',
            async () => (await import('../features/profile/pages/profile-page.tsx')).ProfilePage,
          ),
          page('tabs/productos/:riskType', async () => (await catalogPages()).RiskTypePage),
          page('customers/insurances', async () => (await insurancePages()).InsurancesPage),
          page('customers/insurance-processes', async () => (await insurancePages()).InsurancesPage),
          {
            ...page('customers/insurances/:id', async () => (await insurancePages()).InsuranceDetailPage),
            loader: prefetching(async (client, { id }) =>
              (await import('../features/insurances/api/prefetch-insurance.ts')).prefetchInsurance(
                client,
                Number(id),
              ),
            ),
          },
          // The in-force certificates kept on this device, for when there is no connection.
          page('certificados', async () => (await insurancePages()).OfflineCertificatesPage),
          page('customers/insurances/:id/pay', async () => (await paymentPages()).PayPage),
          {
            // 'Estás cubierto' after an approved payment, the poll below it from its own feature.
            path: 'customers/insurances/:id/cubierto',
            lazy: async () => {
              const [{ CoveredPage }, { InsurancePollCard }] = await Promise.all([
                paymentPages(),
                pollCard(),
              ]);
              return { Component: () => <CoveredPage Poll={InsurancePollCard} /> };
            },
          },
          // Spec §2: 'invoice' contains invoice/invoices ('Facturación').
          { path: 'invoice', loader: () => redirect('/invoice/invoices') },
          page('invoice/invoices', async () => (await billingPages()).BillingPage),
          page('referral', async () => (await referralPages()).ReferralPage),
          page('customers/claims', async () => (await claimPages()).ClaimsPage),
          page('customers/claims/new', async () => (await claimPages()).NewClaimPage),
          page('customers/claims/:id', async () => (await claimPages()).ClaimDetailPage),
          ...(['money', 'credit'] as const).flatMap((kind): RouteObject[] => [
            page(`customers/${kind}-wallet`, async () => (await walletPages()).walletRoutes[kind].Wallet),
            page(
              `customers/${kind}-wallet/:walletId/wallet-movements/:movementId`,
              async () => (await walletPages()).walletRoutes[kind].Movement,
            ),
          ]),
          page('notifications', async () => (await notificationPages()).NotificationsPage),
          page('notifications/list', async () => (await notificationPages()).NotificationsPage),
          page('notifications/list/:id', async () => (await notificationPages()).NotificationOpenPage),
          page('notifications/detail', async () => (await notificationPages()).NotificationDetailPage),
          page(
            'contract-insurance',
            async () =>
              (await import('../features/contract/pages/start-contract-page.tsx')).StartContractPage,
          ),
          {
            ...page(
              'contract-insurance/:processId',
              async () => (await import('../features/contract/pages/contract-page.tsx')).ContractPage,
            ),
            loader: prefetching(async (client, { processId }) =>
              (await import('../features/contract/api/prefetch-contract.ts')).prefetchContract(
                client,
                Number(processId),
              ),
            ),
          },
          page('customers/imports', async () => (await importPages()).ImportsPage),
          page('customers/imports/:id', async () => (await importPages()).ImportPage),
          page('business-center', async () => (await businessPages()).BusinessCenterPage),
          page('business-center/business/:id', async () => (await businessPages()).BusinessPage),
          page('business-invitation', async () => (await businessPages()).InvitationPage),
          page(
            'search-entity',
            async () => (await import('../features/entities/pages/search-entity-page.tsx')).SearchEntityPage,
          ),
        ],
      },
      // Any other address, signed in or not: 'No encontramos esta página' with the way home.
      { path: '*', lazy: notFound },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
