import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where attachment bytes live: a folder under DATA_DIR by default, or an S3-compatible bucket
 * (AWS S3, MinIO, Ceph RGW, Alibaba OSS in S3 mode …) when S3_BUCKET is set.
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
