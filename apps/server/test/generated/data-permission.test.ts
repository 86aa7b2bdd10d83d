import type { DataItem } from '@srm/contracts/data-permission';
import {
  type ActionDef,
  type FieldDef,
  guardHolds,
  kindSides,
  servicePath,
} from '@srm/contracts/document/define';
import { orgUnitTypeOfItem } from '@srm/contracts/org-master';
import { and, desc, eq, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRelation } from '../../src/modules/account/tables.ts';
import { materialCategory, orgUnit } from '../../src/modules/masterdata/tables.ts';
import { orderKind } from '../../src/modules/order/kind.ts';
import { purchaseRequestKind } from '../../src/modules/purchase-request/service.ts';
import type { DocRow, DocumentKind } from '../../src/platform/document/kind.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from '../helpers.ts';
import { KERNEL_KINDS } from './kernel-kinds.ts';

/**
 * Generated "same company, other data permission" replays (issue #19): for every document kind that maps
 * header columns to data permission items, and for each mapped item, a buyer user of the same company
 * (buyer1, not an admin) is given a value the document does not carry — the document is then absent from
 * their list and export, and its detail and an action (single and bulk) answer '404' as another company's
 * would. Given the document's own value, the same user (same session: the save drops the cached session)
 * sees it again, and the company admin sees it throughout.
 */
const MAPPED = KERNEL_KINDS.filter((k) => Object.keys(k.dataColumns).length > 0);

let server: TestServer;
let admin: Session;
let buyer: Session;
const { post, get } = callsOf(() => server);

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  admin = await login(server, '100000', 'admin');
  buyer = await login(server, '100000', 'buyer1');
});
afterAll(async () => {
  await server?.close();
});

/** The lowest-numbered document of buyer 100000 that the buyer's side may see (visible.purchase). */
async function demoDocument(kind: DocumentKind): Promise<DocRow> {
  const rows = (await server.database.db
    .select()
    .from(kind.header)
    .where(eq(kind.header.elsAccount, '100000'))
    .orderBy(kind.header[kind.def.numberField])) as DocRow[];
  const visible = kind.def.visible?.purchase;
  const row = rows.find((r) => !visible || guardHolds(visible, r));
  if (!row) throw new Error(`${kind.def.kind}: no demo document of buyer 100000`);
  return row;
}

/** A valid value of each of an action's own input fields, from the definition. */
function sampleInputs(action: ActionDef): Record<string, unknown> {
  const sample = (f: FieldDef): unknown => {
    switch (f.type) {
      case 'integer':
        return 1;
      case 'decimal':
        return '1';
      case 'date':
        return '2027-01-01';
      case 'datetime':
        return '2027-01-01T00:00:00.000Z';
      case 'code':
        return Object.keys(f.codes ?? {})[0];
      case 'account':
        return '200001';
      case 'uuid':
        return '00000000-0000-4000-8000-000000000000';
      default:
        return 'x';
    }
  };
  return Object.fromEntries(Object.entries(action.input ?? {}).map(([name, f]) => [name, sample(f)]));
}

/** The buyer side's first action of the transition table that the registrar serves (not an own route). */
function buyerAction(kind: DocumentKind): [string, ActionDef] | undefined {
  const own = new Set(kind.options.ownRoutes ?? []);
  return Object.entries(kind.def.actions).find(([name, a]) => a.sides.purchase && !own.has(name));
}

/**
 * A supplier linked to buyer 100000 other than the document's own that holds no document of the kind with the
 * same number (data permission values must be real suppliers; delivery notices are numbered per supplier).
 */
async function otherLinkedSupplier(kind: DocumentKind, doc: DocRow): Promise<string> {
  const rows = await server.database.db
    .select({ to: accountRelation.toElsAccount })
    .from(accountRelation)
    .where(and(eq(accountRelation.elsAccount, '100000'), ne(accountRelation.toElsAccount, doc.toElsAccount)))
    .orderBy(accountRelation.toElsAccount);
  const number = kind.header[kind.def.numberField];
  for (const { to } of rows) {
    const clash = await server.database.db
      .select({ id: kind.header.id })
      .from(kind.header)
      .where(
        and(
          eq(kind.header.elsAccount, '100000'),
          eq(kind.header.toElsAccount, to),
          eq(number, doc[kind.def.numberField]),
        ),
      )
      .limit(1);
    if (clash.length === 0) return to;
  }
  throw new Error(
    `${kind.def.kind}: no other linked supplier of 100000 without a document numbered as ${doc.id}`,
  );
}

async function setScope(items: Partial<Record<DataItem, string[]>>) {
  const res = await post(
    `/apis/ElsAccountService/saveDataPermission/${buyer.elsSubaccountInfoDTO.id}`,
    admin,
    {
      items,
    },
  );
  expect(res.json().code, res.body).toBe('200');
}

/** The values of every cell of an exported workbook's first sheet below its header row. */
async function exportedCells(bytes: Buffer): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.worksheets[0]?.eachRow((row, n) => {
    if (n > 1) row.eachCell((cell) => cells.push(String(cell.value)));
  });
  return cells;
}

