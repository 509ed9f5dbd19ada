/** Loads the production-only scripts once the first page is drawn (main.tsx). */
import { getAppConfig } from '../config/app-config.ts';
import { loadThirdPartyScripts } from './third-party.ts';

export async function startThirdParty(): Promise<void> {
  const config = await getAppConfig();
  loadThirdPartyScripts({ production: import.meta.env.PROD, ids: config });
}
