import { kernelDefinitionOf } from '@srm/contracts/document/registry';
import { KIND_MANIFEST, type KindEntry } from '@srm/contracts/kinds';
import { describe, expect, it } from 'vitest';
import { kindTextLoaders, WEB_KINDS, type WebKindEntry } from './kinds.ts';
import i18n from './lib/i18n.ts';
import { MODULE_NAMESPACES } from './modules/system/language-rows.ts';

const ENTRIES = KIND_MANIFEST as readonly KindEntry[];
const WEB = WEB_KINDS as Record<string, WebKindEntry>;

/** The hash route of a page address `/{app}/#/v2/…` (without its query). */
const hashRoute = (address: string) => address.slice(address.indexOf('#') + 1).split('?')[0];

describe('the web manifest of kinds (issue #34)', () => {
  it('has an entry for every kind of the contracts manifest, and no other', () => {
    expect(Object.keys(WEB).sort()).toEqual(ENTRIES.map((e) => e.code).sort());
  });

  it.each(ENTRIES.map((e) => [e.code, e] as const))(
    '%s: its texts load in both languages',
    async (code, entry) => {
      const web = WEB[code];
      expect(web).toBeDefined();
      await web?.texts();
      for (const lang of ['zh_cn', 'en'])
        expect(i18n.hasResourceBundle(lang, entry.texts), `${code}: ${lang}/${entry.texts}`).toBe(true);
      expect(MODULE_NAMESPACES).toContain(entry.texts);
    },
  );

  it.each(ENTRIES.map((e) => [e.code, e] as const))(
    '%s: its detail page and the pages its task links open are among its screens',
    (code, entry) => {
      const screens = WEB[code]?.screens ?? [];
      expect(screens.length).toBeGreaterThan(0);
      const def = kernelDefinitionOf(code);
      const addresses = [
        ...(def ? [def.detailPath] : []),
        ...Object.values(entry.approvals).map((a) => a.link),
        ...Object.values(entry.links ?? {}),
      ];
      for (const address of addresses) {
        expect(address.startsWith(`/${entry.webApp}/#/`), address).toBe(true);
        expect(screens, `${code}: ${address}`).toContain(hashRoute(address));
      }
    },
  );

  it('loads each shared namespace once on the interface-text page', () => {
    const loaders = kindTextLoaders();
    expect(new Set(loaders).size).toBe(loaders.length);
    expect(loaders.length).toBe(new Set(ENTRIES.map((e) => e.texts)).size);
  });
});
