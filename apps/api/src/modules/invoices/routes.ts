/**
 * /customers/invoice-profile (the designated billing party) and /customers/invoices (invoices and credit
 * notes, their detail and PDF). Everything is the caller's own: another customer's invoice is a 404.
 */
import {
  InvoiceProfileBodySchema,
  InvoiceProfileSchema,
  InvoiceSchema,
  PageMetaSchema,
} from '@cubierto/contracts';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoices } from '../../db/schema/index.ts';
import { type ListSpec, listQuerySchema, pageMeta, parseListQuery } from '../../lib/list-query.ts';
import { formPut } from '../../lib/method-override.ts';
import { caller } from '../../lib/request-context.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { findInvoice, findInvoiceProfile, listInvoices, saveInvoiceProfile } from './service.ts';

const security = [{ bearer: [] }];
const Id = z.object({ id: z.coerce.number().int().positive() });

export const invoiceProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['invoices'];

  app.get(
    '/',
    { schema: { tags, security, response: { 200: z.object({ data: InvoiceProfileSchema.nullable() }) } } },
    async (request) => ({ data: await findInvoiceProfile(deps.db, caller(request).userId) }),
  );

  app.route({
    ...formPut(InvoiceProfileBodySchema),
    url: '/',
    schema: {
      tags,
      security,
      body: InvoiceProfileBodySchema,
      response: { 200: z.object({ data: InvoiceProfileSchema }) },
    },
    handler: async (request) => ({
      data: await saveInvoiceProfile(deps.db, caller(request).userId, request.body),
    }),
  });
};

const invoiceListSpec = {
  filters: {
    kind: { column: invoices.kind, type: 'enum', ops: ['eq', 'in'] },
    letter: { column: invoices.letter, type: 'enum', ops: ['eq', 'in'] },
    insurance_id: { column: invoices.insuranceId, type: 'integer', ops: ['eq', 'in'] },
    issued_at: { column: invoices.issuedAt, type: 'timestamp', ops: ['gte', 'lte'] },
  },
  sorts: { issued_at: invoices.issuedAt, id: invoices.id, total: invoices.totalCents },
  defaultSort: [desc(invoices.issuedAt), desc(invoices.id)],
} satisfies ListSpec;

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['invoices'];

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: listQuerySchema(invoiceListSpec),
        response: { 200: z.object({ data: z.array(InvoiceSchema), meta: PageMetaSchema }) },
      },
    },
    async (request) => {
      const q = parseListQuery(request.query, invoiceListSpec);
      const { rows, total } = await listInvoices(deps.db, {
        userId: caller(request).userId,
        where: q.where,
        orderBy: q.orderBy,
        limit: q.perPage,
        offset: q.offset,
      });
      return { data: rows, meta: pageMeta(q, total) };
    },
  );

  app.get(
    '/:id',
    { schema: { tags, security, params: Id, response: { 200: z.object({ data: InvoiceSchema }) } } },
    async (request) => ({ data: await findInvoice(deps.db, caller(request).userId, request.params.id) }),
  );

  app.get('/:id/pdf', { schema: { tags, security, params: Id } }, async (request, reply) => {
    const { pdf, filename } = await renderInvoicePdf(deps.db, {
      userId: caller(request).userId,
      invoiceId: request.params.id,
    });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
};
