import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { Db } from './db.ts';
import { fileChunk } from './tables.ts';

/**
 * Where attachment bytes live: an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Alibaba OSS in S3 mode …)
 * when S3_BUCKET is set; else on PostgreSQL the database itself (`createDatabaseFileStore`: every server
 * process serves every upload, issue #18); on PGlite (one process owns the data) a folder under DATA_DIR.
 */
export type FileStore = {
  put(filePath: string, bytes: Buffer): Promise<void>;
  open(filePath: string): Promise<Readable | null>;
  /** Removes a file's bytes; a file that is not there is not an error. */
  remove(filePath: string): Promise<void>;
  kind: string;
};

/** A file store in a local folder; paths are relative and may not climb out of the folder. */
export function createLocalFileStore(root: string): FileStore {
  const base = resolve(root);
  const locate = (filePath: string) => {
    const full = resolve(base, filePath);
    if (!full.startsWith(base + sep)) throw new Error('path escapes the file store');
    return full;
  };
  return {
    kind: 'local',
    async put(filePath, bytes) {
      const full = locate(filePath);
      await mkdir(dirname(full), { recursive: true });
      await writeFile(full, bytes, { flag: 'wx' });
    },
    async open(filePath) {
      const full = locate(filePath);
      const info = await stat(full).catch(() => null);
      return info?.isFile() ? createReadStream(full) : null;
    },
    async remove(filePath) {
      await rm(locate(filePath), { force: true });
    },
  };
}

/**
 * A file store in an S3-compatible bucket (@aws-sdk/client-s3). `endpoint` for non-AWS stores (path-style
 * addressing); credentials from the options or the SDK's usual environment chain.
 */
export async function createS3FileStore(options: {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  prefix?: string;
}): Promise<FileStore> {
  const { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } = await import(
    '@aws-sdk/client-s3'
  );
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  });
  const key = (filePath: string) => `${options.prefix ?? ''}${filePath}`;
  return {
    kind: 's3',
    async put(filePath, bytes) {
      await client.send(new PutObjectCommand({ Bucket: options.bucket, Key: key(filePath), Body: bytes }));
    },
    async open(filePath) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: key(filePath) }));
        return (res.Body as Readable | undefined) ?? null;
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async remove(filePath) {
      // S3 answers success for a key that is not there.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: key(filePath) }));
    },
  };
}

/** Bytes per stored chunk: a download holds at most one chunk in memory at a time. */
export const FILE_CHUNK_BYTES = 1024 * 1024;

/**
 * A file store in the database (table `file_chunk`, chunks of FILE_CHUNK_BYTES) for PostgreSQL without S3:
 * every server process reads what any of them stored. `put` writes all chunks in one transaction (a path
 * already stored fails, as the folder store's exclusive create does); `open` streams chunk by chunk, one
 * query per chunk; `remove` deletes the chunks. `legacy` (the folder store of an installation that kept
 * files on disk before) still serves and removes files stored there.
 */
export function createDatabaseFileStore(db: Db, legacy?: FileStore): FileStore {
  const chunk = async (filePath: string, seq: number) =>
    (
      await db
        .select({ data: fileChunk.data })
        .from(fileChunk)
        .where(and(eq(fileChunk.filePath, filePath), eq(fileChunk.seq, seq)))
    )[0]?.data;
  return {
    kind: 'database',
    async put(filePath, bytes) {
      await db.transaction(async (tx) => {
        let seq = 0;
        for (let start = 0; start < bytes.length || seq === 0; start += FILE_CHUNK_BYTES, seq++)
          await tx
            .insert(fileChunk)
            .values({ filePath, seq, data: bytes.subarray(start, start + FILE_CHUNK_BYTES) });
      });
    },
    async open(filePath) {
      const first = await chunk(filePath, 0);
      if (!first) return legacy ? legacy.open(filePath) : null;
      return Readable.from(
        (async function* () {
          yield first;
          for (let seq = 1; ; seq++) {
            const next = await chunk(filePath, seq);
            if (!next) return;
            yield next;
          }
        })(),
      );
    },
    async remove(filePath) {
      await db.delete(fileChunk).where(eq(fileChunk.filePath, filePath));
      await legacy?.remove(filePath);
    },
  };
}