describe('data permissions in the kernel (generated over every kind with mapped columns)', () => {
  it('covers the kinds that really carry the items (the order, the requisition, the supplier documents)', () => {
    const names = MAPPED.map((k) => k.def.kind);
    expect(names).toContain(orderKind.def.kind);
    expect(names).toContain(purchaseRequestKind.def.kind);
    expect(names.length).toBeGreaterThanOrEqual(10);
  });

  const cases = MAPPED.flatMap((kind) =>
    Object.keys(kind.dataColumns).map((item) => [kind.def.kind, item, kind] as const),
  );
  it.each(cases)(
    '%s by %s: another value hides it from list, detail, export and actions',
    async (_k, item, kind) => {
      const base = servicePath(kind.def, 'purchase');
      const doc = await demoDocument(kind);
      const column = kind.options.dataPermission?.[item as DataItem];
      const lineColumn = kind.options.lineDataPermission?.[item as DataItem];
      // Values with master data must be real: the company's material categories, the deepest first (a
      // category covers the ones below it, so "another" category must not be an ancestor of the line's).
      const categories =
        item === 'materialCategory'
          ? (
              await server.database.db
                .select({ code: materialCategory.cateCode })
                .from(materialCategory)
                .where(eq(materialCategory.elsAccount, '100000'))
                .orderBy(desc(materialCategory.cateLevel), materialCategory.cateCode)
            ).map((c) => c.code)
          : [];
      // The document's value of the item (set to a known code where the demo leaves it empty): on the
      // header, or on its first line for an item its lines hold (issue #19, lineDataPermission).
      let own: string | null;
      let lineValues: string[] = [];
      if (column) {
        own = doc[column] as string | null;
        if (!own) {
          own = `DP-${item}-IN`;
          await server.database.db
            .update(kind.header)
            .set({ [column]: own })
            .where(and(eq(kind.header.id, doc.id)));
        }
      } else {
        const lines = await kind.findLines(server.database.db, doc.id);
        const first = lines[0];
        if (!first || !lineColumn) throw new Error(`${kind.def.kind}: ${item} on no line`);
        own = (first[lineColumn] as string | null) ?? null;
        if (!own) {
          own = categories[0] ?? `DP-${item}-IN`;
          await server.database.db
            .update(kind.lineTable)
            .set({ [lineColumn]: own })
            .where(eq(kind.lineTable.id, first.id));
          first[lineColumn] = own;
        }
        lineValues = lines.map((l) => String(l[lineColumn] ?? ''));
      }
      // A value no document of the filter carries (supplier numbers repeat across suppliers: a delivery
      // notice is numbered by its supplier, so another real supplier may hold the same number).
      // A supplier must be one linked to the company (the save checks it): another linked supplier.
      // A category: one of the company's that none of the document's lines holds.
      const other =
        item === 'supplier'
          ? await otherLinkedSupplier(kind, doc)
          : item === 'materialCategory'
            ? (categories.find((c) => c !== own && !lineValues.includes(c)) as string)
            : `DP-${item}-OTHER`;
      expect(other, 'a value the document does not carry').toBeTruthy();
      // Organisation values must be the company's records (issue #19): both codes become records.
      const unitType = orgUnitTypeOfItem(item as DataItem);
      if (unitType)
        await server.database.db
          .insert(orgUnit)
          .values(
            [own, other].map((code) => ({
              elsAccount: '100000',
              unitType,
              code,
              name: code,
              createUser: 'test',
              lastUpdateUser: 'test',
            })),
          )
          .onConflictDoNothing();
      const number = String(doc[kind.def.numberField]);
      const listBody = { currentPage: 1, pageSize: 100, [kind.def.numberField]: number };
      const listed = async (who: Session) => {
        const res = await post(`${base}/findPageList`, who, listBody);
        expect(res.json().code, res.body).toBe('200');
        return (res.json().data.records as Array<{ id: string }>).some((r) => r.id === doc.id);
      };
      const exported = async (who: Session) => {
        const res = await post(`${base}/export`, who, listBody);
        expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
        const cells = await exportedCells(res.rawPayload);
        return cells.includes(number);
      };
      const detailCode = async (who: Session) => (await get(`${base}/findDetail/${doc.id}`, who)).json().code;

      try {
        await setScope({ [item]: [other] });
        expect(await listed(buyer)).toBe(false);
        expect(await exported(buyer)).toBe(false);
        expect(await detailCode(buyer)).toBe('404');
        expect((await get(`${base}/print/${doc.id}`, buyer)).json().code).toBe('404');
        const action = buyerAction(kind);
        if (action) {
          const [name, def] = action;
          const single = await post(`${base}/${name}/${doc.id}`, buyer, {
            version: doc.version,
            remark: 'data permission',
            ...sampleInputs(def),
          });
          expect(single.json().code, `${name}: ${single.body}`).toBe('404');
          if (def.bulk) {
            const bulk = await post(`${base}/${name}`, buyer, {
              items: [{ id: doc.id, version: doc.version }],
            });
            expect(bulk.json().data.results[0].code, bulk.body).toBe('404');
          }
        }
        // The company admin is unrestricted.
        expect(await listed(admin)).toBe(true);
        expect(await detailCode(admin)).toBe('200');

        // The document's own value (among others) shows it again to the same session.
        await setScope({ [item]: [other, own] });
        expect(await listed(buyer)).toBe(true);
        expect(await exported(buyer)).toBe(true);
        expect(await detailCode(buyer)).toBe('200');
      } finally {
        await setScope({});
      }
      // No values = all: seen as before.
      expect(await listed(buyer)).toBe(true);
    },
  );

  it('the supplier side is not limited by a buyer user’s data permissions', async () => {
    expect(kindSides(orderKind.def)).toContain('sale');
    await setScope({ supplier: ['200002'] });
    try {
      const supplier = await login(server, '200001', 'admin');
      const doc = await demoDocument(orderKind);
      const res = await get(`${servicePath(orderKind.def, 'sale')}/findDetail/${doc.id}`, supplier);
      // Visible or not by the order's own rules (sent or not), never by buyer1's scope: not a 5xx.
      expect(['200', '404']).toContain(res.json().code);
      expect(
        (await get(`${servicePath(orderKind.def, 'purchase')}/findDetail/${doc.id}`, buyer)).json().code,
      ).toBe(doc.toElsAccount === '200002' ? '200' : '404');
    } finally {
      await setScope({});
    }
  });
});

