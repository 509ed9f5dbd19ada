/** Insurances as the operator finds them, and their void (anulado) or invalidation with a reason. */
import type { VoidInsuranceBody } from '@cubierto/contracts';
import { adminApi } from './admin-client.ts';

export type OperatorInsurance = {
  id: number;
  number: string;
  status: string;
  status_label: string;
  customer: { id: number; name: string; email: string };
  taker: { name: string; document: string };
  risk_type_name: string;
  coverage_name: string;
  identifiers: string[];
  total_cents: number;
  total_nice: string;
  paid_at: string | null;
  starts_on: string | null;
  ends_on: string | null;
  created_at: string;
};

export async function voidInsurance(input: { id: number; body: VoidInsuranceBody }) {
  return (await adminApi.post<{ data: OperatorInsurance }>(`/admin/insurances/${input.id}/void`, input.body))
    .data;
}
