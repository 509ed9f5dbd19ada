/** The notification pages, loaded together by the router. */
export { NotificationDetailPage } from './notification-detail-page.tsx';
export { NotificationOpenPage } from './notification-open-page.tsx';
export { NotificationsPage } from './notifications-page.tsx';
