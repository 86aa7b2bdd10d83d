import multipart from '@fastify/multipart';
import { kindAction } from '@srm/contracts/document/actions';
import { kindSides, type Side, servicePath } from '@srm/contracts/document/define';
import { envelopeSchema } from '@srm/contracts/envelope';
import { and, asc, eq, or } from 'drizzle-orm';
import { z } from 'zod';
import { type AttachmentRow, registerAttachmentReader, storeUploadedFile } from '../attachment-store.ts';
import { recordAudit } from '../audit-trail.ts';
import type { Queryable } from '../db.ts';
import { forbidden, notFound } from '../errors.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../http.ts';
import { port } from '../ports.ts';
import { attachment } from '../tables.ts';
import { type DocRow, type DocumentKind, userKey } from './kind.ts';
import { rememberKind } from './registry.ts';

/**
 * Attachments of every document kind (issue #12; spec 000 §7 ElsAttachmentService): files either party of
 * a document attaches to it. A file is an `attachment` row with businessType = the kind's code and
 * businessId = the document's id; its elsAccount is the uploading company, which says the side that
 * attached it (the document's elsAccount: the buyer, its toElsAccount: the supplier).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const idParams = z.object({ id: z.uuid() });

/** One attachment as the routes answer it. */
export const documentAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  /** Bytes. */
  size: z.number(),
  /** The path the download route takes (`/apis/ElsAttachmentService/downloadFileByPortal?filePath=`). */
  filePath: z.string(),
  /** The uploading company and its side of the document. */
  elsAccount: z.string(),
  side: z.enum(['purchase', 'sale']),
  /** `{elsAccount}_{elsSubAccount}` of the uploader. */
  createUser: z.string(),
  /** ISO-8601 UTC. */
  createDate: z.string(),
  /** The caller's company uploaded it (only then may it delete it). */
  mine: z.boolean(),
});
export type DocumentAttachment = z.infer<typeof documentAttachmentSchema>;

/** Whether an account is one of the document's two parties. */
const partyOf = (row: DocRow, account: string) => row.elsAccount === account || row.toElsAccount === account;

function toAnswer(row: AttachmentRow, doc: DocRow, caller: string): DocumentAttachment {
  return {
    id: row.id,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.size,
    filePath: row.filePath,
    elsAccount: row.elsAccount,
    side: row.elsAccount === doc.elsAccount ? 'purchase' : 'sale',
    createUser: row.createUser,
    createDate: row.createDate.toISOString(),
    mine: row.elsAccount === caller,
  };
}

/** The attachments of a document that its parties attached, oldest first. */
async function attachmentsOf(deps: AppDeps, kind: DocumentKind, doc: DocRow) {
  const rows = await deps.db
    .select()
    .from(attachment)
    .where(
      and(
        eq(attachment.businessType, kind.def.kind),
        eq(attachment.businessId, doc.id),
        or(eq(attachment.elsAccount, doc.elsAccount), eq(attachment.elsAccount, doc.toElsAccount)),
      ),
    )
    .orderBy(asc(attachment.createDate), asc(attachment.id));
  return rows;
}

/**
 * Lets users of both parties of a kind's documents download their files (the download route asks it) under
 * the rules of the caller's side's findDetail (issue #19): the caller's station must be a side of the kind,
 * the caller must hold the kind's `{kind}.read` action (company admins hold every action), and the document
 * must be in the side's scope (visibility of the definition, the supplier's linked buyers) and, on the
 * buyer side, within the caller's data permissions (`kind.scopeFor`); the file's uploader must be a party
 * of that document. The uploading company's own users pass the same checks. Answers false, never throws.
 */
function registerReader(kind: DocumentKind) {
  registerAttachmentReader(kind.def.kind, async (db, auth, businessId, uploader) => {
    if (!UUID.test(businessId)) return false;
    const side = auth.station;
    if (!kindSides(kind.def).includes(side)) return false;
    if (!(await port('permissions').holdsAction(db, auth, kindAction(kind.def, 'read')))) return false;
    const [doc] = (await db
      .select()
      .from(kind.header)
      .where(and(eq(kind.header.id, businessId), kind.scopeFor(auth, side)))) as DocRow[];
    return !!doc && partyOf(doc, uploader);
  });
}

