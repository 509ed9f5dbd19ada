/**
 * A schema built the first time it is used rather than as its module is evaluated. The web's build wraps
 * the contracts' module-level schemas with it (apps/web/build-lazy-schemas.ts): a page that loads a
 * contracts module to parse one answer no longer builds every schema of that module (and of the modules it
 * imports) in the same task, which at a phone's speed was the longest task of the signed-in pages. The API
 * and the tests import the contracts as they are written.
 *
 * The value is a Proxy that builds the schema on its first use and forwards everything to it: its methods
 * (bound to the schema itself, as Zod's are), `_zod` (what a parent schema reads), `instanceof` (Zod's
 * classes check `_zod.traits`), `in`, the keys and the prototype.
 */
import type { z } from 'zod';

export function lazySchema<T extends z.ZodType>(build: () => T): T {
  let built: T | undefined;
  const schema = (): T => {
    if (built === undefined) {
      const made = build();
      if (made === null || typeof made !== 'object' || !('_zod' in made))
        throw new TypeError('lazySchema: the builder did not return a Zod schema');
      built = made;
    }
    return built;
  };
  // Zod's methods live on the prototype and read `this`: they are handed out bound to the schema itself, so
  // a registry keyed by the schema (`meta()`) sees the same object. One bound function per key.
  const bound = new Map<PropertyKey, { of: unknown; fn: unknown }>();
  const handler: ProxyHandler<object> = {
    get: (_target, key) => {
      const target = schema();
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function' || key === 'constructor') return value;
      const known = bound.get(key);
      if (known?.of === value) return known.fn;
      const fn = (value as (...args: unknown[]) => unknown).bind(target);
      bound.set(key, { of: value, fn });
      return fn;
    },
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      // The proxy's own target has no such property: a proxy may not call it non-configurable.
      return descriptor ? { ...descriptor, configurable: true } : undefined;
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
  };
  return new Proxy({}, handler) as T;
}
