/**
 * Claims ('Reclamos'): a customer files one on a risk of an in-force insurance, with photos and PDFs
 * uploaded first; operators move it through the statuses of DOMAIN.md (checkClaimTransition in
 * contracts is the one rule) with a message, and `pagado` credits the approved amount to the customer's
 * money wallet in the same transaction, exactly once. Every status change and every operator message
 * notifies the customer. Customers only ever see their own claims and attachments (404 otherwise).
 */
import {
  type ChangeClaimStatusBody,
  CLAIM_ATTACHMENT_MAX_BYTES,
  CLAIM_ATTACHMENT_TYPES,
  CLAIM_MAX_ATTACHMENTS,
  CLAIM_STATUS_LABELS,
  type ClaimDetail,
  type ClaimStatus,
  type CreateClaimBody,
  checkClaimTransition,
  checkIncidentDate,
  claimRiskLabel,
  formatArs,
  isClaimClosed,
  type OperatorClaimDetail,
  RISK_TYPES,
  type RiskTypeCode,
  todayInArgentina,
} from '@cubierto/contracts';
import { and, asc, count, desc, eq, inArray, is, isNull, type SQL, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  claimAttachments,
  claimEvents,
  claimMessages,
  claims,
  coverages,
  files,
  insuranceRisks,
  insurances,
  policies,
  riskTypes,
  users,
} from '../../db/schema/index.ts';
import { AppError, validationError } from '../../lib/errors.ts';
import { requestHash, runKeyedRequest } from '../../lib/idempotency-key.ts';
import type { ImageLimits } from '../../lib/images.ts';
import { type AsJson, jsonObject } from '../../lib/json-rows.ts';
import { readKept } from '../../lib/kept-files.ts';
import {
  type ListQuery,
  type ListSpec,
  pageMeta,
  parseListQuery,
  type RawQuery,
} from '../../lib/list-query.ts';
import { preparedPerDatabase } from '../../lib/prepared.ts';
import { inspectUpload, type Storage } from '../../lib/storage.ts';
import { notify } from '../notifications/notify.ts';
import { type AuditContext, recordAudit } from '../operators/audit.ts';
import { postMovement } from '../wallets/service.ts';

type ClaimRow = typeof claims.$inferSelect;

/** What a customer reads as the claim's number: short, stable, derived from its id. */
export const claimNumber = (id: number) => `R-${String(id).padStart(6, '0')}`;

const notFound = () => new AppError('not_found', { message: 'El reclamo no existe.' });

// ——— Attachments ———

