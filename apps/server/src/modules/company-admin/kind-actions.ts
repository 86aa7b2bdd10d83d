import { COST_TEMPLATE_ACTIONS, type MasterDataActionCode } from '@srm/contracts/company-admin';
import {
  KERNEL_ROUTE_DEFINITIONS,
  kindAction,
  kindActionsOf,
  menuOpensKind,
} from '@srm/contracts/document/actions';
import { kindSides, type Side } from '@srm/contracts/document/define';
import type { MenuItem } from '@srm/contracts/menu';
import { and, eq, sql } from 'drizzle-orm';
import { nowDate } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { role, subaccount } from '../account/tables.ts';
import { findMenuRows, type MenuRow } from '../menu/repository.ts';
import { allowedMenuIds, buildMenuTree } from '../menu/service.ts';
import { systemSetting } from '../system/tables.ts';

/** Where the upgrade records the document-kind action codes it has handed out (a platform-wide row). */
const MARK = { elsAccount: '', setGroupCode: 'Platform_Group', setCode: 'kindActionsGranted' } as const;

/**
 * The document-kind actions a new company's default roles get (issue #19): every action of every kind
 * with routes on the company's station — what the menu of a role without a menu list opens.
 */
export function defaultKindActions(station: Side): string[] {
  return KERNEL_ROUTE_DEFINITIONS.filter((def) => kindSides(def).includes(station)).flatMap((def) =>
    kindActionsOf(def).map((a) => a.code),
  );
}

/**
 * Function permissions of other objects that a kind's action used to cover (issue #19): when such a code is
 * new to the record, each role holding the kind's action gets it. The cost-structure templates
 * (`costTemplate.read` / `costTemplate.edit`) were reached by whoever could save RFQs (`enquiry.save`).
 */
export const COMPANION_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  'enquiry.save': COST_TEMPLATE_ACTIONS,
};

/**
 * Function permissions of pages outside the document kernel (issue #19): when such a code is new to the
 * record, each role whose menu shows a page under the address prefix gets it. The master data's
 * maintenance (contracts MASTER_DATA_ACTIONS) was open to every purchase-station user who could open its
 * pages until its routes declared these codes.
 */
export const PAGE_ACTIONS: Readonly<Record<string, readonly MasterDataActionCode[]>> = {
  '/masterdata/#/v2/category': ['materialCate.save', 'materialCate.delete'],
  '/masterdata/#/v2/material/': ['material.save', 'material.delete', 'material.import', 'material.export'],
  '/masterdata/#/v2/supplier/': ['supplier.save', 'supplier.import', 'supplier.export'],
  '/masterdata/#/v2/price/': ['price.save', 'price.delete', 'price.import', 'price.export'],
};

/**
 * Whether the upgrade may hand a role the write codes of a kind or page (issue #32): only what the role
 * could do before. A role without a menu list (`menu_ids` null: the roles from before roles were
 * configurable — admin, buyer, sales — and those an administrator lets open every entry) worked on every
 * page its menu showed; a configured role did only what its action list granted, so it gains a write code
 * only when it already holds one of the same kind or page (`sameGroup`, on the codes it held before this
 * run). Otherwise its menu is view-only and it gets the view code alone (e.g. the demo Viewer: order.read).
 */
function mayWrite(r: { menuIds: string[] | null; actions: string[] }, sameGroup: (code: string) => boolean) {
  return r.menuIds === null || r.actions.some(sameGroup);
}

/** The addresses of every page in a menu tree. */
function pageUrls(items: MenuItem[]): string[] {
  return items.flatMap((item) => [item.appUrl, ...pageUrls(item.children)]).filter(Boolean);
}

/**
 * Start-up upgrade (issue #19): the document kernel's routes declare function permissions, so a role
 * that could open a kind's pages before must hold the kind's actions after, or its users lose access.
 * Every action code of the catalogue not yet handed out (the platform row Platform_Group /
 * kindActionsGranted lists those that were) is granted to each role whose menu — its menu list, or every
 * entry its role code may see when it has none — shows an entry of the kind (contracts menuOpensKind):
 * the kind's view code always, its write codes only when the role could write before (`mayWrite`, issue
 * #32: never to a role whose menu only showed the kind); then the codes are recorded (with COMPANION_ACTIONS: a new one goes to the roles holding its anchor
 * action; with PAGE_ACTIONS: to the roles whose menu shows a page under its prefix), so an administrator's later removal of an action stays removed and a kind
 * or action added later is handed out once on the next start. Runs under the start-up lock, in one
 * transaction. Returns how many roles gained actions.
 */
