/** Versiones de la app: the operator's list and create / edit (the force-update lever). */
import { type AppVersionBody, AppVersionSchema } from '@cubierto/contracts';
import { queryKeys } from '../../../shared/api/query-keys.ts';
import { recordSaver } from './admin-client.ts';
import { type ListState, listQueryOptions } from './lists.ts';
import { useAdminMutation } from './mutations.ts';

export const appVersionsQueryOptions = (state: ListState) =>
  listQueryOptions('app-versions', AppVersionSchema, state);

export const saveAppVersion = recordSaver<typeof AppVersionSchema, AppVersionBody>(
  'app-versions',
  AppVersionSchema,
);

export const useSaveAppVersionMutation = () =>
  useAdminMutation({ mutationFn: saveAppVersion, invalidates: [queryKeys.admin.appVersions.all] });
