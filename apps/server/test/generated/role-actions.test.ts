import { ACTIONS, type ActionCode } from '@srm/contracts/company-admin';
import { KERNEL_ROUTE_DEFINITIONS, kindAction } from '@srm/contracts/document/actions';
import { kindSides, type Side, servicePath } from '@srm/contracts/document/define';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/platform/http.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from '../helpers.ts';

/**
 * Function permissions on every action route (issue #19 "What the tests must show": a user without the
 * role gets '403' on every action route the role would grant). Generated from the route registry: every
 * route declaring `config.action` is called by a fresh sub-account of its station whose only role
 * (created and edited through the API) first holds the whole catalogue — the route must not answer 403 —
 * and then lacks exactly that action — the route must answer 403 with body code '403'. One server, calls
 * through inject; the role is edited between calls (a change applies without logging out).
 */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});
const { post, get } = callsOf(() => server);
const ANY_ID = '00000000-0000-4000-8000-000000000000';

/** The station whose users call a route: a kind's Sale…Service calls are suppliers', the rest buyers'. */
function stationOf(url: string): Side {
  for (const def of KERNEL_ROUTE_DEFINITIONS)
    for (const side of kindSides(def)) if (url.startsWith(`${servicePath(def, side)}/`)) return side;
  return 'purchase';
}

function actionRoutes(): Array<RegisteredRoute & { action: ActionCode }> {
  return server.app.routeRegistry.filter(
    (r): r is RegisteredRoute & { action: ActionCode } =>
      Boolean(r.action) && r.url.startsWith('/apis/') && (r.method === 'GET' || r.method === 'POST'),
  );
}

/** Calls a route as the session: ids become a well-formed id no document has, POST bodies are empty. */
function call(route: RegisteredRoute, session: Session) {
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => (name === 'id' ? ANY_ID : 'x'));
  return route.method === 'GET' ? get(url, session) : post(url, session, {});
}

/**
 * The kinds' hand-written routes (not the registrar's) and the code each declares with ownRouteAction
 * (issue #19): the loop below then proves each answers 403 without its code; this list proves none
 * loses its declaration unnoticed.
 */
