import { ACTIONS } from '@srm/contracts/company-admin';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgUnit } from '../src/modules/masterdata/tables.ts';
import { purchaseOrder } from '../src/modules/order/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Attachment downloads honour function and data permissions (issue #19): the download route
 * `ElsAttachmentService/downloadFileByPortal` asks the kind's reader with the caller's session, and the
 * reader applies the caller's side's findDetail rules — the `{kind}.read` action and, on the buyer side,
 * the data permissions. A refused download reads exactly like a missing file ('404'); company admins and
 * the other party keep their access.
 */
let server: TestServer;
let admin: Session;
let buyer1: Session;
let supplier: Session;
const { post, get } = callsOf(() => server);
const BUY = '/apis/order/PurchaseOrderService';
const SALE = '/apis/order/SaleOrderService';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const ORG_A = 'AP-ORG-A';
const ORG_B = 'AP-ORG-B';

/** Order A (organisation ORG_A) and order B (ORG_B): sent orders of buyer 100000 to supplier 200001. */
let orderA: string;
let orderB: string;

function multipart(fileName: string, bytes: Buffer) {
  const boundary = '----srmattachpermboundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a PDF to a document through the kernel's attachment route; answers its filePath. */
async function attach(url: string, session: Session, fileName: string): Promise<string> {
  const body = multipart(fileName, PDF);
  const res = await server.app.inject({
    method: 'POST',
    url,
    headers: { ...session.headers, lang: 'en', ...body.headers },
    payload: body.payload,
  });
  expect(res.json().code, res.body).toBe('200');
  return res.json().data.filePath as string;
}

const download = (filePath: string, session: Session) =>
  server.app.inject({
    method: 'GET',
    url: `/apis/ElsAttachmentService/downloadFileByPortal?filePath=${encodeURIComponent(filePath)}`,
    headers: session.headers,
  });

/** Whether the session downloads the file's bytes; otherwise the answer must be the missing file's. */
async function downloads(filePath: string, session: Session): Promise<boolean> {
  const res = await download(filePath, session);
  if (res.statusCode === 200) {
    expect(res.rawPayload.equals(PDF)).toBe(true);
    return true;
  }
  const missing = await download(`${filePath.slice(0, -4)}-missing.pdf`, session);
  expect(res.statusCode).toBe(404);
  expect(res.statusCode).toBe(missing.statusCode);
  expect(res.body).toBe(missing.body);
  expect(res.body).not.toContain(filePath);
  return false;
}

/** A sub-account of `elsAccount` whose one role holds the whole catalogue except `without`. */
async function userWithout(companyAdmin: Session, elsAccount: string, name: string, without: string[]) {
  const role = await post('/apis/ElsRoleService/add', companyAdmin, {
    roleCode: `ap-${name}`,
    roleName: '附件权限',
    roleNameEn: 'Attachment probe',
    menuIds: null,
    actions: ACTIONS.filter((a) => !without.includes(a)),
  });
  expect(role.json().code, role.body).toBe('200');
  const user = await post('/apis/ElsAccountService/add', companyAdmin, {
    elsSubAccount: name,
    password: server.cipher.encrypt('Start123'),
    name: 'Attachment probe',
    mobile: '13812345679',
    roleIds: [role.json().data.id],
  });
  expect(user.json().code, user.body).toBe('200');
  return {
    session: await login(server, elsAccount, name, 'Start123'),
    role: role.json().data as { id: string; version: number },
  };
}

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  admin = await login(server, '100000', 'admin');
  buyer1 = await login(server, '100000', 'buyer1');
  supplier = await login(server, '200001', 'admin');
  const db = server.database.db;
  const sent = await db
    .select({ id: purchaseOrder.id })
    .from(purchaseOrder)
    .where(
      and(
        eq(purchaseOrder.elsAccount, '100000'),
        eq(purchaseOrder.toElsAccount, '200001'),
        eq(purchaseOrder.sendStatus, '1'),
      ),
    )
    .orderBy(asc(purchaseOrder.orderNumber))
    .limit(2);
  expect(sent).toHaveLength(2);
  [orderA, orderB] = sent.map((o) => o.id);
  // Known organisations on the two orders (the dimension the order maps; the demo may repeat one).
  await db.update(purchaseOrder).set({ purchaseOrganization: ORG_A }).where(eq(purchaseOrder.id, orderA));
  await db.update(purchaseOrder).set({ purchaseOrganization: ORG_B }).where(eq(purchaseOrder.id, orderB));
  // Data permission values must be the company's organisation records (issue #19).
  await db.insert(orgUnit).values(
    [ORG_A, ORG_B].map((code) => ({
      elsAccount: '100000',
      unitType: 'purchaseOrganization' as const,
      code,
      name: code,
      createUser: 'test',
      lastUpdateUser: 'test',
    })),
  );
});
afterAll(async () => {
  await server?.close();
});

