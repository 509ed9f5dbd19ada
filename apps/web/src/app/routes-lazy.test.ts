/** Spec §2: every root route is lazy-loaded, so the first page downloads only its own code. */
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router.tsx';

/** Every route under the root, with the path leading to it. */
function flatten(list: RouteObject[], parent = ''): Array<{ where: string; route: RouteObject }> {
  return list.flatMap((route) => {
    const where = route.index ? `${parent} (index)` : `${parent}/${route.path ?? ''}`.replace(/\/+/g, '/');
    return [{ where, route }, ...flatten(route.children ?? [], where)];
  });
}

describe('routes', () => {
  it('load each screen lazily: no route under the root carries its page in the first bundle', () => {
    const [root] = routes;
    const all = flatten(root?.children ?? []);
    expect(all.length).toBeGreaterThan(30);
    const eager = all.filter(
      ({ route }) =>
        route.lazy === undefined && (route.Component !== undefined || (route.element ?? null) !== null),
    );
    expect(eager.map(({ where }) => where)).toEqual([]);
  });

  it('has the root routes of spec §2', () => {
    const paths = new Set(flatten(routes[0]?.children ?? []).map(({ where }) => where));
    for (const path of [
      '/login',
      '/admin-login',
      '/register',
      '/register-risk',
      '/reset-password',
      '/profile',
      '/tabs',
      '/contract-insurance',
      '/search-entity',
      '/invoice/invoices',
      '/business-center',
      '/business-center/business/:id',
      '/notifications',
      '/message',
      '/referral',
      '/customers/money-wallet',
      '/customers/claims',
      '/customers/insurances',
      '/customers/insurances/:id',
      '/customers/insurance-processes',
      '/customers/credit-wallet',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});
