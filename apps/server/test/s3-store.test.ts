import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from './helpers.ts';

/**
 * The S3 file store against a real S3-compatible server (s3rver, an S3 API implementation on local
 * disk): uploads land in the bucket, downloads stream back, and nothing is written to DATA_DIR/files.
 */
const PORT = 45_000 + Math.floor(Math.random() * 1000);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
let s3: { run(): Promise<unknown>; close(): Promise<unknown> };
let s3Dir: string;
let server: TestServer;

beforeAll(async () => {
  s3Dir = mkdtempSync(join(tmpdir(), 'srm-s3-'));
  s3 = new S3rver({
    port: PORT,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'srm-files' }],
  });
  await s3.run();
  server = await createTestServer({
    S3_BUCKET: 'srm-files',
    S3_ENDPOINT: `http://127.0.0.1:${PORT}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PREFIX: 'attachments/',
  });
});
afterAll(async () => {
  await server?.close();
  await s3?.close();
  rmSync(s3Dir, { recursive: true, force: true });
});

describe('S3-compatible file store', () => {
  it('stores uploads in the bucket and serves them back', async () => {
    const admin = await login(server, '100000', 'admin');
    const boundary = '----srms3';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAttachmentService/upload?kind=image&isPublic=Y',
      headers: { ...admin.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(up.json().code).toBe('200');
    const { filePath } = up.json().data;
    const direct = await fetch(`http://127.0.0.1:${PORT}/srm-files/attachments/${filePath}`);
    expect(direct.status).toBe(200);
    expect(Buffer.from(await direct.arrayBuffer()).equals(PNG)).toBe(true);
    const down = await server.app.inject({
      method: 'GET',
      url: `/apis/ElsAttachmentService/downloadFileByPortal?filePath=${encodeURIComponent(filePath)}`,
    });
    expect(down.statusCode).toBe(200);
    expect(down.rawPayload.equals(PNG)).toBe(true);
    expect(existsSync(join(server.config.DATA_DIR, 'files'))).toBe(false);
  });
});
