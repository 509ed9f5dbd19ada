/** The wallet pages ('Mi dinero', 'Mi crédito'), loaded together by the router. */
import type { WalletKind } from '../../../shared/wallets/wallets.ts';
import { MovementPage } from './movement-page.tsx';
import { WalletPage } from './wallet-page.tsx';

export const walletRoutes: Record<
  WalletKind,
  { Wallet: () => React.JSX.Element; Movement: () => React.JSX.Element }
> = {
  money: { Wallet: () => <WalletPage kind="money" />, Movement: () => <MovementPage kind="money" /> },
  credit: { Wallet: () => <WalletPage kind="credit" />, Movement: () => <MovementPage kind="credit" /> },
};
