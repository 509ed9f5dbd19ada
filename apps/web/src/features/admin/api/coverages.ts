/** Planes: the operator's list of coverages and their create / edit. */
import { type CoverageBody, OperatorCoverageSchema } from '@cubierto/contracts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { recordSaver } from './admin-client.ts';
import { type ListState, listQueryOptions } from './lists.ts';
import { useAdminMutation } from './mutations.ts';

export const coveragesQueryOptions = (state: ListState) =>
  listQueryOptions('coverages', OperatorCoverageSchema, state);

export const saveCoverage = recordSaver<typeof OperatorCoverageSchema, CoverageBody>(
  'coverages',
  OperatorCoverageSchema,
);

/** A policy counts its coverages. */
export const useSaveCoverageMutation = () =>
  useAdminMutation({
    mutationFn: saveCoverage,
    invalidates: [queryKeys.admin.coverages.all, queryKeys.admin.policies.all],
  });