/** Keeps the customer's name for showing, never as a path, with the extension of what the bytes are. */
export function attachmentName(given: string | undefined, extension: string): string {
  const stem = (given ?? '')
    .split(/[\\/]/)
    .pop()!
    // Control characters and the ones file systems refuse.
    .replace(/[\p{Cc}"<>|:*?]/gu, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 100);
  return `${stem || 'archivo'}.${extension}`;
}

/**
 * A photo or PDF for a claim not yet filed: checked by its bytes and size, owned by the uploader. A photo
 * is stored re-encoded without metadata (lib/images.ts); a PDF as it came.
 */
export async function storeClaimAttachment(
  deps: { db: Db; storage: Storage; images?: ImageLimits },
  input: { userId: number; data: unknown; name?: string | undefined },
) {
  const data = input.data;
  if (!Buffer.isBuffer(data)) throw validationError({ file: ['Adjuntá una foto o un PDF.'] });
  const checked = await inspectUpload(data, {
    allowed: CLAIM_ATTACHMENT_TYPES,
    maxBytes: CLAIM_ATTACHMENT_MAX_BYTES,
    field: 'file',
    kind: 'claims',
    invalidMessage: 'El archivo debe ser una foto (JPG, PNG o WEBP) o un PDF.',
    images: deps.images,
  });
  await deps.storage.put(checked.key, checked.data, checked.contentType);
  const row = await deps.db.transaction(async (tx) => {
    const [file] = await tx
      .insert(files)
      .values({
        ownerUserId: input.userId,
        kind: 'claim_attachment',
        contentType: checked.contentType,
        sizeBytes: checked.data.length,
        storageKey: checked.key,
      })
      .returning();
    const [attachment] = await tx
      .insert(claimAttachments)
      .values({ userId: input.userId, fileId: file!.id, name: attachmentName(input.name, checked.extension) })
      .returning();
    return { attachment: attachment!, file: file! };
  });
  return attachmentOut(row);
}

function attachmentOut(row: {
  attachment: typeof claimAttachments.$inferSelect;
  file: typeof files.$inferSelect;
}) {
  return {
    id: row.attachment.id,
    name: row.attachment.name,
    content_type: row.file.contentType,
    size_bytes: row.file.sizeBytes,
    created_at: row.attachment.createdAt.toISOString(),
  };
}

/** What serving an attachment needs: its name, and its file's key and type. */
function attachmentFileQuery(db: Db) {
  return db
    .select({ name: claimAttachments.name, storageKey: files.storageKey, contentType: files.contentType })
    .from(claimAttachments)
    .innerJoin(files, eq(files.id, claimAttachments.fileId));
}

/** The customer's own attachment by id, prepared (lib/prepared.ts): the claim form shows each photo. */
const preparedOwnAttachment = preparedPerDatabase((db: Db) =>
  attachmentFileQuery(db)
    .where(
      and(
        eq(claimAttachments.id, sql.placeholder('attachmentId')),
        eq(claimAttachments.userId, sql.placeholder('userId')),
      ),
    )
    .prepare('claim_attachments_own_by_id'),
);

/** An attachment's bytes: the customer's own (filed or not), or any filed one for an operator. */
export async function readClaimAttachment(
  deps: { db: Db; storage: Storage },
  input: { attachmentId: number } & ({ userId: number } | { claimId: number }),
) {
  const [row] =
    'userId' in input
      ? await preparedOwnAttachment(deps.db).execute({
          attachmentId: input.attachmentId,
          userId: input.userId,
        })
      : await attachmentFileQuery(deps.db).where(
          and(eq(claimAttachments.id, input.attachmentId), eq(claimAttachments.claimId, input.claimId)),
        );
  if (!row) throw new AppError('not_found', { message: 'El archivo no existe.' });
  const data = await readKept(deps.storage, row.storageKey);
  if (!data) throw new AppError('not_found', { message: 'El archivo no existe.' });
  return { data, contentType: row.contentType, name: row.name };
}

// ——— Reading ———

function claimBaseQuery(db: DbOrTx) {
  return db
    .select({
      claim: claims,
      insuranceNumber: insurances.number,
      code: riskTypes.shortCode,
      riskData: insuranceRisks.data,
      customer: { id: users.id, name: users.name, email: users.email },
    })
    .from(claims)
    .innerJoin(insurances, eq(insurances.id, claims.insuranceId))
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .innerJoin(insuranceRisks, eq(insuranceRisks.id, claims.riskId))
    .innerJoin(users, eq(users.id, claims.userId));
}

type ClaimJoined = Awaited<ReturnType<ReturnType<typeof claimBaseQuery>['execute']>>[number];

function riskTypeName(code: string): string {
  return RISK_TYPES[code as RiskTypeCode]?.name ?? code;
}

/** The columns of a claim its answer shows (claimOut), and no other. */
const shownClaimColumns = {
  id: claims.id,
  status: claims.status,
  insuranceId: claims.insuranceId,
  riskId: claims.riskId,
  incidentDate: claims.incidentDate,
  description: claims.description,
  place: claims.place,
  approvedAmountCents: claims.approvedAmountCents,
  paidAt: claims.paidAt,
  createdAt: claims.createdAt,
  updatedAt: claims.updatedAt,
};
type ShownClaim = Pick<ClaimRow, keyof typeof shownClaimColumns>;
/** What claimOut reads: the claim's shown columns and what it is told of its insurance and risk. */
type ClaimOutRow = Pick<ClaimJoined, 'insuranceNumber' | 'code' | 'riskData'> & { claim: ShownClaim };

export function claimOut(row: ClaimOutRow) {
  const c = row.claim;
  const typeName = riskTypeName(row.code);
  return {
    id: c.id,
    number: claimNumber(c.id),
    status: c.status,
    status_label: CLAIM_STATUS_LABELS[c.status],
    insurance: { id: c.insuranceId, number: row.insuranceNumber, risk_type_name: typeName },
    risk: { id: c.riskId, label: claimRiskLabel(typeName, row.riskData) },
    incident_date: c.incidentDate,
    description: c.description,
    place: c.place,
    approved_amount_cents: c.approvedAmountCents,
    approved_amount_nice: c.approvedAmountCents === null ? null : formatArs(c.approvedAmountCents),
    paid_at: c.paidAt?.toISOString() ?? null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

/** Operators also see whose claim it is. */
function operatorClaimOut(row: ClaimJoined) {
  return { ...claimOut(row), customer: row.customer };
}

/** GET /customers/claims: its filters and sorts (lib/list-query.ts). */
export const claimListSpec = {
  filters: {
    status: { column: claims.status, type: 'enum', ops: ['eq', 'in'] },
    insurance_id: { column: claims.insuranceId, type: 'integer', ops: ['eq'] },
    incident_date: { column: claims.incidentDate, type: 'date', ops: ['gte', 'lte', 'eq'] },
    created_at: { column: claims.createdAt, type: 'timestamp', ops: ['gte', 'lte'] },
  },
  sorts: {
    created_at: claims.createdAt,
    updated_at: claims.updatedAt,
    incident_date: claims.incidentDate,
    id: claims.id,
  },
} satisfies ListSpec;

/** GET /admin/claims: the customer's filters, and whose. */
export const operatorClaimListSpec = {
  ...claimListSpec,
  filters: {
    ...claimListSpec.filters,
    user_id: { column: claims.userId, type: 'integer', ops: ['eq'] },
    email: { column: users.email, type: 'text', ops: ['eq', 'like'] },
  },
} satisfies ListSpec;

type ListInput = { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number };

async function selectClaims(db: DbOrTx, where: SQL | undefined, input: ListInput) {
  const rows = await claimBaseQuery(db)
    .where(where)
    .orderBy(...(input.orderBy.length ? input.orderBy : [desc(claims.createdAt), desc(claims.id)]))
    .limit(input.limit)
    .offset(input.offset);
  // A page that is not full tells the total by itself (a customer's claims: one statement, not two).
  if (rows.length < input.limit && (rows.length > 0 || input.offset === 0)) {
    return { rows, total: input.offset + rows.length };
  }
  return { rows, total: await countClaims(db, where) };
}

async function countClaims(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(claims)
    .innerJoin(users, eq(users.id, claims.userId))
    .where(where);
  return total?.n ?? 0;
}

function pageInput(q: ListQuery): ListInput {
  return { where: q.where, orderBy: q.orderBy, limit: q.perPage, offset: q.offset };
}

/** A row of the customer's page as the database hands it over: one JSON value (lib/json-rows.ts). */
type ClaimPageJson = Omit<ClaimOutRow, 'claim'> & { claim: AsJson<ShownClaim> };

/**
 * The claims page as the web asks for it (no filter, newest first), prepared (lib/prepared.ts): only the
 * columns the customer's answer shows (not the whole claim, not whose it is: it is the caller's), each row
 * one JSON value built by the database, so the drivers decode one value per row, not some twenty.
 */
const preparedLatestClaims = preparedPerDatabase((db: Db) =>
  db
    .select({
      row: jsonObject<ClaimPageJson>({
        claim: jsonObject(shownClaimColumns),
        insuranceNumber: insurances.number,
        code: riskTypes.shortCode,
        riskData: insuranceRisks.data,
      }),
    })
    .from(claims)
    .innerJoin(insurances, eq(insurances.id, claims.insuranceId))
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .innerJoin(insuranceRisks, eq(insuranceRisks.id, claims.riskId))
    .where(eq(claims.userId, sql.placeholder('userId')))
    .orderBy(desc(claims.createdAt), desc(claims.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('claims_latest'),
);

/** A row of the prepared page, its moments as dates again (what claimOut reads). */
function claimPageRow({ row }: { row: ClaimPageJson }): ClaimOutRow {
  const { paidAt, createdAt, updatedAt } = row.claim;
  return {
    ...row,
    claim: {
      ...row.claim,
      paidAt: paidAt === null ? null : new Date(paidAt),
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
    },
  };
}

/** No filter, and no sort or `-created_at` (the parser adds the id's tie-break, as the default order has). */
function newestFirstUnfiltered(query: RawQuery): boolean {
  const sort = Array.isArray(query.sort_by) ? query.sort_by.at(-1) : query.sort_by;
  return (
    [undefined, '', '-created_at', '-created_at,-id'].includes(sort) &&
    !Object.keys(query).some((name) => name.startsWith('filter['))
  );
}

/** The customer's own claims, a page at a time (claimListSpec's query). */
export async function listClaims(deps: { db: DbOrTx }, input: { userId: number; query: RawQuery }) {
  const q = parseListQuery(input.query, claimListSpec);
  const where = and(eq(claims.userId, input.userId), q.where);
  if (newestFirstUnfiltered(input.query) && !is(deps.db, PgTransaction)) {
    const rows = await preparedLatestClaims(deps.db).execute({
      userId: input.userId,
      limit: q.perPage,
      offset: q.offset,
    });
    // A page that is not full tells the total by itself.
    const full = !(rows.length < q.perPage && (rows.length > 0 || q.offset === 0));
    const total = full ? await countClaims(deps.db, where) : q.offset + rows.length;
    return { data: rows.map((row) => claimOut(claimPageRow(row))), meta: pageMeta(q, total) };
  }
  const { rows, total } = await selectClaims(deps.db, where, pageInput(q));
  return { data: rows.map(claimOut), meta: pageMeta(q, total) };
}

/** Every claim, for operators (operatorClaimListSpec's query). */
export async function listAllClaims(deps: { db: DbOrTx }, input: { query: RawQuery }) {
  const q = parseListQuery(input.query, operatorClaimListSpec);
  const { rows, total } = await selectClaims(deps.db, q.where, pageInput(q));
  return { data: rows.map(operatorClaimOut), meta: pageMeta(q, total) };
}

async function claimDetail(db: DbOrTx, claimId: number) {
  const [events, messages, attachments] = await Promise.all([
    db.select().from(claimEvents).where(eq(claimEvents.claimId, claimId)).orderBy(asc(claimEvents.id)),
    db.select().from(claimMessages).where(eq(claimMessages.claimId, claimId)).orderBy(asc(claimMessages.id)),
    db
      .select({ attachment: claimAttachments, file: files })
      .from(claimAttachments)
      .innerJoin(files, eq(files.id, claimAttachments.fileId))
      .where(eq(claimAttachments.claimId, claimId))
      .orderBy(asc(claimAttachments.id)),
  ]);
  return {
    events: events.map((e) => ({
      id: e.id,
      status: e.status,
      status_label: CLAIM_STATUS_LABELS[e.status],
      message: e.message,
      created_at: e.createdAt.toISOString(),
    })),
    messages: messages.map((m) => ({
      id: m.id,
      author: m.author,
      body: m.body,
      created_at: m.createdAt.toISOString(),
    })),
    attachments: attachments.map(attachmentOut),
  };
}

/** One of the customer's claims with its timeline, messages and attachments (404 if not theirs). */
export async function findClaim(
  deps: { db: DbOrTx },
  input: { claimId: number; userId: number },
): Promise<ClaimDetail> {
  const { db } = deps;
  const [row] = await claimBaseQuery(db).where(
    and(eq(claims.id, input.claimId), eq(claims.userId, input.userId)),
  );
  if (!row) throw notFound();
  return { ...claimOut(row), ...(await claimDetail(db, row.claim.id)) };
}

/** Any claim, for operators, with whose it is. */
export async function findClaimForOperator(
  deps: { db: DbOrTx },
  input: { claimId: number },
): Promise<OperatorClaimDetail> {
  const { db } = deps;
  const [row] = await claimBaseQuery(db).where(eq(claims.id, input.claimId));
  if (!row) throw notFound();
  return { ...operatorClaimOut(row), ...(await claimDetail(db, row.claim.id)) };
}

/**
 * The caller's in-force insurances with their risks, in one prepared statement (issue 22: two before, and
 * the join planned on every request).
 */
const preparedClaimable = preparedPerDatabase((db: Db) =>
  db
    .select({
      id: insurances.id,
      number: insurances.number,
      startsOn: insurances.startsOn,
      endsOn: insurances.endsOn,
      code: riskTypes.shortCode,
      coverageName: coverages.publicName,
      risks: sql<{ id: number; data: Record<string, unknown> }[]>`(select coalesce(
          json_agg(json_build_object('id', ${insuranceRisks.id}, 'data', ${insuranceRisks.data})
            order by ${insuranceRisks.id}), '[]'::json)
        from ${insuranceRisks} where ${insuranceRisks.insuranceId} = ${insurances.id})`,
    })
    .from(insurances)
    .innerJoin(policies, eq(policies.id, insurances.policyId))
    .innerJoin(riskTypes, eq(riskTypes.id, policies.riskTypeId))
    .innerJoin(coverages, eq(coverages.id, insurances.coverageId))
    .where(and(eq(insurances.userId, sql.placeholder('userId')), eq(insurances.status, 'vigente')))
    .orderBy(desc(insurances.createdAt), desc(insurances.id))
    .prepare('claims_claimable_insurances'),
);

/** The caller's in-force insurances that have cover dates, each with its risks: what a claim is filed on. */
export async function claimableInsurances(deps: { db: Db }, input: { userId: number }) {
  const rows = await preparedClaimable(deps.db).execute({ userId: input.userId });
  return rows
    .filter((r) => r.startsOn && r.endsOn)
    .map((r) => {
      const typeName = riskTypeName(r.code);
      return {
        id: r.id,
        number: r.number,
        risk_type_name: typeName,
        coverage_name: r.coverageName,
        starts_on: r.startsOn!,
        ends_on: r.endsOn!,
        risks: r.risks.map((k) => ({ id: k.id, label: claimRiskLabel(typeName, k.data) })),
      };
    });
}

// ——— Filing ———

const STATUS_NOTICE: Record<
  ClaimStatus,
  { title: string; body: (number: string, claim: ClaimRow) => string }
> = {
  recibido: {
    title: 'Recibimos tu reclamo',
    body: (n) => `Tu reclamo ${n} quedó registrado. Te avisamos cada novedad.`,
  },
  en_revision: {
    title: 'Tu reclamo está en revisión',
    body: (n) => `Estamos analizando el reclamo ${n}. Si necesitamos algo más, te escribimos.`,
  },
  aprobado: {
    title: 'Tu reclamo fue aprobado',
    body: (n, c) =>
      `Aprobamos el reclamo ${n} por ${formatArs(c.approvedAmountCents ?? 0)}. Te avisamos cuando lo acreditemos.`,
  },
  rechazado: {
    title: 'Tu reclamo fue rechazado',
    body: (n) => `El reclamo ${n} fue rechazado. Revisá el motivo en el detalle del reclamo.`,
  },
  pagado: {
    title: 'Pagamos tu reclamo',
    body: (n, c) => `Acreditamos ${formatArs(c.approvedAmountCents ?? 0)} en Mi dinero por el reclamo ${n}.`,
  },
};

async function notifyStatus(tx: DbOrTx, claim: ClaimRow) {
  const notice = STATUS_NOTICE[claim.status];
  await notify(tx, {
    userId: claim.userId,
    title: notice.title,
    body: notice.body(claimNumber(claim.id), claim),
    action: { type: 'Claim', claimId: claim.id },
    key: `claim:${claim.id}:${claim.status}`,
  });
}

/**
 * Files a claim in one transaction: the insurance must be the caller's and in force, the risk one of
 * its risks, the date within its cover, the attachments the caller's and not yet used. The filing is a
 * keyed request (lib/idempotency-key.ts): a retry with the same Idempotency-Key and body answers the
 * claim already filed (created: false) or the refusal the first one got; another body with it is a 409.
 */
export async function fileClaim(
  deps: { db: Db },
  input: { userId: number; body: CreateClaimBody; idempotencyKey: string; now?: Date },
): Promise<{ created: boolean; claim: ClaimDetail }> {
  const { claimId, created } = await fileClaimOnce(deps.db, input);
  return { created, claim: await findClaim(deps, { claimId, userId: input.userId }) };
}

async function fileClaimOnce(
  db: Db,
  input: { userId: number; body: CreateClaimBody; idempotencyKey: string; now?: Date },
): Promise<{ claimId: number; created: boolean }> {
  const { body, userId } = input;
  const attachmentIds = [...new Set(body.attachment_ids ?? [])].sort((a, b) => a - b);
  const hash = requestHash({ ...body, attachment_ids: attachmentIds });
  const { resourceId, created } = await runKeyedRequest(
    db,
    { userId, scope: 'claim', key: input.idempotencyKey, hash },
    async (tx) => {
      const [insurance] = await tx
        .select()
        .from(insurances)
        .where(and(eq(insurances.id, body.insurance_id), eq(insurances.userId, userId)));
      if (!insurance) throw validationError({ insurance_id: ['La contratación no existe.'] });
      if (insurance.status !== 'vigente')
        throw validationError({
          insurance_id: ['Solo podés hacer un reclamo sobre una contratación vigente.'],
        });
      const [risk] = await tx
        .select({ id: insuranceRisks.id })
        .from(insuranceRisks)
        .where(and(eq(insuranceRisks.id, body.risk_id), eq(insuranceRisks.insuranceId, insurance.id)));
      if (!risk)
        throw validationError({ risk_id: ['Elegí un bien o persona asegurada de esta contratación.'] });
      const dateProblem =
        insurance.startsOn && insurance.endsOn
          ? checkIncidentDate(
              body.incident_date,
              { startsOn: insurance.startsOn, endsOn: insurance.endsOn },
              todayInArgentina(input.now),
            )
          : 'Esta contratación no tiene fechas de cobertura.';
      if (dateProblem) throw validationError({ incident_date: [dateProblem] });
      const [claim] = await tx
        .insert(claims)
        .values({
          userId,
          entityId: insurance.takerEntityId,
          insuranceId: insurance.id,
          riskId: risk.id,
          incidentDate: body.incident_date,
          description: body.description,
          place: body.place,
          idempotencyKey: input.idempotencyKey,
        })
        .onConflictDoNothing()
        .returning();
      // Filed with this key by an instance that did not record keyed requests yet (a rolling deploy).
      if (!claim) return (await claimByKey(tx, userId, input.idempotencyKey))!;
      await takeOwnAttachments(tx, userId, attachmentIds, claim.id);
      await tx.insert(claimEvents).values({ claimId: claim.id, status: 'recibido', actor: 'customer' });
      await notifyStatus(tx, claim);
      return claim.id;
    },
  );
  return { claimId: resourceId, created };
}

async function claimByKey(db: DbOrTx, userId: number, key: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.userId, userId), eq(claims.idempotencyKey, key)));
  return row?.id;
}

/**
 * Attaches more of the caller's uploaded files to their claim while it is open, up to the limit per
 * claim; one transaction, the files locked so two requests cannot take the same one.
 */
export async function attachClaimFiles(
  deps: { db: Db },
  input: { userId: number; claimId: number; attachmentIds: number[] },
): Promise<ClaimDetail> {
  const { db } = deps;
  const ids = [...new Set(input.attachmentIds)];
  await db.transaction(async (tx) => {
    const [claim] = await tx
      .select()
      .from(claims)
      .where(and(eq(claims.id, input.claimId), eq(claims.userId, input.userId)))
      .for('update');
    if (!claim) throw notFound();
    if (isClaimClosed(claim.status))
      throw new AppError('claim_closed', {
        message: 'Este reclamo está cerrado: ya no se le pueden agregar archivos.',
        validations: { attachment_ids: ['Este reclamo está cerrado: ya no se le pueden agregar archivos.'] },
      });
    const [attached] = await tx
      .select({ n: count() })
      .from(claimAttachments)
      .where(eq(claimAttachments.claimId, claim.id));
    if ((attached?.n ?? 0) + ids.length > CLAIM_MAX_ATTACHMENTS)
      throw validationError({
        attachment_ids: [`Un reclamo admite hasta ${CLAIM_MAX_ATTACHMENTS} archivos.`],
      });
    await takeOwnAttachments(tx, input.userId, ids, claim.id);
  });
  return findClaim(deps, { claimId: input.claimId, userId: input.userId });
}

/** Attaches the caller's not-yet-used uploads to the claim, or a 422 on the field if any is not one. */
async function takeOwnAttachments(tx: DbOrTx, userId: number, ids: number[], claimId: number) {
  if (!ids.length) return;
  const own = await tx
    .select({ id: claimAttachments.id })
    .from(claimAttachments)
    .where(
      and(
        inArray(claimAttachments.id, ids),
        eq(claimAttachments.userId, userId),
        isNull(claimAttachments.claimId),
      ),
    )
    .for('update');
  if (own.length !== ids.length)
    throw validationError({ attachment_ids: ['No encontramos alguno de los archivos. Subilo de nuevo.'] });
  await tx.update(claimAttachments).set({ claimId }).where(inArray(claimAttachments.id, ids));
}

// ——— Messages ———

export async function postCustomerMessage(
  deps: { db: Db },
  input: { userId: number; claimId: number; body: string },
): Promise<ClaimDetail> {
  const { db } = deps;
  const [claim] = await db
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.id, input.claimId), eq(claims.userId, input.userId)));
  if (!claim) throw notFound();
  await db.insert(claimMessages).values({ claimId: claim.id, author: 'customer', body: input.body });
  return findClaim(deps, { claimId: input.claimId, userId: input.userId });
}

