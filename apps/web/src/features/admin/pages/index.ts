/** The back office's pages, loaded together the first time an operator opens /admin (never by customers). */
export { AdminLayout } from './admin-layout.tsx';
export { AppVersionsPage } from './app-versions-page.tsx';
export { AuditLogPage } from './audit-log-page.tsx';
export { BroadcastPage } from './broadcast-page.tsx';
export { ClaimsPage } from './claims-page.tsx';
export { CompaniesPage } from './companies-page.tsx';
export { CoveragesPage } from './coverages-page.tsx';
export { CustomersPage } from './customers-page.tsx';
export { DashboardPage } from './dashboard-page.tsx';
export { InsurancesPage } from './insurances-page.tsx';
export { InsuredServiceAdminPage } from './insured-service-page.tsx';
export { InvoicesPage } from './invoices-page.tsx';
export { MaintenancePage } from './maintenance-page.tsx';
export { OperatorsPage } from './operators-page.tsx';
export { PoliciesPage } from './policies-page.tsx';
export { PollQuestionsPage } from './poll-questions-page.tsx';
export { ReferralsPage } from './referrals-page.tsx';
