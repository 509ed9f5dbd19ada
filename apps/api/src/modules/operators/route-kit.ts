/**
 * The shapes every operator route repeats, declared once: behind requireOperator (an operator session, or
 * the operations token of the command line), tagged 'admin' with the bearer scheme, a list answering a
 * page, one item by id, a create (201), an update by PUT (and its form POST, formPut), an action on one
 * item (POST …/:id/…) and a delete (204), or a whole collection of them at once. Each handler is the service call with what the request carries:
 * the query as received, the id, the body as validated, and the audit context of who asks.
 *
 *   const routes = operatorRoutesOf(app);
 *   routes.list('/companies', companiesListSpec, OperatorCompanySchema, (query) => listCompanies(deps, query));
 *   routes.create('/companies', CompanyBodySchema, CompanySchema, (input) => createCompany(deps, input));
 */
import { dataOf, pageOf } from '@cubierto/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ListSpec, listQuerySchema, type RawQuery } from '../../lib/list-query.ts';
import { formPut } from '../../lib/method-override.ts';
import { requireOperator } from '../../lib/request-context.ts';
import { type AuditContext, auditContext } from './audit.ts';

type App = Parameters<FastifyPluginAsyncZod>[0];
type Answer<T extends z.ZodType> = Promise<z.output<T>>;

/**
 * What the route's schemas made of the request. The Zod type provider cannot compute a request's types
 * from a schema that is still a type parameter, so the routes below are registered on the plain instance
 * and read the request here; the schemas still validate and serialize every request at run time, and the
 * helpers' signatures tie each service call to its schemas for the compiler.
 */
function validated<B extends z.ZodType = z.ZodNever>(request: FastifyRequest) {
  return {
    id: (request.params as { id: number }).id,
    query: request.query as RawQuery,
    body: request.body as z.output<B>,
    audit: auditContext(request),
  };
}

/** What every operator route declares in its schema. */
export const operatorRouteBase = { tags: ['admin'], security: [{ bearer: [] }] };

/** `:id` of a path: a positive whole number. */
export const IdParams = z.object({ id: z.coerce.number().int().positive() });

/** Puts the plugin's routes behind requireOperator and answers the helpers that declare them. */
export function operatorRoutesOf(app: App) {
  app.addHook('onRequest', requireOperator);
  const plain: FastifyInstance = app;
  const base = operatorRouteBase;
  const routes = {
    /** GET url: a page of `item`, filtered and sorted by `spec`. */
    list<T extends z.ZodType>(
      url: string,
      spec: ListSpec,
      item: T,
      list: (query: RawQuery) => Answer<ReturnType<typeof pageOf<T>>>,
    ) {
      plain.get(
        url,
        { schema: { ...base, querystring: listQuerySchema(spec), response: { 200: pageOf(item) } } },
        async (request) => list(validated(request).query),
      );
    },

    /** GET url (with `:id`): one `item`. */
    get<T extends z.ZodType>(url: string, item: T, get: (id: number) => Answer<T>) {
      plain.get(
        url,
        { schema: { ...base, params: IdParams, response: { 200: dataOf(item) } } },
        async (request) => ({ data: await get(validated(request).id) }),
      );
    },

    /** POST url: creates one, answered 201 with `item`. */
    create<B extends z.ZodType, T extends z.ZodType>(
      url: string,
      body: B,
      item: T,
      create: (input: { body: z.output<B>; audit: AuditContext }) => Answer<T>,
    ) {
      plain.post(
        url,
        { schema: { ...base, body, response: { 201: dataOf(item) } } },
        async (request, reply) => {
          const { body, audit } = validated<B>(request);
          return reply.status(201).send({ data: await create({ body, audit }) });
        },
      );
    },

    /** PUT url (with `:id`), and its form POST: changes one, answered with `item`. */
    update<B extends z.ZodType, T extends z.ZodType>(
      url: string,
      body: B,
      item: T,
      update: (input: { id: number; body: z.output<B>; audit: AuditContext }) => Answer<T>,
    ) {
      plain.route({
        ...formPut(body),
        url,
        schema: { ...base, params: IdParams, body, response: { 200: dataOf(item) } },
        handler: async (request) => {
          const { id, body, audit } = validated<B>(request);
          return { data: await update({ id, body, audit }) };
        },
      });
    },

    /** POST url (with `:id`, e.g. '/customers/:id/lock'): acts on one, answered with `item`. */
    act<B extends z.ZodType, T extends z.ZodType>(
      url: string,
      body: B,
      item: T,
      act: (input: { id: number; body: z.output<B>; audit: AuditContext }) => Answer<T>,
    ) {
      plain.post(
        url,
        { schema: { ...base, params: IdParams, body, response: { 200: dataOf(item) } } },
        async (request) => {
          const { id, body, audit } = validated<B>(request);
          return { data: await act({ id, body, audit }) };
        },
      );
    },

    /**
     * A collection at `url` and its items at `url/:id`, with the routes it has: the page (GET url), one
     * item (GET url/:id), create (POST url), update (PUT url/:id) and delete (DELETE url/:id). Each is a
     * service function called as the services are, `(deps, input)`, with the `deps` given once.
     */
    collection<T extends z.ZodType, B extends z.ZodType, D>(
      url: string,
      resource: {
        item: T;
        body: B;
        deps: D;
        /** The page, when its items are `item` (a list of other items is declared with `list`). */
        spec?: ListSpec;
        list?: (deps: NoInfer<D>, query: RawQuery) => Answer<ReturnType<typeof pageOf<T>>>;
        get?: (deps: NoInfer<D>, input: { id: number }) => Answer<T>;
        create?: (deps: NoInfer<D>, input: { body: z.output<B>; audit: AuditContext }) => Answer<T>;
        update?: (
          deps: NoInfer<D>,
          input: { id: number; body: z.output<B>; audit: AuditContext },
        ) => Answer<T>;
        remove?: (deps: NoInfer<D>, input: { id: number; audit: AuditContext }) => Promise<unknown>;
      },
    ) {
      const { spec, item, body, deps, list, get, create, update, remove } = resource;
      if (spec && list) routes.list(url, spec, item, (query) => list(deps, query));
      if (get) routes.get(`${url}/:id`, item, (id) => get(deps, { id }));
      if (create) routes.create(url, body, item, (input) => create(deps, input));
      if (update) routes.update(`${url}/:id`, body, item, (input) => update(deps, input));
      if (remove) routes.remove(`${url}/:id`, (input) => remove(deps, input));
    },

    /** DELETE url (with `:id`): answered 204. */
    remove(url: string, remove: (input: { id: number; audit: AuditContext }) => Promise<unknown>) {
      plain.delete(
        url,
        { schema: { ...base, params: IdParams, response: { 204: z.null() } } },
        async (request, reply) => {
          const { id, audit } = validated(request);
          await remove({ id, audit });
          return reply.status(204).send(null);
        },
      );
    },
  };
  return routes;
}
