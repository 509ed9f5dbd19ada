/**
 * The contracts' module-level schemas, built when first used in the web app (packages/contracts
 * src/lazy-schema.ts). Every contracts module builds its schemas as it is evaluated: on the signed-in home
 * that was one task of about 600 profiler samples at 4× CPU slowdown, nine in ten of them building schemas
 * the page never parses (every schema of each module it imports one from). This transform rewrites, in
 * the web's build only, each top-level (in the contracts and in the app's modules that import zod)
 *
 *   const NameSchema = z.object({ … });            (any chain of calls that starts at `z`,
 *   const Other = NameSchema.extend({ … });         at a `…Schema` or one rewritten before, or at
 *                                                    dataOf/pageOf)
 *
 * into `const NameSchema = lazySchema(() => z.object({ … }))`, marked pure so an unused one is dropped. A
 * chain that ends in a value rather than a schema (`.options`, `.parse(…)`, `.meta()`) is left as it is;
 * lazySchema throws should a builder return something else. The API and every test read the contracts as
 * written.
 */
import path from 'node:path';
import { type Plugin, parseAst } from 'vite';

const CONTRACTS_SRC = `${path.resolve(import.meta.dirname, '../../packages/contracts/src')}${path.sep}`;
const WEB_SRC = `${path.resolve(import.meta.dirname, 'src')}${path.sep}`;
const HELPER = `${CONTRACTS_SRC}lazy-schema.ts`;
/** Calls on a schema that return something else than a schema. */
const NOT_SCHEMA = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'spa',
  'encode',
  'decode',
  'encodeAsync',
  'decodeAsync',
  'safeEncode',
  'safeDecode',
  'safeEncodeAsync',
  'safeDecodeAsync',
  'validate',
  'validateAsync',
  'isOptional',
  'isNullable',
  'toJSONSchema',
]);
/** Functions of `z` that return something else than a schema. */
const Z_NOT_SCHEMA = new Set([
  'parse',
  'safeParse',
  'parseAsync',
  'safeParseAsync',
  'encode',
  'decode',
  'toJSONSchema',
  'fromJSONSchema',
  'prettifyError',
  'treeifyError',
  'flattenError',
  'formatError',
  'config',
  'registry',
  'setErrorMap',
  'getErrorMap',
  'util',
  'locales',
]);
/** The contracts name their schemas `…Schema`: one imported from another module is a chain's start too. */
const SCHEMA_NAME = /Schema$/;
/** The contracts' own functions that wrap a schema into another. */
const SCHEMA_HELPERS = new Set(['dataOf', 'pageOf']);

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/**
 * Whether `init` is a chain of calls that yields a schema: `z.x(…)`, `z.x(…).y(…)`, `Known.y(…)`,
 * `dataOf(…)`. Member reads without a call at the end (`.options`, `.shape`) are values, not schemas.
 */
function isSchemaChain(init: Node, schemas: Set<string>): boolean {
  if (init.type !== 'CallExpression') return false;
  const callee = init.callee as Node;
  if (callee.type === 'Identifier') return SCHEMA_HELPERS.has(callee.name as string);
  if (callee.type !== 'MemberExpression' || callee.computed) return false;
  const method = (callee.property as Node).name as string;
  const object = callee.object as Node;
  if (object.type === 'Identifier') {
    if (object.name === 'z') return !Z_NOT_SCHEMA.has(method);
    const name = object.name as string;
    return (
      (schemas.has(name) || SCHEMA_NAME.test(name)) &&
      !NOT_SCHEMA.has(method) &&
      !(method === 'meta' && (init.arguments as Node[]).length === 0)
    );
  }
  if (NOT_SCHEMA.has(method) || (method === 'meta' && (init.arguments as Node[]).length === 0)) return false;
  return isSchemaChain(object, schemas);
}

/** The rewritten module, or null when it has no schema to wrap. */
export function lazySchemas(code: string): { code: string; names: string[] } | null {
  if (!/\bz\b/.test(code)) return null;
  const program = parseAst(code) as unknown as { body: Node[] };
  const schemas = new Set<string>();
  const edits: Array<{ start: number; end: number }> = [];
  const names: string[] = [];
  for (const statement of program.body) {
    const declaration = (
      statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
    ) as Node | null;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as Node[]) {
      const id = declarator.id as Node;
      const init = declarator.init as Node | null;
      if (id.type !== 'Identifier' || !init || !isSchemaChain(init, schemas)) continue;
      schemas.add(id.name as string);
      names.push(id.name as string);
      edits.push({ start: init.start, end: init.end });
    }
  }
  if (edits.length === 0) return null;
  let out = code;
  for (const { start, end } of edits.reverse())
    out = `${out.slice(0, start)}/* @__PURE__ */ __lazySchema(() => ${out.slice(start, end)})${out.slice(end)}`;
  return { code: `import { lazySchema as __lazySchema } from ${JSON.stringify(HELPER)};\n${out}`, names };
}

export function lazyContractSchemas(): Plugin {
  return {
    name: 'cubierto-lazy-contract-schemas',
    // After TypeScript is stripped: the code is plain JavaScript.
    enforce: 'post',
    transform(code, id) {
      // The contracts, and the app's own modules that import zod (a page's answer schemas around them).
      const contracts = id.startsWith(CONTRACTS_SRC) && id !== HELPER;
      const web = id.startsWith(WEB_SRC) && /from\s*['"]zod['"]/.test(code);
      if ((!contracts && !web) || !/\.tsx?$/.test(id) || /\.test\.tsx?$/.test(id)) return null;
      const result = lazySchemas(code);
      return result ? { code: result.code, map: null } : null;
    },
  };
}
