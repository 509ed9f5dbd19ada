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

/**
 * Any JSON value: what a stored JSON column or a copied database row holds. It holds itself, so the
 * OpenAPI document names it once (components/schemas/JsonValue, app.ts transformObject) and refers to it;
 * z.json() would leave an unnamed reference the document cannot resolve.
 */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export const JsonValueSchema: z.ZodType<JsonValue> = z
  .lazy(() =>
    z.union([
      z.string(),
      z.number(),
      z.boolean(),
      z.null(),
      z.array(JsonValueSchema),
      z.record(z.string(), JsonValueSchema),
    ]),
  )
  .meta({ id: 'JsonValue' });
/** A database row copied as it is (snake_case keys, dates as ISO strings). */
export const JsonRowSchema = z.record(z.string(), JsonValueSchema);
export type JsonRow = z.infer<typeof JsonRowSchema>;

/**
 * POST /common/client-errors: an unexpected error the web app met (spec §8's central handler, or the
 * window's error and unhandledrejection events). Strings are capped; the whole body at 16 KiB.
 */
export const CLIENT_ERROR_LIMITS = { body: 16 * 1024, message: 1000, stack: 8000, url: 2000 } as const;
export const ClientErrorReportSchema = z
  .object({
    /** handled: through the central handler; error, unhandledrejection: caught by the window; render: a page that failed to draw. */
    kind: z.enum(['handled', 'error', 'unhandledrejection', 'render']),
    /** The central handler's call-site code (spec §8: 1, 2, 11, 14, 17, 21, 22, 8999 …). */
    site: z.number().int().min(0).max(99_999).optional(),
    name: z.string().max(100).optional(),
    message: z.string().max(CLIENT_ERROR_LIMITS.message),
    stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
    /** An API answer's status and error code, when the error was one. */
    status: z.number().int().min(0).max(599).optional(),
    error_code: z.string().max(100).optional(),
    /** The page's address (path and query, no origin). */
    url: z.string().max(CLIENT_ERROR_LIMITS.url),
    /** The web build's version. */
    release: z.string().max(40).optional(),
  })
  .strict();
export type ClientErrorReport = z.infer<typeof ClientErrorReportSchema>;
