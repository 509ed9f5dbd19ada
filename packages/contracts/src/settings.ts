/**
 * Run-time settings the operator switches: maintenance mode (spec §4). App versions, the force-update
 * lever, are `AppVersionSchema` (common.ts), read by the apps too.
 */
import { z } from 'zod';

/** While enabled, customer routes answer 503 and the app shows 'Mantenimiento programado'. */
export const MaintenanceSchema = z.object({ enabled: z.boolean(), message: z.string().nullable() });
export type Maintenance = z.infer<typeof MaintenanceSchema>;
