import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../src/platform/inline-scripts.ts';
import { createTestServer, type TestServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('security headers', () => {
  it('are on every API answer, errors and unknown routes too: the short set for JSON', async () => {
    for (const url of ['/apis/ElsAuthService/clientConfig', '/apis/user/getMenu', '/apis/nothing/here']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBeUndefined();
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
  });

  it('give pages and unknown non-API paths the full page policy', async () => {
    for (const url of ['/portal/', '/nothing/here']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toContain("script-src 'self'");
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it("give the web apps' scripts and styles only no-sniff and the resource policy (issue #12)", async () => {
    for (const url of ['/assets/nothing-Ab12Cd34.js', '/assets/nothing-Ab12Cd34.css']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(res.headers['content-security-policy'], url).toBeUndefined();
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    // Anything else under /assets (a picture, a font) keeps the page policy.
    const other = await server.app.inject({ method: 'GET', url: '/assets/nothing.svg' });
    expect(other.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('let the API documentation keep its own policy', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/apis/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain('validator.swagger.io');
  });

  it("allow the built pages' inline boot script by its hash, and no other inline script (issue #12)", () => {
    const dist = mkdtempSync(join(tmpdir(), 'srm-dist-'));
    mkdirSync(join(dist, 'portal'));
    mkdirSync(join(dist, 'assets'));
    const boot = "\n      (function () { document.documentElement.className += ' boot-shell'; })();\n    ";
    writeFileSync(
      join(dist, 'portal/index.html'),
      `<html><head><script>${boot}</script><script type="module" src="/assets/portal-x.js"></script></head></html>`,
    );
    const hash = `'sha256-${createHash('sha256').update(boot).digest('base64')}'`;
    expect(inlineScriptHashes(dist)).toEqual([hash]);
    expect(inlineScriptHashes(join(dist, 'nothing'))).toEqual([]);
  });

  it("name the boot script's hash in the pages' policy", async () => {
    const dist = mkdtempSync(join(tmpdir(), 'srm-dist-'));
    mkdirSync(join(dist, 'portal'));
    writeFileSync(
      join(dist, 'portal/index.html'),
      '<html><head><script>boot()</script></head><body></body></html>',
    );
    const withPage = await createTestServer({ WEB_DIST: dist });
    try {
      const res = await withPage.app.inject({ method: 'GET', url: '/portal/' });
      expect(res.statusCode).toBe(200);
      const hash = createHash('sha256').update('boot()').digest('base64');
      expect(res.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
    } finally {
      await withPage.close();
    }
  });
});
