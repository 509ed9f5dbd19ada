/**
 * The one query-key factory of the web app: every cached API answer, customer and operator, has its key
 * here and nowhere else. Keys are hierarchical — an area's `all` is a prefix of each of its keys — so a
 * mutation invalidates a whole area (`queryKeys.insurances.all`) or one entry (`.detail(id)`) without
 * knowing how the area's lists are paged or filtered.
 *
 * How a feature uses it:
 * - its API file (`features/<area>/api/<endpoint>.ts`) builds `queryOptions({ queryKey: queryKeys.…, … })`
 *   with the key of that endpoint; one endpoint has exactly one key (a page that needs less of an answer
 *   uses `select`, not another key);
 * - its `use…Mutation` hook (see `mutation.ts`) lists the keys the write makes stale in `invalidates`;
 * - pages never write a key by hand and never call `invalidateQueries` themselves.
 *
 * Parameters that change the answer (page, filters, sort) are the last element of a list key, as one
 * plain object, so TanStack Query compares them by value.
 */
import { appConfigQueryKey } from '../config/app-config.ts';

/** One page of a customer list; `undefined` members are left out of the request and of the key alike. */
export type ListParams = Record<string, string | number | boolean | null | undefined>;

function area<const Name extends string>(name: Name) {
  const all = [name] as const;
  return {
    all,
    lists: () => [name, 'list'] as const,
    list: (params: ListParams = {}) => [name, 'list', params] as const,
    details: () => [name, 'detail'] as const,
    detail: (id: number | string) => [name, 'detail', id] as const,
  };
}

/** An operator resource under /admin/<resource>: its table (by list state) and its records. */
function adminResource<const Resource extends string>(resource: Resource) {
  const all = ['admin', resource] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (state: object) => [...all, 'list', state] as const,
    detail: (id: number | string) => [...all, 'detail', id] as const,
    /** Every record at once, for a select (e.g. the companies of the policy form). */
    options: () => [...all, 'options'] as const,
  };
}

export const queryKeys = {
  /** GET /common/app-config. */
  settings: {
    all: ['settings'] as const,
    appConfig: appConfigQueryKey,
  },
  /** GET /common/provinces and /common/provinces/:id/localities. */
  places: {
    all: ['places'] as const,
    provinces: () => ['places', 'provinces'] as const,
    localities: (provinceId: number | null) => ['places', 'provinces', provinceId, 'localities'] as const,
  },
  /** The signed-in customer: GET /customers/user (with relations) and its deletion check. */
  user: {
    all: ['user'] as const,
    current: () => ['user', 'current'] as const,
    deletion: () => ['user', 'deletion'] as const,
  },
  /** The public catalogue: policies by risk type, one policy's details and coverages. */
  catalog: {
    all: ['catalog'] as const,
    policies: (riskType = 'all') => ['catalog', 'policies', riskType] as const,
    policy: (policyId: number) => ['catalog', 'policy', policyId] as const,
  },
  /** GET /customers/insurances (a list is keyed by the query it sends), its groups, one insurance. */
  insurances: {
    ...area('insurances'),
    groups: () => ['insurances', 'groups'] as const,
    /** GET /customers/insurances/:id/cancellation-terms (under its insurance: refreshed with it). */
    cancellationTerms: (id: number) => ['insurances', 'detail', id, 'cancellation-terms'] as const,
  },
  /** GET /customers/insurance-processes (the ones in progress) and one process with its quote. */
  processes: {
    ...area('insurance-processes'),
    inProgress: () => ['insurance-processes', 'list', 'in-progress'] as const,
    /** What the customer answered in their last contracts, offered again. */
    suggestions: () => ['insurance-processes', 'suggestions'] as const,
    quote: (processId: number, updatedAt: string) =>
      ['insurance-processes', 'detail', processId, 'quote', updatedAt] as const,
  },
  /** A file uploaded while contracting (a risk photo). */
  uploads: {
    all: ['uploads'] as const,
    detail: (id: number) => ['uploads', id] as const,
  },
  /** The two wallets and their movements. `kind` is 'money' or 'credit'. */
  wallets: {
    all: ['wallets'] as const,
    detail: (kind: string) => ['wallets', kind] as const,
    movements: (kind: string, walletId: number, page: number) =>
      ['wallets', kind, walletId, 'movements', page] as const,
    movement: (kind: string, walletId: number, movementId: number) =>
      ['wallets', kind, walletId, 'movement', movementId] as const,
  },
  /** GET /customers/invoices and the invoice profile. */
  invoices: {
    ...area('invoices'),
    profile: () => ['invoices', 'profile'] as const,
  },
  /** GET /customers/claims, one claim, the insurances a claim can be filed for, stored attachments. */
  claims: {
    ...area('claims'),
    claimable: () => ['claims', 'claimable-insurances'] as const,
    attachment: (stored: string | number) => ['claims', 'attachment', stored] as const,
  },
  /** The customer's business entities: GET /customers/entities and one entity. */
  entities: {
    ...area('entities'),
    mine: () => ['entities', 'mine'] as const,
  },
  /** GET /customers/imports, one import and its rows. */
  imports: {
    ...area('imports'),
    rows: (importId: number, params: ListParams) => ['imports', 'detail', importId, 'rows', params] as const,
  },
  /** GET /customers/notification-user (paged), one notification and the unread count. */
  notifications: {
    ...area('notifications'),
    unreadCount: () => ['notifications', 'unread-count'] as const,
  },
  /** GET /customers/referral. */
  referral: {
    all: ['referral'] as const,
  },
  /** GET /customers/rights/eligible?kind=…: the insurances the botón de arrepentimiento or de baja applies to. */
  rights: {
    all: ['rights'] as const,
    eligible: (kind: string) => ['rights', 'eligible', kind] as const,
  },
  /** GET /common/insured-service: the public pages' Servicio de Atención al Asegurado. */
  insuredService: {
    all: ['insured-service'] as const,
  },
  /** GET /common/verify/:code, the public certificate check. */
  certificates: {
    all: ['certificates'] as const,
    check: (code: string) => ['certificates', 'check', code] as const,
  },
  /** The back office (/admin/…), operator session only: never mixed with the customer's keys. */
  admin: {
    all: ['admin'] as const,
    me: () => ['admin', 'me'] as const,
    dashboard: (days: number) => ['admin', 'dashboard', days] as const,
    maintenance: () => ['admin', 'maintenance'] as const,
    insuredService: () => ['admin', 'insured-service'] as const,
    auditLog: adminResource('audit-log'),
    companies: adminResource('companies'),
    policies: adminResource('policies'),
    coverages: adminResource('coverages'),
    insurances: adminResource('insurances'),
    customers: adminResource('customers'),
    claims: adminResource('claims'),
    operators: adminResource('operators'),
    appVersions: adminResource('app-versions'),
    pollQuestions: adminResource('poll-questions'),
    notifications: adminResource('notifications'),
    /** A resource by its API name, for the generic operator list. */
    resource: adminResource,
  },
} as const;
