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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '../../lib/file-answer.ts';
import { listQuerySchema, pageOfRows } from '../../lib/list-query.ts';
import { formPut } from '../../lib/method-override.ts';
import { caller } from '../../lib/request-context.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { invoiceListSpec } from './queries.ts';
import { findInvoice, findInvoiceProfile, listInvoices, saveInvoiceProfile } from './service.ts';

const security = [{ bearer: [] }];
const Id = z.object({ id: z.coerce.number().int().positive() });

export const invoiceProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const tags = ['invoices'];

  app.get(
    '/',
    {
      schema: { tags, security, response: { 200: z.object({ data: InvoiceProfileSchema.nullable() }) } },
      // Kept beside the profile (customers/profile-cache.ts): 'user:<id>' is notified when the invoice
      // profile changes (migration 0027), 'all' when a province is renamed (migration 0016).
      config: {
        readCache: { cache: deps.profiles, tags: (_answer, userId) => [`user:${userId}`], query: () => ({}) },
      },
    },
    async (request) => ({ data: await findInvoiceProfile(deps, { userId: caller(request).userId }) }),
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
      data: await saveInvoiceProfile(deps, { userId: caller(request).userId, body: request.body }),
    }),
  });
};

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
    async (request) =>
      pageOfRows(request.query, invoiceListSpec, (query) =>
        listInvoices(deps, { userId: caller(request).userId, query }),
      ),
  );

  app.get(
    '/:id',
    { schema: { tags, security, params: Id, response: { 200: z.object({ data: InvoiceSchema }) } } },
    async (request) => ({
      data: await findInvoice(deps, { userId: caller(request).userId, invoiceId: request.params.id }),
    }),
  );

  app.get(
    '/:id/pdf',
    {
      schema: {
        tags,
        security,
        params: Id,
        response: {
          200: fileAnswer(
            'application/pdf',
            'The invoice or credit note once ARCA authorised it (Content-Disposition names the file); before, 409 invoice_not_authorised.',
          ),
        },
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await renderInvoicePdf(deps, {
        userId: caller(request).userId,
        invoiceId: request.params.id,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