describe('attachment downloads under function and data permissions (issue #19)', () => {
  it('refuses a file of its own company’s order to a user without order.read, as if it were missing', async () => {
    const buyerFile = await attach(`${BUY}/attachments/${orderA}`, admin, 'buyer.pdf');
    const supplierFile = await attach(`${SALE}/attachments/${orderA}`, supplier, 'supplier.pdf');
    const { session, role } = await userWithout(admin, '100000', 'apnoread', ['order.read']);
    // The detail answers 403 for the missing action; the download answers as for a missing file.
    expect((await get(`${BUY}/findDetail/${orderA}`, session)).json().code).toBe('403');
    expect(await downloads(buyerFile, session)).toBe(false);
    expect(await downloads(supplierFile, session)).toBe(false);
    // The same user once its role grants order.read (no new login: the role is read per call).
    const edited = await post('/apis/ElsRoleService/edit', admin, {
      id: role.id,
      version: role.version,
      roleName: '附件权限',
      roleNameEn: 'Attachment probe',
      menuIds: null,
      actions: ACTIONS,
    });
    expect(edited.json().code, edited.body).toBe('200');
    expect(await downloads(buyerFile, session)).toBe(true);
    expect(await downloads(supplierFile, session)).toBe(true);
    // The company admin holds every action; the supplier (the other party) still downloads both.
    expect(await downloads(buyerFile, admin)).toBe(true);
    expect(await downloads(buyerFile, supplier)).toBe(true);
    expect(await downloads(supplierFile, supplier)).toBe(true);
  });

  it('refuses a file of an order outside the user’s data permissions and serves one inside', async () => {
    const fileA = await attach(`${BUY}/attachments/${orderA}`, admin, 'org-a.pdf');
    const fileB = await attach(`${BUY}/attachments/${orderB}`, admin, 'org-b.pdf');
    const supplierFileB = await attach(`${SALE}/attachments/${orderB}`, supplier, 'supplier-b.pdf');
    // Without values buyer1 sees every order of the company.
    expect(await downloads(fileA, buyer1)).toBe(true);
    expect(await downloads(fileB, buyer1)).toBe(true);
    const scope = await post(
      `/apis/ElsAccountService/saveDataPermission/${buyer1.elsSubaccountInfoDTO.id}`,
      admin,
      { items: { purchaseOrg: [ORG_A] } },
    );
    expect(scope.json().code, scope.body).toBe('200');
    try {
      // The detail and the download agree: A inside the values, B outside.
      expect((await get(`${BUY}/findDetail/${orderA}`, buyer1)).json().code).toBe('200');
      expect((await get(`${BUY}/findDetail/${orderB}`, buyer1)).json().code).toBe('404');
      expect(await downloads(fileA, buyer1)).toBe(true);
      expect(await downloads(fileB, buyer1)).toBe(false);
      expect(await downloads(supplierFileB, buyer1)).toBe(false);
      // The company admin and the supplier are not limited by buyer1's values.
      expect(await downloads(fileB, admin)).toBe(true);
      expect(await downloads(fileB, supplier)).toBe(true);
      expect(await downloads(supplierFileB, supplier)).toBe(true);
    } finally {
      await post(`/apis/ElsAccountService/saveDataPermission/${buyer1.elsSubaccountInfoDTO.id}`, admin, {
        items: {},
      });
    }
    expect(await downloads(fileB, buyer1)).toBe(true);
  });

  it('refuses a supplier user without order.read, while its company admin downloads', async () => {
    const buyerFile = await attach(`${BUY}/attachments/${orderA}`, admin, 'for-supplier.pdf');
    const supplierFile = await attach(`${SALE}/attachments/${orderA}`, supplier, 'own.pdf');
    const { session } = await userWithout(supplier, '200001', 'apsalenoread', ['order.read']);
    expect(await downloads(buyerFile, session)).toBe(false);
    expect(await downloads(supplierFile, session)).toBe(false);
    expect(await downloads(buyerFile, supplier)).toBe(true);
  });

  it('keeps files without a document reader to their own company', async () => {
    const body = multipart('plain.pdf', PDF);
    const res = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsAttachmentService/upload',
      headers: { ...buyer1.headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.json().code, res.body).toBe('200');
    const filePath = res.json().data.filePath as string;
    expect(await downloads(filePath, buyer1)).toBe(true);
    expect(await downloads(filePath, admin)).toBe(true);
    expect(await downloads(filePath, supplier)).toBe(false);
  });
});
