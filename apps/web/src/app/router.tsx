/**
 * The root routes of spec §2, every one lazy-loaded so the first page only downloads its own code.
 * The empty path goes to login; an unknown address shows the not-found page.
 */
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { PageLoader } from '../shared/ui/page-loader.tsx';
import { AppRoot, startApp } from './app-root.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

const notFound: RouteObject['lazy'] = async () => ({
  Component: (await import('../features/message/pages/not-found-page.tsx')).NotFoundPage,
});

/** Each feature's pages load together: one lazy module and one preload list per feature. */
const catalogPages = () => import('../features/catalog/pages/index.ts');
const insurancePages = () => import('../features/insurances/pages/index.ts');
const paymentPages = () => import('../features/payments/pages/index.ts');
const pollModule = () => import('../features/poll/components/run-insurance-poll.tsx');
const walletPages = () => import('../features/wallets/pages/index.tsx');
const claimPages = () => import('../features/claims/pages/index.ts');
const billingPages = () => import('../features/billing/pages/index.ts');
const referralPages = () => import('../features/referral/pages/index.ts');
const importPages = () => import('../features/imports/pages/index.ts');
const businessPages = () => import('../features/entities/pages/business.ts');
const notificationPages = () => import('../features/notifications/pages/index.ts');
const adminPages = () => import('../features/admin/pages/index.ts');
const rightsPages = () => import('../features/rights/pages/index.ts');

