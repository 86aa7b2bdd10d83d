import { envelopeSchema } from '@srm/contracts/envelope';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { mayReadAttachment, storeUploadedFile } from '../../platform/attachment-store.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type App, type AppDeps, type AuthContext, ok, requireAuth, zod } from '../../platform/http.ts';
import { attachment } from '../../platform/tables.ts';
import { assertKeyReadsFile } from '../api-key/service.ts';
import { sessionForToken } from '../auth/service.ts';

const attachmentSchema = z.object({
  id: z.string(),
  filePath: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  isPublic: z.enum(['Y', 'N']),
});

/** Upload and download of files (spec 000 §7 ElsAttachmentService). */
export function registerAttachmentRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);

  /**
   * POST /apis/ElsAttachmentService/upload — multipart/form-data with one `file` field.
   * Query { kind?: 'image' (JPG or PNG only, for login-page pictures) | 'document', isPublic?: 'Y' | 'N'
   * (public files download without a token; buyer admins only), businessType?, businessId? }.
   * The type is recognised from the bytes (PNG, JPEG, PDF, XLSX); size ≤ UPLOAD_MAX_MB (10 MB).
   * data { id, filePath, fileName, contentType, size (bytes), isPublic }.
   */
  r.post(
    '/apis/ElsAttachmentService/upload',
    {
      schema: {
        tags: ['attachment'],
        summary: 'Upload a file',
        querystring: z.object({
          kind: z.enum(['image', 'document']).default('document'),
          isPublic: z.enum(['Y', 'N']).default('N'),
          businessType: z.string().max(64).optional(),
          businessId: z.string().max(64).optional(),
        }),
        response: { 200: envelopeSchema(attachmentSchema) },
      },
    },
    async (request) => {
      const auth = requireAuth(request.auth);
      if (request.query.isPublic === 'Y' && (auth.station !== 'purchase' || auth.permission !== 'admin'))
        throw new AppError('403', 'forbidden');
      const row = await storeUploadedFile(deps, request, auth, {
        kind: request.query.kind,
        isPublic: request.query.isPublic,
        businessType: request.query.businessType ?? null,
        businessId: request.query.businessId ?? null,
      });
      return ok({
        id: row.id,
        filePath: row.filePath,
        fileName: row.fileName,
        contentType: row.contentType,
        size: row.size,
        isPublic: row.isPublic,
      });
    },
  );

  /**
   * GET /apis/ElsAttachmentService/downloadFileByPortal?filePath= (spec 000 §7) — the file's bytes.
   * Public files (login-page pictures) need no token. A file attached to a document needs a caller the
   * kind's reader admits (platform/document/attachments.ts, issue #19): a user of either party who may
   * open the document's detail on its side — the kind's `{kind}.read` action (company admins hold every
   * action) and, on the buyer side, the user's data permissions — the uploader's colleagues included.
   * Any other non-public file needs a token of the owning company.
   * The token must name a live session (signature, expiry and the session not revoked, as on every other
   * call). Anything else — unknown path, another company's file, a logged-out token, a user lacking the
   * read action or outside their data permissions — is '404', one answer for all (no oracle).
   * Machines send an API key (`x-api-key`, issue #18) instead of the token: the key acts as its sub-account
   * under the same rules (the document's party, the `{kind}.read` action, data permissions; else '404'),
   * and its scopes must grant read access to the file's document kind — '403' apiKeyScopeDenied naming the
   * kind, or '403' apiKeyFileNotDocument for a file of its own company that belongs to no document; a dead
   * key is '401', over its rate limit '429'; each call is recorded with the key's uses.
   */
  r.get(
    '/apis/ElsAttachmentService/downloadFileByPortal',
    {
      config: { public: true, keyAuth: true },
      schema: {
        tags: ['attachment'],
        summary: 'Download a file by its path',
        description:
          'Public files need no credentials. Other files: a token (header or cookie) of a user who may read the ' +
          'file’s document, or an API key (`x-api-key`) of such a sub-account whose scopes grant read on the ' +
          'document’s kind (403 otherwise; files of no document are not open to keys). Anything else is 404.',
        querystring: z.object({ filePath: z.string().min(1).max(300) }),
        response: { 200: z.any() },
      },
    },
    async (request, reply) => {
      const [row] = await deps.db
        .select()
        .from(attachment)
        .where(eq(attachment.filePath, request.query.filePath))
        .limit(1);
      if (!row) throw notFound();
      if (row.isPublic !== 'Y' && request.auth?.apiKeyId) {
        // An API key (authenticated by app.ts, `keyAuth`): what its sub-account may read, then its scopes.
        const keyAuth = request.auth;
        if (!(await mayReadAttachment(deps.db, row, keyAuth))) throw notFound();
        assertKeyReadsFile(keyAuth.apiKeyScopes ?? [], row.businessType);
      } else if (row.isPublic !== 'Y') {
        const header = request.headers.token;
        const token = typeof header === 'string' && header ? header : request.cookies?.token;
        // The live session, as every other call checks it (issue #18): a logged-out token downloads nothing.
        const found = token ? await sessionForToken(deps, token) : null;
        // The caller as every other call sees it: roles and data permissions decide too (issue #19).
        const auth: AuthContext | null = found && {
          subaccountId: found.session.subaccountId,
          sessionId: found.claims.sid,
          elsAccount: found.session.elsAccount,
          elsSubAccount: found.session.elsSubAccount,
          station: found.session.station,
          permission: found.session.permission,
          dataScope: found.session.dataScope,
        };
        if (!auth || !(await mayReadAttachment(deps.db, row, auth))) throw notFound();
      }
      const stream = await deps.files.open(row.filePath);
      if (!stream) throw notFound();
      const inline = row.contentType.startsWith('image/') || row.contentType === 'application/pdf';
      reply
        .header('content-type', row.contentType)
        .header('content-length', String(row.size))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', row.isPublic === 'Y' ? 'public, max-age=3600' : 'private, no-store')
        .header(
          'content-disposition',
          `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
        );
      return reply.send(stream);
    },
  );
}