const OWN_ROUTES: ReadonlyArray<readonly [string, string, ActionCode]> = [
  ['GET', '/apis/order/PurchaseOrderService/findDetail/:id', 'order.read'],
  ['GET', '/apis/order/SaleOrderService/findDetail/:id', 'order.read'],
  ['GET', '/apis/order/PurchaseOrderService/print/:id', 'order.read'],
  ['GET', '/apis/order/SaleOrderService/print/:id', 'order.read'],
  ['POST', '/apis/order/PurchaseOrderService/save', 'order.save'],
  ['POST', '/apis/order/PurchaseOrderService/copy/:id', 'order.save'],
  ['POST', '/apis/order/PurchaseOrderService/close/:id', 'order.close'],
  ['POST', '/apis/order/SaleOrderService/confirm/:id', 'order.confirm'],
  ['POST', '/apis/order/SaleOrderService/refuse/:id', 'order.refuse'],
  ['POST', '/apis/order/SaleOrderService/ship/:id', 'order.ship'],
  ['POST', '/apis/order/PurchaseOrderService/receive/:id', 'deliveryNote.receive'],
  ['POST', '/apis/order/PurchaseOrderService/startBidding/:id', 'order.startBidding'],
  ['POST', '/apis/order/PurchaseOrderService/cancelBidding/:id', 'order.cancelBidding'],
  ['GET', '/apis/order/PurchaseDeliveryNoteService/findByNumber/:number', 'deliveryNote.read'],
  ['GET', '/apis/order/SaleDeliveryNoteService/findByNumber/:number', 'deliveryNote.read'],
  ['GET', '/apis/order/PurchaseDeliveryNoteService/printLabels/:id', 'deliveryNote.read'],
  ['GET', '/apis/order/SaleDeliveryNoteService/printLabels/:id', 'deliveryNote.read'],
  ['POST', '/apis/inquiry/PurchaseEnquiryService/copy/:id', 'enquiry.save'],
  ['GET', '/apis/inquiry/PurchaseEnquiryService/formSettings', 'enquiry.save'],
  ['GET', '/apis/inquiry/PurchaseEnquiryService/findInvitations/:id', 'enquiry.read'],
  ['GET', '/apis/inquiry/PurchaseEnquiryService/findComparison/:id', 'enquiry.read'],
  ['GET', '/apis/inquiry/PurchaseEnquiryService/exportComparison/:id', 'enquiry.export'],
  ['POST', '/apis/inquiry/PurchaseEnquiryService/newRound/:id', 'enquiry.newRound'],
  ['POST', '/apis/inquiry/PurchaseEnquiryService/award/:id', 'enquiry.award'],
  ['GET', '/apis/inquiry/SaleEnquiryService/findQuote/:id', 'enquiry.read'],
  ['GET', '/apis/inquiry/SaleEnquiryService/quoteSheet/:id', 'enquiry.read'],
  ['GET', '/apis/ebidding/SaleEbiddingService/findRoom/:id', 'ebidding.read'],
  ['GET', '/apis/ebidding/PurchaseEbiddingService/findConsole/:id', 'ebidding.read'],
  ['GET', '/apis/ebidding/PurchaseEbiddingService/verifyBidLog/:id', 'ebidding.read'],
  ['POST', '/apis/ebidding/PurchaseEbiddingService/bargain/:id', 'ebidding.bargain'],
  ['POST', '/apis/ebidding/PurchaseEbiddingService/award/:id', 'ebidding.award'],
  ['POST', '/apis/ebidding/PurchaseEbiddingService/fromEnquiry/:id', 'ebidding.save'],
  ['GET', '/apis/admission/PurchaseSupplierAccessService/findSections/:id', 'supplierAccess.read'],
  ['GET', '/apis/admission/SaleSupplierAccessService/findSections/:id', 'supplierAccess.read'],
  ['POST', '/apis/admission/PurchaseSupplierAccessService/admit/:id', 'supplierAccess.admit'],
  ['POST', '/apis/admission/PurchaseFacInsService/conclude/:id', 'facIns.conclude'],
  ['POST', '/apis/admission/PurchaseSampleService/conclude/:id', 'sampleNumber.conclude'],
  ['GET', '/apis/admission/SaleSupplierAccessService/findOptions', 'supplierAccess.read'],
  ['GET', '/apis/admission/SaleSupplierAccessService/findTemplate', 'supplierAccess.read'],
  ['POST', '/apis/improvement/SaleImprovementService/answer/:id', 'improvement.answer'],
  ['POST', '/apis/improvement/PurchaseImprovementService/reopen/:id', 'improvement.reopen'],
  ['GET', '/apis/improvement/PurchaseImprovementService/findSource/:id', 'improvement.read'],
  ['GET', '/apis/improvement/SaleImprovementService/findSource/:id', 'improvement.read'],
  ['GET', '/apis/finance/SaleInvoiceService/findInvoiceable', 'invoice.save'],
  ['GET', '/apis/finance/PurchaseInvoiceService/findTolerance', 'invoice.read'],
  ['POST', '/apis/finance/PurchaseInvoiceService/saveTolerance', 'invoice.save'],
  ['POST', '/apis/finance/PurchaseReconService/findReconcilable', 'recon.save'],
  ['POST', '/apis/finance/SaleReconService/findReconcilable', 'recon.save'],
  ['POST', '/apis/inquiry/SaleEnquiryService/participate/:id', 'enquiry.quote'],
  ['POST', '/apis/inquiry/SaleEnquiryService/findPublicPageList', 'enquiry.read'],
  ['GET', '/apis/inquiry/SaleEnquiryService/findPublicDetail/:id', 'enquiry.read'],
  ['POST', '/apis/inquiry/SaleEnquiryService/join/:id', 'enquiry.quote'],
  ['POST', '/apis/inquiry/SaleEnquiryService/decline/:id', 'enquiry.quote'],
  ['POST', '/apis/inquiry/SaleEnquiryService/quote/:id', 'enquiry.quote'],
  ['POST', '/apis/inquiry/SaleEnquiryService/importQuoteSheet/:id', 'enquiry.quote'],
  ['POST', '/apis/inquiry/PurchaseEnquiryService/openQuotes/:id', 'enquiry.openQuotes'],
  ['POST', '/apis/ebidding/SaleEbiddingService/bid/:id', 'ebidding.bid'],
  ['POST', '/apis/ebidding/SaleEbiddingService/bargainOffer/:id', 'ebidding.bid'],
  // The cost-structure templates: codes of their own (issue #19), handed to the roles that save RFQs.
  ['POST', '/apis/inquiry/PurchaseCostTemplateService/findPageList', 'costTemplate.read'],
  ['POST', '/apis/inquiry/PurchaseCostTemplateService/save', 'costTemplate.edit'],
  ['POST', '/apis/inquiry/PurchaseCostTemplateService/delete/:id', 'costTemplate.edit'],
  // The master data's maintenance (issue #19; the codes API keys' scopes already used), handed to the
  // roles whose menu shows the page. Reading needs no code (every buyer picks materials and suppliers).
  ['POST', '/apis/masterdata/PurchaseMaterialCateService/save', 'materialCate.save'],
  ['POST', '/apis/masterdata/PurchaseMaterialCateService/delete/:id', 'materialCate.delete'],
  ['POST', '/apis/masterdata/PurchaseMaterialService/save', 'material.save'],
  ['POST', '/apis/masterdata/PurchaseMaterialService/delete/:id', 'material.delete'],
  ['POST', '/apis/masterdata/PurchaseMaterialService/import', 'material.import'],
  ['POST', '/apis/masterdata/PurchaseMaterialService/export', 'material.export'],
  ['POST', '/apis/masterdata/PurchaseSupplierService/save', 'supplier.save'],
  ['POST', '/apis/masterdata/PurchaseSupplierService/import', 'supplier.import'],
  ['POST', '/apis/masterdata/PurchaseSupplierService/export', 'supplier.export'],
  ['POST', '/apis/masterdata/PurchasePriceService/save', 'price.save'],
  ['POST', '/apis/masterdata/PurchasePriceService/delete/:id', 'price.delete'],
  ['POST', '/apis/masterdata/PurchasePriceService/import', 'price.import'],
  ['POST', '/apis/masterdata/PurchasePriceService/export', 'price.export'],
];

