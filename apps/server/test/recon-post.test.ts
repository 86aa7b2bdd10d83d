import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ItemType } from '@srm/contracts/finance';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * A statement's posting under the buyer's approval (issue #15 "approval where configured", task type
 * "reconPost") and the ERP push of a posted statement, through the API with a real HTTP receiver standing
 * in for the ERP. The kernel puts any generated action whose definition names an approval flow under it:
 * asking waits (postAuditStatus 1) and changes nothing else; a rejection or a withdrawal leaves the
 * statement confirmed; the last approval posts it with the voucher it was asked with; the push job then
 * sends it once, and a refused push can be sent again.
 */
let server: TestServer;
let buyer: Session;
let admin: Session;
let supplier: Session;
let erp: Server;
const received: Array<{ kind: string; number: string; document: Record<string, string>; lines: unknown[] }> =
  [];
/** Statement numbers the fake ERP refuses (answers 500) until removed. */
const refused = new Set<string>();
const { post, get } = callsOf(() => server);
const RECON_SALE = '/apis/finance/SaleReconService';
const RECON_BUY = '/apis/finance/PurchaseReconService';
const PERIOD = { beginDate: '2000-01-01', endDate: '2099-12-31' };

type Statement = Record<string, string> & { version: number };
let statement: Statement;

beforeAll(async () => {
  erp = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const event = JSON.parse(body) as (typeof received)[number];
      if (refused.has(event.number)) {
        res.writeHead(500).end('period closed');
        return;
      }
      received.push(event);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ erpNumber: `GL-${event.number}` }));
    });
  });
  await new Promise<void>((r) => erp.listen(0, '127.0.0.1', r));
  const port = (erp.address() as AddressInfo).port;
  server = await createTestServer({
    LOGIN_LIMIT_PER_ACCOUNT: '100000',
    LOGIN_LIMIT_PER_IP: '100000',
    ERP_PUSH_URL: `http://127.0.0.1:${port}/erp`,
    ERP_PUSH_TIMEOUT_MS: '2000',
    JOB_POLL_MS: '100',
  });
  buyer = await login(server, '100000', 'buyer1');
  admin = await login(server, '100000', 'admin');
  supplier = await login(server, '200001', 'admin');
  const current = (await get('/apis/CommonAuditService/findConfig/reconPost', admin)).json().data;
  const saved = await post('/apis/CommonAuditService/saveConfig', admin, {
    version: current?.version,
    documentKind: 'reconPost',
    steps: [{ name: '过账审批', approverType: 'user', approvers: ['admin'] }],
  });
  expect(saved.json().code, saved.json().message).toBe('200');
});
afterAll(async () => {
  await server?.close();
  await new Promise((r) => erp?.close(r));
});

const detail = async (id: string) =>
  (await get(`${RECON_BUY}/findDetail/${id}`, buyer)).json().data.record as Statement;

/** The admin's open approval task of this statement's posting. */
async function postingTask(id: string) {
  const list = (
    await post('/apis/CommonAuditService/todoPagelist', admin, { currentPage: 1, pageSize: 50 })
  ).json().data.records as Array<{ id: string; documentId: string; documentKind: string }>;
  return list.find((t) => t.documentId === id && t.documentKind === 'reconPost');
}

