import { createHash, randomUUID } from 'node:crypto';
import { envelopeSchema } from '@srm/contracts/envelope';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { type App, type AppDeps, ok, requireAuth, zod } from '../../platform/http.ts';
import { attachment } from '../system/tables.ts';

/** Types the server accepts, recognised by their first bytes (the declared type is not trusted). */
const SIGNATURES: Array<{ type: string; ext: string; test: (b: Buffer) => boolean }> = [
  {
    type: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'application/pdf', ext: 'pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ext: 'xlsx',
    test: (b) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04,
  },
];
const IMAGE_TYPES = ['image/png', 'image/jpeg'];

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
  const maxBytes = deps.config.UPLOAD_MAX_MB * 1024 * 1024;

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
      if (!request.isMultipart()) throw badRequest('uploadNotMultipart');
      if (request.query.isPublic === 'Y' && (auth.station !== 'purchase' || auth.permission !== 'admin'))
        throw new AppError('403', 'forbidden');
      let part: Awaited<ReturnType<typeof request.file>>;
      try {
        part = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 10 } });
      } catch {
        throw badRequest('uploadNotMultipart');
      }
      if (part?.fieldname !== 'file') throw badRequest('uploadMissingFile');
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch {
        throw badRequest('uploadTooLarge', { max: deps.config.UPLOAD_MAX_MB });
      }
      if (bytes.length === 0) throw badRequest('uploadMissingFile');
      const signature = SIGNATURES.find((s) => s.test(bytes));
      const allowed = request.query.kind === 'image' ? IMAGE_TYPES : SIGNATURES.map((s) => s.type);
      if (!signature || !allowed.includes(signature.type))
        throw badRequest(request.query.kind === 'image' ? 'uploadImageOnly' : 'uploadTypeNotAllowed');
      const now = new Date();
      const filePath = `${auth.elsAccount}/${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}.${signature.ext}`;
      await deps.files.put(filePath, bytes);
      const fileName = Array.from(part.filename || `file.${signature.ext}`, (c) =>
        c === '/' || c === '\\' || c.charCodeAt(0) < 32 ? '_' : c,
      )
        .join('')
        .slice(0, 200);
      const [row] = await deps.db
        .insert(attachment)
        .values({
          elsAccount: auth.elsAccount,
          filePath,
          fileName,
          contentType: signature.type,
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          isPublic: request.query.isPublic,
          businessType: request.query.businessType ?? null,
          businessId: request.query.businessId ?? null,
          createUser: `${auth.elsAccount}_${auth.elsSubAccount}`,
        })
        .returning();
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
   * Public files (login-page pictures) need no token; others need a token of the owning company.
   * Anything else — unknown path, another company's file — is '404'.
   */
  r.get(
    '/apis/ElsAttachmentService/downloadFileByPortal',
    {
      config: { public: true },
      schema: {
        tags: ['attachment'],
        summary: 'Download a file by its path',
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
      if (row.isPublic !== 'Y') {
        const header = request.headers.token;
        const token = typeof header === 'string' && header ? header : request.cookies?.token;
        const claims = token ? deps.tokens.verify(token) : null;
        if (!claims || claims.elsAccount !== row.elsAccount) throw notFound();
        const [owner] = await deps.db
          .select({ id: attachment.id })
          .from(attachment)
          .where(and(eq(attachment.id, row.id), eq(attachment.elsAccount, claims.elsAccount)));
        if (!owner) throw notFound();
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