describe('function permissions on every action route (generated, issue #19)', () => {
  it('the hand-written routes of kernel kinds declare their codes (order, RFQ, auction, admission …)', () => {
    for (const [method, url, code] of OWN_ROUTES) {
      const route = server.app.routeRegistry.find((r) => r.method === method && r.url === url);
      expect(route, `${method} ${url}`).toBeDefined();
      expect(route?.action, `${method} ${url}`).toBe(code);
    }
  });

  it('declares only catalogue actions, and every kernel kind declares its read action', () => {
    const routes = actionRoutes();
    const catalogue = new Set<string>(ACTIONS);
    for (const route of routes)
      expect(catalogue.has(route.action), `${route.method} ${route.url}`).toBe(true);
    const declared = new Set(routes.map((r) => r.action));
    for (const def of KERNEL_ROUTE_DEFINITIONS)
      expect(declared.has(kindAction(def, 'read')), def.kind).toBe(true);
    // Every kind, both sides: lists, details, exports, saves, actions … (the kernel generates hundreds).
    expect(routes.length).toBeGreaterThan(300);
  });

  for (const [station, elsAccount] of [
    ['purchase', '100000'],
    ['sale', '200001'],
  ] as const)
    it(`answers 403 without the action and not 403 with it (${station} side)`, async () => {
      const routes = actionRoutes().filter((r) => stationOf(r.url) === station);
      const actions = [...new Set(routes.map((r) => r.action))];
      expect(actions.length).toBeGreaterThan(30);
      const admin = await login(server, elsAccount, 'admin');
      const created = await post('/apis/ElsRoleService/add', admin, {
        roleCode: `probe-${station}`,
        roleName: '权限探针',
        roleNameEn: 'Permission probe',
        menuIds: null,
        actions: ACTIONS,
      });
      expect(created.json().code, created.body).toBe('200');
      const role = created.json().data as { id: string; version: number };
      const user = await post('/apis/ElsAccountService/add', admin, {
        elsSubAccount: `probe${station}`,
        password: server.cipher.encrypt('Start123'),
        name: 'Permission probe',
        mobile: '13812345678',
        roleIds: [role.id],
      });
      expect(user.json().code, user.body).toBe('200');
      const session = await login(server, elsAccount, `probe${station}`, 'Start123');
      expect(session.elsSubaccountInfoDTO.elsSubAccount).toBe(`probe${station}`);

      // With the whole catalogue: no route refuses the caller for a permission (404, 400 … are theirs).
      for (const route of routes) {
        const res = await call(route, session);
        expect(res.statusCode, `${route.method} ${route.url} ${res.body.slice(0, 200)}`).not.toBe(403);
        expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(401);
      }

      let version = role.version;
      for (const action of actions) {
        const edited = await post('/apis/ElsRoleService/edit', admin, {
          id: role.id,
          version,
          roleName: '权限探针',
          roleNameEn: 'Permission probe',
          menuIds: null,
          actions: ACTIONS.filter((a) => a !== action),
        });
        expect(edited.json().code, edited.body).toBe('200');
        version = (edited.json().data as { version: number }).version;
        for (const route of routes.filter((r) => r.action === action)) {
          const res = await call(route, session);
          expect(res.statusCode, `${route.method} ${route.url} without ${action}`).toBe(403);
          expect(res.json().code, `${route.method} ${route.url} without ${action}`).toBe('403');
        }
      }
    }, 600_000);
});

