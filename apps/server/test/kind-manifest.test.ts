import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { menuOpensKind } from '@srm/contracts/document/actions';
import { kindSides, servicePath } from '@srm/contracts/document/define';
import { kernelDefinitionOf } from '@srm/contracts/document/registry';
import { KIND_MANIFEST, type KindEntry } from '@srm/contracts/kinds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_KINDS, type ServerKindEntry } from '../src/kinds.ts';
import { menu } from '../src/modules/menu/tables.ts';
import { allKinds, kindOfRoute } from '../src/platform/document/registry.ts';
import type { RegisteredRoute } from '../src/platform/http.ts';
import { KERNEL_KINDS } from './generated/kernel-kinds.ts';
import { createTestServer, type TestServer } from './helpers.ts';

/**
 * The server's manifest of kinds cannot drift (issue #34): the app it builds registers exactly the manifest's
 * kernel kinds, every route under a kind's service path is a manifest kind's, every manifest kind has
 * routes, and the generated suites run over the same kinds.
 */
const ENTRIES = KIND_MANIFEST as readonly KindEntry[];
const SERVER = SERVER_KINDS as Record<string, ServerKindEntry>;
const kernelCodes = ENTRIES.filter((e) => e.standing === 'kernel').map((e) => e.code);

let server: TestServer;
let routes: RegisteredRoute[];

beforeAll(async () => {
  server = await createTestServer();
  routes = server.app.routeRegistry.filter((r) => r.url.startsWith('/apis/') && r.method !== 'HEAD');
});
afterAll(async () => {
  await server?.close();
});

describe('the server manifest of kinds', () => {
  it('has an entry for every kind of the contracts manifest, and no other', () => {
    expect(Object.keys(SERVER).sort()).toEqual(ENTRIES.map((e) => e.code).sort());
    for (const entry of ENTRIES)
      expect([entry.code, SERVER[entry.code]?.kind?.def.kind ?? null]).toEqual([
        entry.code,
        entry.standing === 'kernel' ? entry.code : null,
      ]);
  });

  it('registers exactly the manifest’s kernel kinds, and the generated suites run over the same', () => {
    expect(
      allKinds()
        .map((kind) => kind.def.kind)
        .sort(),
    ).toEqual([...kernelCodes].sort());
    expect(KERNEL_KINDS.map((kind) => kind.def.kind).sort()).toEqual([...kernelCodes].sort());
  });

  it('gives every kernel kind its calls on each of its sides', () => {
    for (const kind of KERNEL_KINDS)
      for (const side of kindSides(kind.def)) {
        const base = `${servicePath(kind.def, side)}/`;
        expect(
          routes.some((r) => r.url.startsWith(base)),
          `${kind.def.kind}: no route under ${base}`,
        ).toBe(true);
      }
  });

  it('names a manifest kind for every route under a kind’s service path', () => {
    const named = routes.map((r) => kindOfRoute(r.url)).filter((k): k is string => Boolean(k));
    expect(named.length).toBeGreaterThan(0);
    for (const kind of new Set(named)) expect(kernelCodes).toContain(kind);
  });

  it('registers the own routes of every kind off the kernel', () => {
    for (const entry of ENTRIES.filter((e) => e.standing === 'off')) {
      const paths = SERVER[entry.code]?.paths ?? [];
      expect(paths.length, entry.code).toBeGreaterThan(0);
      for (const path of paths) {
        expect(path.startsWith(`/apis/${entry.apiModule}/`), `${entry.code}: ${path}`).toBe(true);
        expect(
          routes.some((r) => r.url.startsWith(path)),
          `${entry.code}: no route under ${path}`,
        ).toBe(true);
      }
    }
  });

  it('opens every kind from a menu entry of the demo seed (the role upgrade grants a kind by its menu)', async () => {
    const urls = (await server.database.db.select({ appUrl: menu.appUrl }).from(menu)).map((m) => m.appUrl);
    for (const entry of ENTRIES) {
      const def = kernelDefinitionOf(entry.code);
      const opens = def
        ? urls.some((url) => menuOpensKind(def, url))
        : urls.some((url) => url.startsWith(`/${entry.webApp}/#/`));
      expect(opens, `${entry.code}: no menu entry opens it`).toBe(true);
    }
  });

  it('names, for every kind off the kernel, an ADR that exists', () => {
    for (const entry of ENTRIES.filter((e) => e.standing === 'off'))
      expect(existsSync(resolve(import.meta.dirname, '../../..', entry.offKernel ?? '-')), entry.code).toBe(
        true,
      );
  });
});
