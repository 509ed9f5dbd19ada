/**
 * The root routes of spec §2, every one lazy-loaded so the first page only downloads its own code.
 * The empty path goes to login. Areas whose issues have not landed yet answer with a clear message.
 */
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { PageLoader } from '../shared/ui/page-loader.tsx';
import { AppRoot, startApp } from './app-root.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

const unavailable: RouteObject['lazy'] = async () => ({
  Component: (await import('../features/message/pages/unavailable-page.tsx')).UnavailablePage,
});

/** Each feature's pages load together: one lazy module and one preload list per feature. */
const catalogPages = () => import('../features/catalog/pages/index.ts');
const insurancePages = () => import('../features/insurances/pages/index.ts');
const paymentPages = () => import('../features/payments/pages/index.ts');
const pollModule = () => import('../features/poll/components/run-insurance-poll.tsx');
const walletPages = () => import('../features/wallets/pages/index.tsx');

/** Routes of the signed-in area whose pages come with later issues. */
const upcomingSignedInPaths = [
  'customers/*',
  'invoice/*',
  'business-center/*',
  'notifications/*',
  'referral/*',
];

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
      { path: 'admin-login', lazy: unavailable },
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
            path: 'customers/insurances/:id/pay',
            lazy: async () => {
              // The poll after a wallet payment comes from its own feature.
              const [{ PayPage }, { runInsurancePoll }] = await Promise.all([paymentPages(), pollModule()]);
              return { Component: () => <PayPage runPoll={runInsurancePoll} /> };
            },
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
            path: 'search-entity',
            lazy: async () => ({
              Component: (await import('../features/entities/pages/search-entity-page.tsx')).SearchEntityPage,
            }),
          },
          ...upcomingSignedInPaths.map((path): RouteObject => ({ path, lazy: unavailable })),
        ],
      },
      { path: '*', loader: () => redirect('/') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