describe('document-kind actions after an upgrade (issue #19)', () => {
  type Role = { id: string; roleCode: string; version: number; menuIds: string[] | null; actions: string[] };
  const rolesOf = async (admin: Session) =>
    (await get('/apis/ElsRoleService/findList', admin)).json().data as Role[];

  it('gives the demo roles the actions of the kinds their menus open, and nothing else', async () => {
    const admin = await login(server, '100000', 'admin');
    const roles = await rolesOf(admin);
    const buyer = roles.find((r) => r.roleCode === 'buyer')!;
    const viewer = roles.find((r) => r.roleCode === 'viewer')!;
    expect(buyer.actions).toEqual(
      expect.arrayContaining(['deliveryNote.read', 'order.read', 'recon.confirm']),
    );
    // Every kind of a station is on the demo menu of that station: its role may read it.
    for (const def of KERNEL_ROUTE_DEFINITIONS)
      if (kindSides(def).includes('purchase'))
        expect(buyer.actions, def.kind).toContain(kindAction(def, 'read'));
    const supplier = await login(server, '200001', 'admin');
    const sales = (await rolesOf(supplier)).find((r) => r.roleCode === 'sales')!;
    for (const def of KERNEL_ROUTE_DEFINITIONS)
      if (kindSides(def).includes('sale')) expect(sales.actions, def.kind).toContain(kindAction(def, 'read'));
    // The roles that use the kinds' hand-written routes today hold the codes those routes now declare.
    for (const [, url, code] of OWN_ROUTES)
      expect(stationOf(url) === 'purchase' ? buyer.actions : sales.actions, `${url}`).toContain(code);
    // The viewer's menu opens purchase orders only.
    expect(viewer.actions).toContain('order.read');
    expect(viewer.actions.some((a) => a.startsWith('deliveryNote.'))).toBe(false);
    // The buyer keeps what it could do before: its delivery-notice list answers.
    const buyer1 = await login(server, '100000', 'buyer1');
    const list = await post('/apis/order/PurchaseDeliveryNoteService/findPageList', buyer1, {
      currentPage: 1,
      pageSize: 10,
    });
    expect(list.json().code, list.body).toBe('200');
  });

  it('hands each code out once: a removed action stays removed; a new one reaches the roles that open the kind', async () => {
    const { grantNewKindActions } = await import('../../src/modules/company-admin/kind-actions.ts');
    const { systemSetting } = await import('../../src/modules/system/tables.ts');
    const { eq } = await import('drizzle-orm');
    const admin = await login(server, '100000', 'admin');
    const buyer = (await rolesOf(admin)).find((r) => r.roleCode === 'buyer')!;
    const edited = await post('/apis/ElsRoleService/edit', admin, {
      id: buyer.id,
      version: buyer.version,
      roleName: '采购员',
      roleNameEn: 'Buyer',
      menuIds: buyer.menuIds,
      actions: buyer.actions.filter((a) => a !== 'refund.read'),
    });
    expect(edited.json().code, edited.body).toBe('200');
    const buyer1 = await login(server, '100000', 'buyer1');
    const refunds = () =>
      post('/apis/order/PurchaseRefundService/findPageList', buyer1, { currentPage: 1, pageSize: 10 });
    expect((await refunds()).json().code).toBe('403');
    // A restart: nothing new to hand out, the removal stays.
    await grantNewKindActions(server.database.db);
    expect((await refunds()).json().code).toBe('403');
    // A release adding refund.read (removed from the record of handed-out codes): the buyer role, whose
    // menu opens returns, gets it; the viewer role, whose menu does not, does not.
    const db = server.database.db;
    const [mark] = await db
      .select()
      .from(systemSetting)
      .where(eq(systemSetting.setCode, 'kindActionsGranted'));
    const handedOut = JSON.parse(mark.setValue) as string[];
    expect(handedOut).toContain('refund.read');
    await db
      .update(systemSetting)
      .set({ setValue: JSON.stringify(handedOut.filter((a) => a !== 'refund.read')) })
      .where(eq(systemSetting.setCode, 'kindActionsGranted'));
    expect(await grantNewKindActions(db)).toBeGreaterThan(0);
    expect((await refunds()).json().code).toBe('200');
    const viewer = (await rolesOf(admin)).find((r) => r.roleCode === 'viewer')!;
    expect(viewer.actions).not.toContain('refund.read');
  });

  it('hands the cost templates’ own codes to the roles that save RFQs, once', async () => {
    const { grantNewKindActions } = await import('../../src/modules/company-admin/kind-actions.ts');
    const { systemSetting } = await import('../../src/modules/system/tables.ts');
    const { eq } = await import('drizzle-orm');
    const db = server.database.db;
    const admin = await login(server, '100000', 'admin');
    let roles = await rolesOf(admin);
    expect(roles.find((r) => r.roleCode === 'buyer')!.actions).toEqual(
      expect.arrayContaining(['enquiry.save', 'costTemplate.read', 'costTemplate.edit']),
    );
    expect(roles.find((r) => r.roleCode === 'viewer')!.actions).not.toContain('costTemplate.read');
    // An upgraded database: a role holding enquiry.save but not yet the new codes, which are not on record.
    const custom = await post('/apis/ElsRoleService/add', admin, {
      roleCode: 'rfqonly',
      roleName: '询价员',
      roleNameEn: 'RFQ clerk',
      menuIds: null,
      actions: ['enquiry.read', 'enquiry.save'],
    });
    expect(custom.json().code, custom.body).toBe('200');
    const [mark] = await db
      .select()
      .from(systemSetting)
      .where(eq(systemSetting.setCode, 'kindActionsGranted'));
    const handedOut = JSON.parse(mark.setValue) as string[];
    expect(handedOut).toEqual(expect.arrayContaining(['costTemplate.read', 'costTemplate.edit']));
    await db
      .update(systemSetting)
      .set({ setValue: JSON.stringify(handedOut.filter((a) => !a.startsWith('costTemplate.'))) })
      .where(eq(systemSetting.setCode, 'kindActionsGranted'));
    await grantNewKindActions(db);
    roles = await rolesOf(admin);
    expect(roles.find((r) => r.roleCode === 'rfqonly')!.actions).toEqual(
      expect.arrayContaining(['costTemplate.read', 'costTemplate.edit']),
    );
    expect(roles.find((r) => r.roleCode === 'viewer')!.actions).not.toContain('costTemplate.read');
  });

  it('hands the master data’s maintenance codes to the roles whose menu shows the page, once; reading stays open', async () => {
    const { grantNewKindActions } = await import('../../src/modules/company-admin/kind-actions.ts');
    const { systemSetting } = await import('../../src/modules/system/tables.ts');
    const { eq } = await import('drizzle-orm');
    const db = server.database.db;
    const admin = await login(server, '100000', 'admin');
    let roles = await rolesOf(admin);
    // The demo buyer's menu shows the material, category, supplier and price pages; the viewer's does not.
    expect(roles.find((r) => r.roleCode === 'buyer')!.actions).toEqual(
      expect.arrayContaining(['material.save', 'materialCate.delete', 'supplier.import', 'price.export']),
    );
    expect(roles.find((r) => r.roleCode === 'viewer')!.actions.some((a) => a.startsWith('material.'))).toBe(
      false,
    );
    // An upgraded database: a role that sees every page but holds none of the new codes, not yet on record.
    const custom = await post('/apis/ElsRoleService/add', admin, {
      roleCode: 'mdclerk',
      roleName: '主数据员',
      roleNameEn: 'Master data clerk',
      menuIds: null,
      actions: ['order.read'],
    });
    expect(custom.json().code, custom.body).toBe('200');
    const [mark] = await db
      .select()
      .from(systemSetting)
      .where(eq(systemSetting.setCode, 'kindActionsGranted'));
    const handedOut = JSON.parse(mark.setValue) as string[];
    expect(handedOut).toEqual(expect.arrayContaining(['material.save', 'price.delete']));
    const masterData = /^(material|materialCate|supplier|price)\./;
    await db
      .update(systemSetting)
      .set({ setValue: JSON.stringify(handedOut.filter((a) => !masterData.test(a))) })
      .where(eq(systemSetting.setCode, 'kindActionsGranted'));
    await grantNewKindActions(db);
    roles = await rolesOf(admin);
    const clerk = roles.find((r) => r.roleCode === 'mdclerk')!;
    expect(clerk.actions).toEqual(
      expect.arrayContaining(['material.save', 'material.import', 'supplier.save', 'price.save']),
    );
    expect(roles.find((r) => r.roleCode === 'viewer')!.actions.some((a) => masterData.test(a))).toBe(false);
    // Handed out once: an administrator's removal stays removed on the next start.
    const trimmed = await post('/apis/ElsRoleService/edit', admin, {
      id: clerk.id,
      version: clerk.version,
      roleName: '主数据员',
      roleNameEn: 'Master data clerk',
      menuIds: null,
      actions: clerk.actions.filter((a) => !masterData.test(a)),
    });
    expect(trimmed.json().code, trimmed.body).toBe('200');
    await grantNewKindActions(db);
    expect(
      (await rolesOf(admin)).find((r) => r.roleCode === 'mdclerk')!.actions.some((a) => masterData.test(a)),
    ).toBe(false);
    // A user of that role reads materials (the pickers of every form) but may not save one.
    const user = await post('/apis/ElsAccountService/add', admin, {
      elsSubAccount: 'mdclerk1',
      password: server.cipher.encrypt('Start123'),
      name: 'Master data clerk',
      mobile: '13812345679',
      roleIds: [clerk.id],
    });
    expect(user.json().code, user.body).toBe('200');
    const session = await login(server, '100000', 'mdclerk1', 'Start123');
    const list = await post('/apis/masterdata/PurchaseMaterialService/findPageList', session, {
      currentPage: 1,
      pageSize: 10,
    });
    expect(list.json().code, list.body).toBe('200');
    expect((list.json().data as { records: unknown[] }).records.length).toBeGreaterThan(0);
    const save = await post('/apis/masterdata/PurchaseMaterialService/save', session, {
      materialNumber: 'MD-CLERK-1',
      materialName: 'x',
      baseUnit: 'PCS',
    });
    expect(save.statusCode).toBe(403);
    expect(save.json().code).toBe('403');
  });
});