export async function grantNewKindActions(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t
      .insert(systemSetting)
      .values({ ...MARK, setValue: '[]' })
      .onConflictDoNothing();
    const [mark] = await t
      .select({ setValue: systemSetting.setValue })
      .from(systemSetting)
      .where(
        and(
          eq(systemSetting.elsAccount, MARK.elsAccount),
          eq(systemSetting.setGroupCode, MARK.setGroupCode),
          eq(systemSetting.setCode, MARK.setCode),
        ),
      )
      .for('update');
    const done = new Set<string>(JSON.parse(mark?.setValue || '[]') as string[]);
    const fresh = KERNEL_ROUTE_DEFINITIONS.map((def) => ({
      def,
      codes: kindActionsOf(def)
        .map((a) => a.code)
        .filter((code) => !done.has(code)),
    })).filter((entry) => entry.codes.length > 0);
    const freshCompanions = Object.entries(COMPANION_ACTIONS).flatMap(([anchor, codes]) =>
      codes.filter((code) => !done.has(code)).map((code) => ({ anchor, code })),
    );
    const freshPages = Object.entries(PAGE_ACTIONS).flatMap(([prefix, codes]) =>
      codes.filter((code) => !done.has(code)).map((code) => ({ prefix, code })),
    );
    if (fresh.length === 0 && freshCompanions.length === 0 && freshPages.length === 0) return 0;

    const roles = await t.select().from(role);
    const stationRows = await t
      .selectDistinct({ elsAccount: subaccount.elsAccount, station: subaccount.station })
      .from(subaccount);
    const stationsOf = new Map<string, Side[]>();
    for (const row of stationRows)
      stationsOf.set(row.elsAccount, [...(stationsOf.get(row.elsAccount) ?? []), row.station]);
    const menus = new Map<string, MenuRow[]>();
    const menuOf = async (station: Side, elsAccount: string) => {
      const key = `${station}/${elsAccount}`;
      let rows = menus.get(key);
      if (!rows) {
        rows = await findMenuRows(t, station, elsAccount);
        menus.set(key, rows);
      }
      return rows;
    };

    let changed = 0;
    for (const r of roles) {
      const urls: string[] = [];
      for (const station of stationsOf.get(r.elsAccount) ?? []) {
        const rows = await menuOf(station, r.elsAccount);
        const tree = buildMenuTree(rows, [r.roleCode], 'en', allowedMenuIds(rows, [{ menuIds: r.menuIds }]));
        urls.push(...pageUrls(tree));
      }
      const held = new Set(r.actions);
      const gained: string[] = fresh
        .filter(({ def }) => urls.some((url) => menuOpensKind(def, url)))
        .flatMap(({ def, codes }) => {
          const read = kindAction(def, 'read');
          return mayWrite(r, (code) => code !== read && code.startsWith(`${def.kind}.`))
            ? codes
            : codes.filter((code) => code === read);
        })
        .filter((code) => !held.has(code));
      for (const code of gained) held.add(code);
      // Codes that go with a kind's action (the cost templates with the RFQ's save), after the kind's.
      for (const { anchor, code } of freshCompanions)
        if (held.has(anchor) && !held.has(code)) {
          held.add(code);
          gained.push(code);
        }
      // Codes of pages outside the kernel (master data), to roles whose menu shows such a page.
      for (const { prefix, code } of freshPages)
        if (
          !held.has(code) &&
          urls.some((url) => url.startsWith(prefix)) &&
          mayWrite(r, (a) => PAGE_ACTIONS[prefix]?.includes(a as MasterDataActionCode) ?? false)
        ) {
          held.add(code);
          gained.push(code);
        }
      if (gained.length === 0) continue;
      await t
        .update(role)
        .set({ actions: [...r.actions, ...gained], version: sql`${role.version} + 1` })
        .where(and(eq(role.id, r.id), eq(role.elsAccount, r.elsAccount)));
      changed++;
    }
    for (const { codes } of fresh) for (const code of codes) done.add(code);
    for (const { code } of freshCompanions) done.add(code);
    for (const { code } of freshPages) done.add(code);
    await t
      .update(systemSetting)
      .set({ setValue: JSON.stringify([...done]), lastUpdateDate: nowDate() })
      .where(
        and(
          eq(systemSetting.elsAccount, MARK.elsAccount),
          eq(systemSetting.setGroupCode, MARK.setGroupCode),
          eq(systemSetting.setCode, MARK.setCode),
        ),
      );
    return changed;
  });
}
