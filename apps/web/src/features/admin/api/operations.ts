/** The back office's run-time levers and views: app versions, maintenance, poll questions, customers, operators, dashboard. */
import type {
  AppVersion,
  AppVersionBody,
  BroadcastBody,
  MaintenanceBody,
  Operator,
  OperatorCreateBody,
  PollQuestionBody,
} from '@cubierto/contracts';
import { queryOptions } from '@tanstack/react-query';
import { adminApi } from './admin-client.ts';

type Data<T> = { data: T };

export type PollQuestion = { id: number; name: string; values: string; position: number; active: boolean };
export type AdminCustomer = {
  id: number;
  name: string;
  email: string;
  dni: string | null;
  locked_at: string | null;
  insurances_count: number;
  last_session_at: string | null;
  created_at: string;
};
export type AuditEntry = {
  id: number;
  at: string;
  actor: 'operator' | 'ops_token';
  operator: { id: number; name: string; email: string } | null;
  action: string;
  target_type: string;
  target_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
};
export type Dashboard = {
  days: string[];
  risk_types: string[];
  sales_per_day: Array<Record<string, string | number>>;
  premiums_per_day: Array<{ day: string; amount_cents: number }>;
  payment_failures_per_day: Array<{ day: string; failures: number }>;
  open_claims_by_age: Array<Record<string, string | number>>;
  totals: {
    claims_open: number;
    oldest_open_claim_days: number | null;
    insurances_sold: number;
    premiums_cents: number;
    premiums_nice: string;
    payment_failures: number;
    insurances_pending: number;
  };
};

export async function saveAppVersion(input: { id?: number; body: AppVersionBody }) {
  return input.id
    ? (await adminApi.put<Data<AppVersion>>(`/admin/app-versions/${input.id}`, input.body)).data
    : (await adminApi.post<Data<AppVersion>>('/admin/app-versions', input.body)).data;
}

export const maintenanceQueryOptions = queryOptions({
  queryKey: ['admin', 'maintenance'],
  queryFn: async () =>
    (await adminApi.get<Data<{ enabled: boolean; message: string | null }>>('/admin/maintenance')).data,
});

export async function saveMaintenance(body: MaintenanceBody) {
  return (await adminApi.put<Data<{ enabled: boolean; message: string | null }>>('/admin/maintenance', body))
    .data;
}

export async function savePollQuestion(input: { id?: number; body: PollQuestionBody }) {
  return input.id
    ? (await adminApi.put<Data<PollQuestion>>(`/admin/poll-questions/${input.id}`, input.body)).data
    : (await adminApi.post<Data<PollQuestion>>('/admin/poll-questions', input.body)).data;
}

export async function setCustomerLocked(input: { id: number; locked: boolean; reason: string }) {
  return (
    await adminApi.post<Data<AdminCustomer>>(
      `/admin/customers/${input.id}/${input.locked ? 'lock' : 'unlock'}`,
      {
        reason: input.reason,
      },
    )
  ).data;
}

export async function createOperator(body: OperatorCreateBody) {
  return (await adminApi.post<Data<Operator>>('/admin/operators', body)).data;
}

export function dashboardQueryOptions(days: number) {
  return queryOptions({
    queryKey: ['admin', 'dashboard', days],
    queryFn: async () => (await adminApi.get<Data<Dashboard>>('/admin/dashboard', { days })).data,
  });
}

export async function broadcast(body: BroadcastBody) {
  return (
    await adminApi.post<Data<{ id: string; recipients: number }>>('/admin/notifications/broadcast', body)
  ).data;
}
