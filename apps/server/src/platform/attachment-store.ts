import { createHash, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { companyPeriod } from './clock.ts';
import type { Queryable } from './db.ts';
import { badRequest } from './errors.ts';
import type { AppDeps, AuthContext } from './http.ts';
import { attachment } from './tables.ts';

/**
 * Storing uploaded files (spec 000 §7 ElsAttachmentService), shared by the generic upload route and the
 * document kernel's attachments (issue #12): one multipart `file`, its type recognised from its bytes, its
 * bytes in the file store, one `attachment` row.
 */

/** Types the server accepts, recognised by their first bytes (the declared type is not trusted). */
export const SIGNATURES: Array<{ type: string; ext: string; test: (b: Buffer) => boolean }> = [
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
export const IMAGE_TYPES = ['image/png', 'image/jpeg'];

export type AttachmentRow = typeof attachment.$inferSelect;

/** What the stored row records besides the file: public or not, and the business object it belongs to. */
export type StoreOptions = {
  /** 'image': JPG or PNG only; 'document': every accepted type. */
  kind: 'image' | 'document';
  isPublic: 'Y' | 'N';
  businessType: string | null;
  businessId: string | null;
};

/**
 * The one `file` part of a multipart upload: its bytes and the name the client gave it (may be empty).
 * '400': not multipart (uploadNotMultipart), no `file` field or an empty file (uploadMissingFile), larger
 * than `maxMb` MiB (uploadTooLarge). Shared by the attachment store and the kernel's Excel import.
 */
export async function readUploadedPart(
  request: FastifyRequest,
  maxMb: number,
): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw badRequest('uploadNotMultipart');
  let part: Awaited<ReturnType<typeof request.file>>;
  try {
    part = await request.file({ limits: { fileSize: maxMb * 1024 * 1024, files: 1, fields: 10 } });
  } catch {
    throw badRequest('uploadNotMultipart');
  }
  if (part?.fieldname !== 'file') throw badRequest('uploadMissingFile');
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch {
    throw badRequest('uploadTooLarge', { max: maxMb });
  }
  if (bytes.length === 0) throw badRequest('uploadMissingFile');
  return { bytes, filename: part.filename };
}

/**
 * Reads the request's one multipart `file` field, checks it and stores it for the caller's company.
 * '400': not multipart (uploadNotMultipart), no `file` field or an empty file (uploadMissingFile), larger
 * than UPLOAD_MAX_MB (uploadTooLarge), a type not recognised from the bytes (uploadTypeNotAllowed, or
 * uploadImageOnly for images). Answers the new attachment row (size in bytes).
 */
export async function storeUploadedFile(
  deps: Pick<AppDeps, 'config' | 'db' | 'files'>,
  request: FastifyRequest,
  auth: AuthContext,
  options: StoreOptions,
  db: Queryable = deps.db,
): Promise<AttachmentRow> {
  const { bytes, filename } = await readUploadedPart(request, deps.config.UPLOAD_MAX_MB);
  const signature = SIGNATURES.find((s) => s.test(bytes));
  const allowed = options.kind === 'image' ? IMAGE_TYPES : SIGNATURES.map((s) => s.type);
  if (!signature || !allowed.includes(signature.type))
    throw badRequest(options.kind === 'image' ? 'uploadImageOnly' : 'uploadTypeNotAllowed');
  const filePath = `${auth.elsAccount}/${await companyPeriod(db, auth.elsAccount)}/${randomUUID()}.${signature.ext}`;
  await deps.files.put(filePath, bytes);
  const fileName = Array.from(filename || `file.${signature.ext}`, (c) =>
    c === '/' || c === '\\' || c.charCodeAt(0) < 32 ? '_' : c,
  )
    .join('')
    .slice(0, 200);
  const [row] = await db
    .insert(attachment)
    .values({
      elsAccount: auth.elsAccount,
      filePath,
      fileName,
      contentType: signature.type,
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      isPublic: options.isPublic,
      businessType: options.businessType,
      businessId: options.businessId,
      createUser: `${auth.elsAccount}_${auth.elsSubAccount}`,
    })
    .returning();
  return row;
}

/**
 * Who may download a business object's files: per business type, a check whether the caller (`auth`: its
 * company, station, roles and data permissions) may read the files `uploader` attached to `businessId` —
 * for a document kind, the same rules as the caller's side's findDetail plus the kind's `{kind}.read`
 * action (platform/document/attachments.ts). A reader decides for the uploading company's own users too.
 * Without a reader only the uploading company downloads a non-public file.
 */
export type AttachmentReader = (
  db: Queryable,
  auth: AuthContext,
  businessId: string,
  uploader: string,
) => Promise<boolean>;

const readers = new Map<string, AttachmentReader>();

/** Registers the reader of a business type (the document kernel registers each kind's). */
export function registerAttachmentReader(businessType: string, reader: AttachmentReader): void {
  readers.set(businessType, reader);
}

/**
 * Whether the caller may download a non-public attachment (issue #19): a file of a business object with a
 * reader as the reader allows (function and data permissions included, for the uploader's company as for
 * the other party); any other file only by its own company.
 */
export async function mayReadAttachment(
  db: Queryable,
  row: Pick<AttachmentRow, 'elsAccount' | 'businessType' | 'businessId'>,
  auth: AuthContext,
): Promise<boolean> {
  const reader = row.businessType ? readers.get(row.businessType) : undefined;
  if (reader && row.businessId) return reader(db, auth, row.businessId, row.elsAccount);
  return row.elsAccount === auth.elsAccount;
}