/** Waits (at most 15 s) until the statement's ERP push has an outcome other than "pushing". */
async function pushOutcome(id: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const record = await detail(id);
    if (record.erpPushStatus !== 'P' || Date.now() > deadline) return record;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('posting a statement under approval', () => {
  it('starts from a statement the buyer confirmed', async () => {
    const open = await post(`${RECON_SALE}/findReconcilable`, supplier, { elsAccount: '100000', ...PERIOD });
    const lines = (open.json().data.lines as Array<{ itemType: ItemType; sourceId: string }>).filter(
      (l) => l.itemType === '1',
    );
    expect(lines.length).toBeGreaterThan(0);
    const saved = await post(`${RECON_SALE}/save`, supplier, {
      elsAccount: '100000',
      ...PERIOD,
      lines: lines.map((l) => ({ itemType: l.itemType, sourceId: l.sourceId })),
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    statement = saved.json().data;
    statement = (
      await post(`${RECON_SALE}/send/${statement.id}`, supplier, { version: statement.version })
    ).json().data;
    statement = (
      await post(`${RECON_BUY}/confirm/${statement.id}`, buyer, { version: statement.version })
    ).json().data;
    expect(statement).toMatchObject({ checkStatus: '2', postAuditStatus: '0', erpPushStatus: '0' });
  });

  it('waits for the approver and changes nothing else; the approver rejects with a reason', async () => {
    const asked = await post(`${RECON_BUY}/post/${statement.id}`, buyer, {
      version: statement.version,
      voucherNumber: 'V-2026-001',
    });
    expect(asked.json().code, asked.json().message).toBe('200');
    statement = asked.json().data;
    expect(statement).toMatchObject({ checkStatus: '2', postAuditStatus: '1' });
    expect(statement.voucherNumber ?? null).toBeNull();
    // Asking twice is refused: the posting already waits.
    const again = await post(`${RECON_BUY}/post/${statement.id}`, buyer, {
      version: statement.version,
      voucherNumber: 'V-2026-001',
    });
    expect(again.json().code).toBe('400');
    const task = await postingTask(statement.id);
    expect(task).toBeDefined();
    const rejected = await post(`/apis/CommonAuditService/reject/${task?.id}`, admin, {
      remark: '凭证号错误',
    });
    expect(rejected.json().code, rejected.json().message).toBe('200');
    statement = await detail(statement.id);
    expect(statement).toMatchObject({ checkStatus: '2', postAuditStatus: '3' });
    expect(received.filter((e) => e.number === statement.reconNumber)).toHaveLength(0);
  });

  it('can be withdrawn by the buyer while it waits', async () => {
    statement = (
      await post(`${RECON_BUY}/post/${statement.id}`, buyer, {
        version: statement.version,
        voucherNumber: 'V-2026-002',
      })
    ).json().data;
    expect(statement.postAuditStatus).toBe('1');
    const withdrawn = await post(`${RECON_BUY}/withdrawPost/${statement.id}`, buyer, {
      version: statement.version,
    });
    expect(withdrawn.json().code, withdrawn.json().message).toBe('200');
    statement = withdrawn.json().data;
    expect(statement).toMatchObject({ checkStatus: '2', postAuditStatus: '4' });
    expect(await postingTask(statement.id)).toBeUndefined();
  });

  it('posts with the asked voucher on the last approval; the ERP push runs once and can be repeated after a refusal', async () => {
    refused.add(statement.reconNumber);
    statement = (
      await post(`${RECON_BUY}/post/${statement.id}`, buyer, {
        version: statement.version,
        voucherNumber: 'V-2026-003',
      })
    ).json().data;
    const task = await postingTask(statement.id);
    const approved = await post(`/apis/CommonAuditService/approve/${task?.id}`, admin, {});
    expect(approved.json().code, approved.json().message).toBe('200');
    statement = await pushOutcome(statement.id);
    expect(statement).toMatchObject({
      checkStatus: '4',
      postAuditStatus: '2',
      voucherNumber: 'V-2026-003',
      erpPushStatus: 'E',
    });
    expect(statement.erpPushMessage).toContain('500');
    // The trail shows who asked, who approved, and the posting itself.
    const trail = (await get(`${RECON_BUY}/findDetail/${statement.id}`, buyer)).json().data.trail as Array<{
      action: string;
    }>;
    expect(trail.map((t) => t.action)).toEqual(expect.arrayContaining(['postSubmit', 'postApprove', 'post']));

    refused.delete(statement.reconNumber);
    const again = await post(`${RECON_BUY}/pushErp/${statement.id}`, buyer, { version: statement.version });
    expect(again.json().code, again.json().message).toBe('200');
    statement = await pushOutcome(statement.id);
    expect(statement).toMatchObject({ erpPushStatus: 'S', erpVoucherNumber: `GL-${statement.reconNumber}` });
    const pushed = received.filter((e) => e.number === statement.reconNumber);
    expect(pushed).toHaveLength(1);
    expect(pushed[0]).toMatchObject({ kind: 'recon', document: { voucherNumber: 'V-2026-003' } });
    expect(pushed[0].lines.length).toBeGreaterThan(0);
    // Pushed: nothing to push again.
    const twice = await post(`${RECON_BUY}/pushErp/${statement.id}`, buyer, { version: statement.version });
    expect(twice.json().code).toBe('400');
  });

  it('is the buyer’s: the supplier has no posting call', async () => {
    const tried = await post(`${RECON_SALE}/post/${statement.id}`, supplier, {
      version: statement.version,
      voucherNumber: 'X',
    });
    expect(tried.statusCode).toBe(404);
  });
});