export async function postOperatorMessage(
  deps: { db: Db },
  input: { claimId: number; body: string; audit: AuditContext },
): Promise<OperatorClaimDetail> {
  await deps.db.transaction(async (tx) => {
    const [claim] = await tx.select().from(claims).where(eq(claims.id, input.claimId));
    if (!claim) throw notFound();
    const actor = input.audit.actor;
    const [message] = await tx
      .insert(claimMessages)
      .values({
        claimId: claim.id,
        author: 'operator',
        operatorId: actor.kind === 'operator' ? actor.operatorId : null,
        body: input.body,
      })
      .returning();
    await notify(tx, {
      userId: claim.userId,
      title: 'Tenés un mensaje sobre tu reclamo',
      body: `Te escribimos sobre el reclamo ${claimNumber(claim.id)}: ${excerpt(input.body)}`,
      action: { type: 'Claim', claimId: claim.id },
      key: `claim:${claim.id}:message:${message!.id}`,
    });
    await recordAudit(tx, input.audit, {
      action: 'claim.message',
      targetType: 'claim',
      targetId: claim.id,
      after: { message_id: message!.id },
    });
  });
  return findClaimForOperator(deps, { claimId: input.claimId });
}

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat;
}

// ——— Status changes ———

type ClaimStatusChange = {
  claimId: number;
  body: ChangeClaimStatusBody;
  idempotencyKey: string | undefined;
  audit: AuditContext;
  now?: Date;
};

