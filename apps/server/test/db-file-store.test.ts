// @postgres: database-url — the database file store that DATABASE_URL without S3 selects, read back by a second store
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDatabaseFileStore,
  createLocalFileStore,
  FILE_CHUNK_BYTES,
} from '../src/platform/file-store.ts';
import { createTestServer, type TestServer } from './helpers.ts';

/**
 * Uploads kept in the database (issue #18: on PostgreSQL without S3 every server process must serve every
 * upload): bytes go in 1 MiB chunks and come back as a stream, identical; a second store on the same
 * database (another process) reads them; a path is stored once; files an installation kept on disk before
 * are still served and removed through the legacy folder.
 */
let server: TestServer;
let folder: string;
beforeAll(async () => {
  server = await createTestServer();
  folder = mkdtempSync(join(tmpdir(), 'srm-legacy-'));
});
afterAll(async () => {
  await server?.close();
  rmSync(folder, { recursive: true, force: true });
});

async function bytesOf(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

describe('database file store', () => {
  it('stores a file in chunks and streams the same bytes back, to any process', async () => {
    const store = createDatabaseFileStore(server.database.db);
    const other = createDatabaseFileStore(server.database.db);
    const bytes = randomBytes(Math.floor(2.5 * FILE_CHUNK_BYTES));
    await store.put('100000/202611/a.pdf', bytes);
    const chunks = await server.database.db.execute(
      "select count(*)::int as n from file_chunk where file_path = '100000/202611/a.pdf'",
    );
    expect((chunks as unknown as { rows: Array<{ n: number }> }).rows[0].n).toBe(3);
    expect((await bytesOf(await other.open('100000/202611/a.pdf')))?.equals(bytes)).toBe(true);
    // A path is stored once.
    await expect(store.put('100000/202611/a.pdf', Buffer.from('x'))).rejects.toThrow();
    expect((await bytesOf(await store.open('100000/202611/a.pdf')))?.equals(bytes)).toBe(true);
    await other.remove('100000/202611/a.pdf');
    expect(await store.open('100000/202611/a.pdf')).toBeNull();
  });

  it('keeps a one-byte file and serves files stored on disk before', async () => {
    const legacy = createLocalFileStore(folder);
    await legacy.put('100000/202501/old.png', Buffer.from('old bytes'));
    const store = createDatabaseFileStore(server.database.db, legacy);
    await store.put('200001/202611/tiny.txt', Buffer.from('y'));
    expect((await bytesOf(await store.open('200001/202611/tiny.txt')))?.toString()).toBe('y');
    expect((await bytesOf(await store.open('100000/202501/old.png')))?.toString()).toBe('old bytes');
    await store.remove('100000/202501/old.png');
    expect(await legacy.open('100000/202501/old.png')).toBeNull();
    expect(await store.open('nobody/none.bin')).toBeNull();
  });
});