/** The back office under /admin: its own layout and menu; its code never reaches a customer. */
const adminRoutes: RouteObject = {
  path: 'admin',
  lazy: async () => ({ Component: (await adminPages()).AdminLayout }),
  children: [
    { index: true, lazy: async () => ({ Component: (await adminPages()).DashboardPage }) },
    { path: 'companies', lazy: async () => ({ Component: (await adminPages()).CompaniesPage }) },
    { path: 'policies', lazy: async () => ({ Component: (await adminPages()).PoliciesPage }) },
    { path: 'coverages', lazy: async () => ({ Component: (await adminPages()).CoveragesPage }) },
    { path: 'claims', lazy: async () => ({ Component: (await adminPages()).ClaimsPage }) },
    { path: 'insurances', lazy: async () => ({ Component: (await adminPages()).InsurancesPage }) },
    { path: 'customers', lazy: async () => ({ Component: (await adminPages()).CustomersPage }) },
    { path: 'referrals', lazy: async () => ({ Component: (await adminPages()).ReferralsPage }) },
    { path: 'notifications', lazy: async () => ({ Component: (await adminPages()).BroadcastPage }) },
    { path: 'app-versions', lazy: async () => ({ Component: (await adminPages()).AppVersionsPage }) },
    { path: 'maintenance', lazy: async () => ({ Component: (await adminPages()).MaintenancePage }) },
    { path: 'poll-questions', lazy: async () => ({ Component: (await adminPages()).PollQuestionsPage }) },
    { path: 'operators', lazy: async () => ({ Component: (await adminPages()).OperatorsPage }) },
    { path: 'audit-log', lazy: async () => ({ Component: (await adminPages()).AuditLogPage }) },
    {
      path: 'insured-service',
      lazy: async () => ({ Component: (await adminPages()).InsuredServiceAdminPage }),
    },
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
          {
            path: 'login',
            lazy: async () => ({
              Component: (await import('../features/auth/pages/login-page.tsx')).LoginPage,
            }),
          },
          {
            path: 'register',
            lazy: async () => ({
              Component: (await import('../features/auth/pages/register-page.tsx')).RegisterPage,
            }),
          },
          {
            // The risk-first registration shares the registration form for now.
            path: 'register-risk',
            lazy: async () => ({
              Component: (await import('../features/auth/pages/register-page.tsx')).RegisterPage,
            }),
          },
        ],
      },
      {
        path: 'reset-password',
        lazy: async () => ({
          Component: (await import('../features/auth/pages/reset-password-page.tsx')).ResetPasswordPage,
        }),
      },
      {
        path: 'admin-login',
        lazy: async () => ({
          Component: (await import('../features/admin/pages/admin-login-page.tsx')).AdminLoginPage,
        }),
      },
      adminRoutes,
      {
        path: 'message',
        lazy: async () => ({
          Component: (await import('../features/message/pages/message-page.tsx')).MessagePage,
        }),
      },
      // Public: the catalogue and the certificate check need no sign-in and no menu.
      { path: 'productos', lazy: async () => ({ Component: (await catalogPages()).CatalogPage }) },
      {
        path: 'productos/:riskType',
        lazy: async () => ({ Component: (await catalogPages()).PublicRiskTypePage }),
      },
      {
        path: 'verificar/:code',
        lazy: async () => ({
          Component: (await import('../features/verify/pages/verify-page.tsx')).VerifyPage,
        }),
      },
      {
        // The stores' account-deletion URL (decision 016): works signed out.
        path: 'eliminar-cuenta',
        lazy: async () => ({
          Component: (await import('../features/privacy/pages/account-deletion-page.tsx'))
            .AccountDeletionPage,
        }),
      },
      // The customer's rights, signed in or out (Ley 24.240 art. 34; SSN Res. 360/2024 and 435/2025).
      { path: 'arrepentimiento', lazy: async () => ({ Component: (await rightsPages()).WithdrawalPage }) },
      {
        path: 'arrepentimiento/confirmar',
        lazy: async () => ({ Component: (await rightsPages()).WithdrawalConfirmPage }),
      },
      { path: 'baja', lazy: async () => ({ Component: (await rightsPages()).BajaPage }) },
      { path: 'baja/confirmar', lazy: async () => ({ Component: (await rightsPages()).BajaConfirmPage }) },
      {
        // The Servicio de Atención al Asegurado, whole (the public pages' foot shows its short form).
        path: 'atencion-al-asegurado',
        lazy: async () => ({
          Component: (await import('../features/rights/pages/insured-service-page.tsx')).InsuredServicePage,
        }),
      },
      {
        lazy: async () => ({ Component: (await import('./shell/app-shell-layout.tsx')).AppShellLayout }),
        children: [
          {
            path: 'tabs',
            lazy: async () => ({
              Component: (await import('../features/home/pages/tabs-page.tsx')).TabsPage,
            }),
          },
          {
            path: 'profile',
            lazy: async () => ({
              Component: (await import('../features/profile/pages/profile-page.tsx')).ProfilePage,
            }),
          },
          {
            path: 'tabs/productos/:riskType',
            lazy: async () => ({ Component: (await catalogPages()).RiskTypePage }),
          },
          {
            path: 'customers/insurances',
            lazy: async () => ({ Component: (await insurancePages()).InsurancesPage }),
          },
          {
            path: 'customers/insurance-processes',
            lazy: async () => ({ Component: (await insurancePages()).InsurancesPage }),
          },
          {
            path: 'customers/insurances/:id',
            lazy: async () => ({ Component: (await insurancePages()).InsuranceDetailPage }),
          },
          {
            // The in-force certificates kept on this device, for when there is no connection.
            path: 'certificados',
            lazy: async () => ({ Component: (await insurancePages()).OfflineCertificatesPage }),
          },
          {
            path: 'customers/insurances/:id/pay',
            lazy: async () => {
              // The poll after a wallet payment comes from its own feature.
              const [{ PayPage }, { runInsurancePoll }] = await Promise.all([paymentPages(), pollModule()]);
              return { Component: () => <PayPage runPoll={runInsurancePoll} /> };
            },
          },
          // Spec §2: 'invoice' contains invoice/invoices ('Facturación').
          { path: 'invoice', loader: () => redirect('/invoice/invoices') },
          {
            path: 'invoice/invoices',
            lazy: async () => ({ Component: (await billingPages()).BillingPage }),
          },
          {
            path: 'referral',
            lazy: async () => ({ Component: (await referralPages()).ReferralPage }),
          },
          {
            path: 'customers/claims',
            lazy: async () => ({ Component: (await claimPages()).ClaimsPage }),
          },
          {
            path: 'customers/claims/new',
            lazy: async () => ({ Component: (await claimPages()).NewClaimPage }),
          },
          {
            path: 'customers/claims/:id',
            lazy: async () => ({ Component: (await claimPages()).ClaimDetailPage }),
          },
          ...(['money', 'credit'] as const).flatMap((kind): RouteObject[] => [
            {
              path: `customers/${kind}-wallet`,
              lazy: async () => ({ Component: (await walletPages()).walletRoutes[kind].Wallet }),
            },
            {
              path: `customers/${kind}-wallet/:walletId/wallet-movements/:movementId`,
              lazy: async () => ({ Component: (await walletPages()).walletRoutes[kind].Movement }),
            },
          ]),
          {
            path: 'notifications',
            lazy: async () => ({ Component: (await notificationPages()).NotificationsPage }),
          },
          {
            path: 'notifications/list',
            lazy: async () => ({ Component: (await notificationPages()).NotificationsPage }),
          },
          {
            path: 'notifications/list/:id',
            lazy: async () => ({ Component: (await notificationPages()).NotificationOpenPage }),
          },
          {
            path: 'notifications/detail',
            lazy: async () => ({ Component: (await notificationPages()).NotificationDetailPage }),
          },
          {
            path: 'contract-insurance',
            lazy: async () => ({
              Component: (await import('../features/contract/pages/start-contract-page.tsx'))
                .StartContractPage,
            }),
          },
          {
            path: 'contract-insurance/:processId',
            lazy: async () => ({
              Component: (await import('../features/contract/pages/contract-page.tsx')).ContractPage,
            }),
          },
          {
            path: 'customers/imports',
            lazy: async () => ({ Component: (await importPages()).ImportsPage }),
          },
          {
            path: 'customers/imports/:id',
            lazy: async () => ({ Component: (await importPages()).ImportPage }),
          },
          {
            path: 'business-center',
            lazy: async () => ({ Component: (await businessPages()).BusinessCenterPage }),
          },
          {
            path: 'business-center/business/:id',
            lazy: async () => ({ Component: (await businessPages()).BusinessPage }),
          },
          {
            path: 'business-invitation',
            lazy: async () => ({ Component: (await businessPages()).InvitationPage }),
          },
          {
            path: 'search-entity',
            lazy: async () => ({
              Component: (await import('../features/entities/pages/search-entity-page.tsx')).SearchEntityPage,
            }),
          },
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