/**
 * Registers a kind's attachment calls for one side (issue #12, spec 000 §7 ElsAttachmentService), under
 * `/apis/{module}/{Purchase|Sale}{Service}Service`:
 * - `GET attachments/{id}` — data [{ id, fileName, contentType, size (bytes), filePath, elsAccount (the
 *   uploading company), side ('purchase' buyer | 'sale' supplier), createUser, createDate (ISO-8601 UTC),
 *   mine }], oldest first;
 * - `POST attachments/{id}` — multipart/form-data with one `file` field (PNG, JPEG, PDF or XLSX recognised
 *   from the bytes, ≤ UPLOAD_MAX_MB); data: the new attachment as listed; one audit-trail row 'attach';
 * - `POST deleteAttachment/{id}` — body { attachmentId }: removes a file the caller's company attached;
 *   data null; one audit-trail row 'deleteAttachment'.
 * The list declares the function permission `{kind}.read`, upload and removal `{kind}.attach` (issue #19).
 * Download with the attachment's filePath through `ElsAttachmentService/downloadFileByPortal`: users of
 * both parties who may read the document's detail (its `{kind}.read` action and, for buyers, their data
 * permissions) may read its files; anyone else gets the download's '404'.
 * Errors: '404' when the document is not the caller's side's or not visible to it (the same answer as
 * findDetail), or no such attachment on it; '403' deleting the other party's file or an action the
 * caller's roles do not grant; '400' for an upload that
 * is not multipart, has no file, is too large or of a type not allowed. No answer names an id sent.
 */
export function registerDocumentAttachments(app: App, deps: AppDeps, kind: DocumentKind, side: Side): void {
  const r = zod(app);
  const { def } = kind;
  const base = servicePath(def, side);
  const who = side === 'purchase' ? 'buyer' : 'supplier';
  const tags = [def.kind];
  const title = def.title.en;
  registerReader(kind);
  // Modules keyed by kind (custom field labels) find the kind's documents through the registry.
  rememberKind(kind);

  const audit = (db: Queryable, doc: DocRow, caller: string, action: string, fileName: string) =>
    recordAudit(db, {
      elsAccount: doc.elsAccount,
      documentKind: def.kind,
      documentId: doc.id,
      action,
      // No status moves: the trail shows the action and the file's name.
      fromStatus: null,
      toStatus: null,
      remark: fileName,
      createUser: caller,
    });

  r.get(
    `${base}/attachments/:id`,
    {
      config: { action: kindAction(def, 'read') },
      schema: {
        tags,
        summary: `Files attached to a ${title} by either party (${who} side)`,
        params: idParams,
        response: { 200: envelopeSchema(z.array(documentAttachmentSchema)) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const doc = await kind.find(deps.db, auth, side, request.params.id);
      const rows = await attachmentsOf(deps, kind, doc);
      return ok(rows.map((row) => toAnswer(row, doc, auth.elsAccount)));
    },
  );

  r.post(
    `${base}/deleteAttachment/:id`,
    {
      config: { action: kindAction(def, 'attach') },
      schema: {
        tags,
        summary: `Remove a file the caller's company attached to a ${title} (${who} side)`,
        params: idParams,
        body: z.object({ attachmentId: z.uuid() }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      const doc = await kind.find(deps.db, auth, side, request.params.id);
      const [row] = await deps.db
        .select()
        .from(attachment)
        .where(
          and(
            eq(attachment.id, request.body.attachmentId),
            eq(attachment.businessType, def.kind),
            eq(attachment.businessId, doc.id),
          ),
        );
      if (!row || !partyOf(doc, row.elsAccount)) throw notFound();
      if (row.elsAccount !== auth.elsAccount) throw forbidden();
      // The row and its audit row in one transaction; then the bytes (a failure there leaves bytes no
      // route can reach, since downloads read a path through its row, and is logged).
      await deps.db.transaction(async (tx) => {
        await tx
          .delete(attachment)
          .where(and(eq(attachment.id, row.id), eq(attachment.elsAccount, auth.elsAccount)));
        await audit(tx, doc, userKey(auth), 'deleteAttachment', row.fileName);
      });
      await deps.files
        .remove(row.filePath)
        .catch((error) => request.log.warn({ err: error }, 'attachment bytes not removed'));
      return ok(null);
    },
  );

  // The upload takes multipart bodies: the parser and its hooks stay in this context, around this route.
  app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: deps.config.UPLOAD_MAX_MB * 1024 * 1024, files: 1 },
    });
    zod(uploads).post(
      `${base}/attachments/:id`,
      {
        config: { action: kindAction(def, 'attach') },
        schema: {
          tags,
          summary: `Attach a file (multipart field file: PNG, JPEG, PDF or XLSX) to a ${title} (${who} side)`,
          consumes: ['multipart/form-data'],
          params: idParams,
          response: { 200: envelopeSchema(documentAttachmentSchema) },
        },
      },
      async (request) => {
        const auth = requireAuth(request.auth);
        const doc = await kind.find(deps.db, auth, side, request.params.id);
        const row = await storeUploadedFile(deps, request, auth, {
          kind: 'document',
          isPublic: 'N',
          businessType: def.kind,
          businessId: doc.id,
        });
        await audit(deps.db, doc, userKey(auth), 'attach', row.fileName);
        return ok(toAnswer(row, doc, auth.elsAccount));
      },
    );
  });
}
