/**
 * Schemas of /common: app versions, contexts, provinces and localities.
 */
import { z } from 'zod';

export const PlatformSchema = z.enum(['web', 'android', 'ios']);
export type Platform = z.infer<typeof PlatformSchema>;

export const AppVersionSchema = z.object({
  id: z.number(),
  version: z.string().regex(/^\d+\.\d+\.\d+$/),
  platform: PlatformSchema,
  active: z.boolean(),
  /** Social sign-in buttons this version may show. */
  social: z.object({ google: z.boolean(), facebook: z.boolean(), apple: z.boolean() }),
  created_at: z.string(),
});
export type AppVersion = z.infer<typeof AppVersionSchema>;

export const ContextSchema = z.object({ id: z.number(), name: z.string(), description: z.string() });
export type Context = z.infer<typeof ContextSchema>;

export const LocalitySchema = z.object({ id: z.number(), name: z.string(), zip_code: z.string().nullable() });
export const ProvinceSchema = z.object({ id: z.number(), name: z.string(), code: z.string() });
export type Province = z.infer<typeof ProvinceSchema>;
export type Locality = z.infer<typeof LocalitySchema>;

export const PageMetaSchema = z.object({
  current_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  last_page: z.number(),
});
export type PageMeta = z.infer<typeof PageMetaSchema>;

export function dataOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

export function pageOf<T extends z.ZodType>(schema: T) {
  return z.object({ data: z.array(schema), meta: PageMetaSchema });
}