/**
 * An operator moves a claim (one transaction, the claim row locked first so concurrent changes queue):
 * the transition must be allowed by checkClaimTransition; `aprobado` records the amount; `pagado`
 * credits it to the money wallet as a 'claim_payout' movement. A retry with the same Idempotency-Key
 * answers the claim as it is (changed: false); without one, a second `pagado` is refused as a conflict,
 * and the unique (claim, status) index of the history is the last guard: a claim is never paid twice.
 */
export async function changeClaimStatus(
  deps: { db: Db },
  input: ClaimStatusChange,
): Promise<OperatorClaimDetail> {
  await moveClaim(deps.db, input);
  return findClaimForOperator(deps, { claimId: input.claimId });
}

async function moveClaim(db: Db, input: ClaimStatusChange): Promise<{ changed: boolean }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [claim] = await tx.select().from(claims).where(eq(claims.id, input.claimId)).for('update');
    if (!claim) throw notFound();
    if (input.idempotencyKey) {
      const [done] = await tx
        .select({ id: claimEvents.id })
        .from(claimEvents)
        .where(and(eq(claimEvents.claimId, claim.id), eq(claimEvents.idempotencyKey, input.idempotencyKey)));
      if (done) return { changed: false };
    }
    const { status, message, approved_amount_cents: amount } = input.body;
    const problem = checkClaimTransition(claim.status, { to: status, message, amountCents: amount ?? null });
    if (problem) {
      if (problem.field === 'status')
        throw new AppError('claim_transition_refused', {
          message: problem.message,
          validations: { status: [problem.message] },
        });
      throw validationError({ [problem.field]: [problem.message] });
    }

    const actor = input.audit.actor;
    await tx.insert(claimEvents).values({
      claimId: claim.id,
      status,
      message: message?.trim() || null,
      actor: actor.kind,
      operatorId: actor.kind === 'operator' ? actor.operatorId : null,
      idempotencyKey: input.idempotencyKey ?? null,
    });
    const changes: Partial<ClaimRow> = { status, updatedAt: now };
    if (status === 'aprobado') changes.approvedAmountCents = amount!;
    if (status === 'pagado') {
      const movement = await postMovement(tx, {
        userId: claim.userId,
        kind: 'money',
        amountCents: claim.approvedAmountCents!,
        movement: 'claim_payout',
        description: `Pago del reclamo ${claimNumber(claim.id)}`,
        insuranceId: claim.insuranceId,
      });
      changes.payoutMovementId = movement.id;
      changes.paidAt = now;
    }
    const [updated] = await tx.update(claims).set(changes).where(eq(claims.id, claim.id)).returning();
    await notifyStatus(tx, updated!);
    await recordAudit(tx, input.audit, {
      action: 'claim.status',
      targetType: 'claim',
      targetId: claim.id,
      before: { status: claim.status },
      after: {
        status,
        ...(updated!.approvedAmountCents !== null
          ? { approved_amount_cents: updated!.approvedAmountCents }
          : {}),
        ...(changes.payoutMovementId ? { wallet_movement_id: changes.payoutMovementId } : {}),
      },
    });
    return { changed: true };
  });
}