describe('the data permission API', () => {
  const url = (id: string) => `/apis/ElsAccountService/saveDataPermission/${id}`;

  it('saves trimmed, deduplicated values and reads them back; [] means all', async () => {
    const id = buyer.elsSubaccountInfoDTO.id;
    const saved = await post(url(id), admin, {
      items: { factory: [' 1010 ', '1010', '1020'], costCenter: [], supplier: ['200001'] },
    });
    expect(saved.json().code, saved.body).toBe('200');
    expect(saved.json().data).toEqual({
      subaccountId: id,
      items: { factory: ['1010', '1020'], supplier: ['200001'] },
    });
    const read = await get(`/apis/ElsAccountService/dataPermission/${id}`, admin);
    expect(read.json().data.items).toEqual({ factory: ['1010', '1020'], supplier: ['200001'] });
    await post(url(id), admin, { items: {} });
    expect((await get(`/apis/ElsAccountService/dataPermission/${id}`, admin)).json().data.items).toEqual({});
  });

  it('refuses bad input with the field named, non-admins, and other companies’ accounts', async () => {
    const id = buyer.elsSubaccountInfoDTO.id;
    const unknown = await post(url(id), admin, { items: { warehouse: ['W1'] } });
    expect(unknown.json().code).toBe('400');
    expect(unknown.json().message).toContain('warehouse');
    const empty = await post(url(id), admin, { items: { factory: [''] } });
    expect(empty.json().code).toBe('400');
    expect(empty.json().message).toContain('factory');
    expect((await post(url(id), buyer, { items: {} })).json().code).toBe('403');
    expect((await get(`/apis/ElsAccountService/dataPermission/${id}`, buyer)).json().code).toBe('403');
    // Values with master data must exist: a supplier linked to the company, one of its categories.
    const stranger = await post(url(id), admin, {
      items: { factory: ['1010'], supplier: ['200001', '999999'] },
    });
    expect(stranger.json().code).toBe('400');
    expect(stranger.json().message).toContain('body.items.supplier');
    expect(stranger.json().message).toContain('999999');
    expect(stranger.json().message).not.toContain('200001');
    const [category] = await server.database.db
      .select({ code: materialCategory.cateCode })
      .from(materialCategory)
      .where(eq(materialCategory.elsAccount, '100000'))
      .limit(1);
    const noCategory = await post(url(id), admin, {
      items: { materialCategory: [category.code, 'NO-SUCH'] },
    });
    expect(noCategory.json().code).toBe('400');
    expect(noCategory.json().message).toContain('NO-SUCH');
    // Another company's category is not the company's either.
    const [foreign] = await server.database.db
      .select({ code: materialCategory.cateCode })
      .from(materialCategory)
      .where(ne(materialCategory.elsAccount, '100000'))
      .limit(1);
    if (foreign && foreign.code !== category.code) {
      const res = await post(url(id), admin, { items: { materialCategory: [foreign.code] } });
      expect(res.json().code).toBe('400');
    }
    // Nothing was saved by the refused calls; real values are taken.
    expect((await get(`/apis/ElsAccountService/dataPermission/${id}`, admin)).json().data.items).toEqual({});
    const real = await post(url(id), admin, {
      items: { materialCategory: [category.code], supplier: ['200001'] },
    });
    expect(real.json().code, real.body).toBe('200');
    await post(url(id), admin, { items: {} });
    const otherAdmin = await login(server, '200001', 'admin');
    expect((await post(url(id), otherAdmin, { items: {} })).json().code).toBe('404');
    expect((await get(`/apis/ElsAccountService/dataPermission/${id}`, otherAdmin)).json().code).toBe('404');
  });
});
