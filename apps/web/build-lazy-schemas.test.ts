import { describe, expect, it } from 'vitest';
import { lazySchemas } from './build-lazy-schemas.ts';

describe('lazySchemas (the contracts’ schemas built when first used)', () => {
  it('wraps the module-level schemas and what is derived from them, marked pure', () => {
    const code = [
      "import { z } from 'zod';",
      "import { EntitySchema } from './entities.ts';",
      'export const KindSchema = z.enum(["a", "b"]);',
      'const Base = z.object({ id: z.number() }).strict();',
      'export const ItemSchema = Base.extend({ kind: KindSchema });',
      'export const DetailSchema = EntitySchema.extend({ more: z.string() });',
      'export const ItemResponse = dataOf(ItemSchema);',
    ].join('\n');
    const result = lazySchemas(code);
    expect(result?.names).toEqual(['KindSchema', 'Base', 'ItemSchema', 'DetailSchema', 'ItemResponse']);
    expect(result?.code).toContain(
      'const Base = /* @__PURE__ */ __lazySchema(() => z.object({ id: z.number() }).strict());',
    );
    expect(result?.code).toMatch(/^import \{ lazySchema as __lazySchema \} from ".*lazy-schema\.ts";/);
  });

  it('leaves values, functions and other calls as they are', () => {
    const code = [
      "import { z } from 'zod';",
      'export const KindSchema = z.enum(["a", "b"]);',
      'export const KINDS = KindSchema.options;',
      'export const DEFAULTS = KindSchema.parse("a");',
      'export const META = KindSchema.meta();',
      'export const text = (max) => z.string().max(max);',
      'export const money = { cents: z.number() };',
      'export const rule = defineRiskType({ answers: () => z.object({}) });',
      'export const json = z.toJSONSchema(KindSchema);',
      'let mutable = z.string();',
    ].join('\n');
    expect(lazySchemas(code)?.names).toEqual(['KindSchema']);
  });

  it('leaves a module without schemas untouched', () => {
    expect(lazySchemas('export const x = 1;')).toBeNull();
    expect(lazySchemas("import { z } from 'zod';\nexport function f() { return z.string(); }")).toBeNull();
  });
});
