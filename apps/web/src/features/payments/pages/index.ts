/** The payments feature's pages, loaded together by the router. */
export { PaymentReturnWatcher } from '../components/payment-return-watcher.tsx';
export { CoveredPage } from './covered-page.tsx';
export { PayPage } from './pay-page.tsx';
