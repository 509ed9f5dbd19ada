/**
 * Zod as the browser build imports it (vite.config.ts aliases `zod` here, the contracts' imports too):
 * told not to compile its parsers. Zod 4 probes `new Function` when it makes its first object schema, to
 * compile fast parsers; the Content-Security-Policy refuses eval, so the probe fails, harmlessly — but the
 * browser reports it as a policy violation on every page that loads a schema (Lighthouse's best-practices
 * "inspector issue"). `jitless` skips the probe; the parsers are the ones the browser ran anyway. The API
 * (Node, no such policy) keeps its compiled parsers. The setting comes before any schema is made: this
 * module's body runs before the modules that import it.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
export { default, default as z } from 'zod/v4';
