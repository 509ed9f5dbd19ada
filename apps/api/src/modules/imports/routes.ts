/**
 * /customers/imports ('Mis importaciones de seguros'): the sample CSV of a coverage, uploading a CSV (the
 * file itself as the request body, up to 10 MB, read by content whatever its declared type), the report
 * row by row, confirming (issues and pays from Mi crédito) and the result CSV. Only imports of entities
 * the caller acts for exist for them.
 */
import {
  dataOf,
  IMPORT_MAX_BYTES,
  ImportRowSchema,
  ImportSampleQuerySchema,
  ImportSchema,
  ImportUploadQuerySchema,
  pageOf,
} from '@cubierto/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileAnswer } from '../../lib/file-answer.ts';
import { listQuerySchema, pageOfRows } from '../../lib/list-query.ts';
import { sendMultiStatus } from '../../lib/multi-status.ts';
import { caller } from '../../lib/request-context.ts';
import { requireCreditWalletMode } from '../payments/credit-wallet-mode.ts';
import { fileError } from './csv.ts';
import { importListSpec, importRowListSpec } from './queries.ts';
import {
  confirmImport,
  createImport,
  findImport,
  importResultCsv,
  importSample,
  listImportRows,
  listImports,
} from './service.ts';

const tags = ['imports'];
const security = [{ bearer: [] }];
const Id = z.object({ id: z.coerce.number().int().positive() });
const ImportAnswer = dataOf(ImportSchema);
/** A file whose rows partly failed (spec §7's 207): the import and the status, also in the body. */
const PartlyValid = z.object({
  data: z.object({ import: ImportSchema }),
  status: z.literal(207),
});

/** Spreadsheets and browsers label a CSV in many ways; the content decides, not the label. */
const CSV_TYPES = [
  'text/csv',
  'application/csv',
  'application/vnd.ms-excel',
  'text/plain',
  'application/octet-stream',
];

/** Who asks for which import: the caller and the path's id. */
function theirImport(request: FastifyRequest & { params: { id: number } }) {
  return { userId: caller(request).userId, importId: request.params.id };
}

/** A CSV to download (the sample, the report), named in both Content-Disposition forms. */
function sendCsv(reply: FastifyReply, file: { filename: string; csv: string }) {
  const { filename, csv } = file;
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${filename}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
    )
    .send(Buffer.from(csv, 'utf8'));
}

export const importRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const applicationId = deps.config.applicationId;
  // Imports are paid from Mi crédito: they exist only in credit wallet mode (spec §2 side menu).
  app.addHook('onRequest', requireCreditWalletMode);

  app.addContentTypeParser(
    CSV_TYPES,
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
  // Over the limit the body is never read: say so in the words of a file, not of a request.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      throw fileError('El archivo supera los 10 MB.', 'payload_too_large');
    throw error;
  });

  app.get(
    '/sample',
    {
      schema: {
        tags,
        security,
        querystring: ImportSampleQuerySchema,
        response: {
          200: fileAnswer('text/csv', "The coverage's sample CSV: its columns and one example row."),
        },
      },
    },
    async (request, reply) => {
      const sample = await importSample(deps, { coverageId: request.query.coverage_id, applicationId });
      return sendCsv(reply, sample);
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        description:
          'The CSV file as the request body (text/csv), at most 10 MB and 20,000 rows. 201 (200 when the same ' +
          'file was uploaded before) with the import when every row is valid or none is; 207 with ' +
          '`{ data: { import }, status: 207 }` when some rows are valid and others have errors.',
        consumes: CSV_TYPES,
        querystring: ImportUploadQuerySchema,
        body: z.unknown(),
        response: { 200: ImportAnswer, 201: ImportAnswer, 207: PartlyValid },
      },
    },
    async (request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw fileError('Adjuntá el archivo CSV.');
      const result = await createImport(deps, {
        userId: caller(request).userId,
        entityId: request.query.entity_id,
        coverageId: request.query.coverage_id,
        fileName: request.query.file_name || 'importacion.csv',
        bytes: request.body,
        applicationId,
      });
      const { valid_count: valid, invalid_count: invalid } = result.import;
      // Partly imported: the valid rows can be issued, the others need fixing (spec §7: 207).
      if (valid > 0 && invalid > 0) return sendMultiStatus(reply, { import: result.import });
      return reply.status(result.created ? 201 : 200).send({ data: result.import });
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: listQuerySchema(importListSpec),
        response: { 200: pageOf(ImportSchema) },
      },
    },
    async (request) =>
      pageOfRows(request.query, importListSpec, (q) =>
        listImports(deps, { userId: caller(request).userId, limit: q.perPage, offset: q.offset }),
      ),
  );

  /** One of the caller's imports, by the path's id, answered as it is now. */
  const oneImport = { schema: { tags, security, params: Id, response: { 200: ImportAnswer } } };
  app.get('/:id', oneImport, async (request) => ({ data: await findImport(deps, theirImport(request)) }));

  app.get(
    '/:id/rows',
    {
      schema: {
        tags,
        security,
        params: Id,
        querystring: listQuerySchema(importRowListSpec),
        response: { 200: pageOf(ImportRowSchema) },
      },
    },
    async (request) =>
      pageOfRows(request.query, importRowListSpec, (q) =>
        listImportRows(deps, { ...theirImport(request), where: q.where, limit: q.perPage, offset: q.offset }),
      ),
  );

  app.post('/:id/confirm', oneImport, async (request) => ({
    data: await confirmImport(deps, theirImport(request)),
  }));

  app.get(
    '/:id/result',
    {
      schema: {
        tags,
        security,
        params: Id,
        response: {
          200: fileAnswer(
            'text/csv',
            "The import's report as a CSV: each row's status, insurance or errors.",
          ),
        },
      },
    },
    async (request, reply) => {
      const result = await importResultCsv(deps, {
        userId: caller(request).userId,
        importId: request.params.id,
      });
      return sendCsv(reply, result);
    },
  );
};
