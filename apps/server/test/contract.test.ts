// @postgres: flow:contract — contracts: save rules, approval, signing, termination, tenant isolation
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContractHeader, priceExcludingTax } from '../src/modules/contract/contract.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Contracts (issue #36, first slice): a contract saved with lines, clauses and payment stages; seed 001 §5's
 * rules each refused naming the field in both languages (termination after effective date, progress amount
 * 0 … amount, at least one clause, clause title, a source and a linked supplier, a stage's ratio or amount);
 * submit (approved at once without steps) → send for signing → the supplier signs → effective; the supplier's
 * send-back needs a reason and returns the contract to the buyer's editing; termination needs a reason;
 * another company and another supplier see 404.
 */
let server: TestServer;
let buyer: Session;
let supplier: Session;
let otherSupplier: Session;
let otherBuyer: Session;
const { post, get } = callsOf(() => server);
const BUY = '/apis/contract/PurchaseContractService';
const SALE = '/apis/contract/SaleContractService';
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  buyer = await login(server, '100000', 'buyer1');
  supplier = await login(server, '200001', 'admin');
  otherSupplier = await login(server, '200002', 'admin');
  otherBuyer = await login(server, '100002', 'admin');
});
afterAll(async () => {
  await server?.close();
});

const body = (extra: Record<string, unknown> = {}) => ({
  contractName: '测试采购合同',
  contractType: 'PURCHASE',
  toElsAccount: '200001',
  sourceType: 'enquiry',
  sourceNumber: 'rfq-test-1',
  contractAmount: '10000',
  progressAmount: '0',
  effectiveDate: day(1),
  terminationDate: day(366),
  paymentTerms: '月结 30 天',
  lines: [
    {
      materialNumber: 'R-0603-10K',
      quantity: '100000',
      unit: 'PCS',
      priceIncludingTax: '0.0226',
      taxRate: '13',
    },
    { materialNumber: 'C-0805-100N', quantity: '2000', unit: 'PCS', priceIncludingTax: '0.05' },
  ],
  clauses: [
    { clauseTitle: '合同标的', clauseBody: '按标的清单供货', clauseCode: 'CL-001', clauseVersion: 2 },
    { clauseTitle: '质量保证', clauseBody: '质保 24 个月' },
  ],
  paymentStages: [
    { stageName: '预付款', payRatio: '30', plannedDate: day(10) },
    { stageName: '尾款', payAmount: '7000.00', plannedDate: day(90) },
  ],
  ...extra,
});

/** Saves and expects a refusal whose message names `en` in English and `zh` in Chinese. */
async function refused(extra: Record<string, unknown>, en: string, zh: string) {
  const res = (await post(`${BUY}/save`, buyer, body(extra))).json();
  expect(res.code, JSON.stringify(res)).toBe('400');
  expect(res.message).toContain(en);
  const zhRes = (await post(`${BUY}/save`, buyer, body(extra), 'zh_cn')).json();
  expect(zhRes.code).toBe('400');
  expect(zhRes.message).toContain(zh);
}

describe('contract rules', () => {
  it('derives the price excl. tax and checks dates and the progress amount', () => {
    expect(priceExcludingTax('113', '13')).toBe('100.000000');
    expect(priceExcludingTax('0.0226', null)).toBe('0.022600');
    const ok = {
      effectiveDate: '2026-12-01',
      terminationDate: '2027-11-30',
      evergreen: 'N',
      contractAmount: '100.00',
      progressAmount: '100.00',
    };
    expect(() => checkContractHeader(ok)).not.toThrow();
    expect(() => checkContractHeader({ ...ok, terminationDate: '2026-12-01' })).toThrow();
    expect(() => checkContractHeader({ ...ok, terminationDate: null })).toThrow();
    expect(() => checkContractHeader({ ...ok, terminationDate: null, evergreen: 'Y' })).not.toThrow();
    expect(() => checkContractHeader({ ...ok, progressAmount: '100.01' })).toThrow();
  });
});

describe('contracts through the kernel', () => {
  it('refuses each of the spec’s rules naming the field', async () => {
    await refused({ terminationDate: day(1) }, 'Termination date', '终止日期');
    await refused({ terminationDate: undefined }, 'Termination date', '终止日期');
    await refused({ progressAmount: '10000.01' }, 'Progress amount', '合同进度金额');
    await refused({ progressAmount: '-1' }, 'Progress amount', '合同进度金额');
    await refused({ clauses: [] }, 'Clauses', '合同条款');
    await refused({ clauses: [{ clauseTitle: ' ', clauseBody: 'x' }] }, 'Clause title', '条款标题');
    await refused({ sourceNumber: undefined }, 'Source number', '来源单号');
    await refused({ sourceType: undefined }, 'Source type', '来源单据类型');
    await refused({ toElsAccount: undefined }, 'Supplier account', '供应商账号');
    await refused({ toElsAccount: '200099' }, '200099', '200099');
    await refused(
      { paymentStages: [{ stageName: '预付款', payRatio: '30', payAmount: '3000' }] },
      'Payment stages, line 10',
      '付款阶段第 10 行',
    );
    await refused(
      { paymentStages: [{ stageName: '预付款' }] },
      'Payment stages, line 10',
      '付款阶段第 10 行',
    );
    // Nothing was written by the refusals.
    const list = (
      await post(`${BUY}/findPageList`, buyer, { currentPage: 1, pageSize: 100, sourceNumber: 'RFQ-TEST-1' })
    ).json();
    expect(list.code).toBe('200');
    expect(
      list.data.records.filter((r: { sourceNumber: string }) => r.sourceNumber === 'RFQ-TEST-1'),
    ).toHaveLength(0);
  });

  it('saves, approves, sends, is signed by the supplier and terminated with a reason', async () => {
    const saved = (await post(`${BUY}/save`, buyer, body())).json();
    expect(saved.code, saved.message).toBe('200');
    const id = saved.data.id as string;
    expect(saved.data.contractNumber).toMatch(/^CT\d+/);
    expect(saved.data.contractStatus).toBe('0');
    expect(saved.data.sourceNumber).toBe('RFQ-TEST-1');
    expect(saved.data.supplierName).toBeTruthy();

    const detail = (await get(`${BUY}/findDetail/${id}`, buyer)).json().data;
    expect(
      detail.lines.map((l: Record<string, string>) => [l.lineNumber, l.priceExcludingTax, l.lineAmount]),
    ).toEqual([
      [10, '0.020000', '2260.00'],
      [20, '0.050000', '100.00'],
    ]);
    expect(
      detail.collections.clauses.map((c: Record<string, unknown>) => [
        c.lineNumber,
        c.clauseTitle,
        c.clauseVersion,
      ]),
    ).toEqual([
      [10, '合同标的', 2],
      [20, '质量保证', null],
    ]);
    expect(detail.collections.paymentStages).toHaveLength(2);
    expect(detail.actions).toContain('submit');
    // A draft is the buyer's alone.
    expect((await get(`${SALE}/findDetail/${id}`, supplier)).statusCode).toBe(404);

    const submitted = (await post(`${BUY}/submit/${id}`, buyer, { version: saved.data.version })).json();
    expect(submitted.code, submitted.message).toBe('200');
    expect(submitted.data.auditStatus).toBe('2');
    const approved = (await get(`${BUY}/findDetail/${id}`, buyer)).json().data;
    expect(approved.record.contractStatus).toBe('1');
    expect(approved.actions).toContain('sendToSign');
    expect(approved.actions).not.toContain('edit');

    const sent = (await post(`${BUY}/sendToSign/${id}`, buyer, { version: approved.record.version })).json();
    expect(sent.code, sent.message).toBe('200');
    expect(sent.data.contractStatus).toBe('2');

    // The supplier reads the same row, with the clauses.
    const seen = (await get(`${SALE}/findDetail/${id}`, supplier)).json().data;
    expect(seen.record.contractNumber).toBe(saved.data.contractNumber);
    expect(seen.collections.clauses).toHaveLength(2);
    expect(seen.actions).toEqual(expect.arrayContaining(['sign', 'sendBack']));
    // A send-back without a reason is refused.
    expect((await post(`${SALE}/sendBack/${id}`, supplier, { version: sent.data.version })).json().code).toBe(
      '400',
    );

    const signed = (await post(`${SALE}/sign/${id}`, supplier, { version: sent.data.version })).json();
    expect(signed.code, signed.message).toBe('200');
    expect(signed.data.contractStatus).toBe('3');
    expect(signed.data.signDate).toBeTruthy();

    // The buyer cannot sign, the supplier cannot terminate.
    expect((await post(`${BUY}/sign/${id}`, buyer, { version: signed.data.version })).json().code).not.toBe(
      '200',
    );
    expect(
      (await post(`${SALE}/terminate/${id}`, supplier, { version: signed.data.version, remark: 'x' })).json()
        .code,
    ).not.toBe('200');
    // Termination needs a reason.
    expect((await post(`${BUY}/terminate/${id}`, buyer, { version: signed.data.version })).json().code).toBe(
      '400',
    );
    const ended = (
      await post(`${BUY}/terminate/${id}`, buyer, { version: signed.data.version, remark: '双方协商终止' })
    ).json();
    expect(ended.code, ended.message).toBe('200');
    expect(ended.data.contractStatus).toBe('5');
    expect(ended.data.terminateReason).toBe('双方协商终止');

    // Another buyer and another supplier: 404, and not in their lists.
    expect((await get(`${BUY}/findDetail/${id}`, otherBuyer)).statusCode).toBe(404);
    expect((await get(`${SALE}/findDetail/${id}`, otherSupplier)).statusCode).toBe(404);
    const theirs = (
      await post(`${SALE}/findPageList`, otherSupplier, { currentPage: 1, pageSize: 100 })
    ).json();
    expect(theirs.data.records.map((r: { id: string }) => r.id)).not.toContain(id);
    const stale = await post(`${BUY}/close/${id}`, otherBuyer, { version: ended.data.version });
    expect(stale.statusCode).toBe(404);
  });

  it('a supplier sends a contract back with a reason; the buyer edits and sends it again', async () => {
    const saved = (
      await post(`${BUY}/save`, buyer, body({ evergreen: 'Y', terminationDate: undefined }))
    ).json();
    expect(saved.code, saved.message).toBe('200');
    const id = saved.data.id as string;
    expect(saved.data.terminationDate).toBeNull();
    await post(`${BUY}/submit/${id}`, buyer, { version: saved.data.version });
    let row = (await get(`${BUY}/findDetail/${id}`, buyer)).json().data.record;
    row = (await post(`${BUY}/sendToSign/${id}`, buyer, { version: row.version })).json().data;
    const back = (
      await post(`${SALE}/sendBack/${id}`, supplier, { version: row.version, remark: '付款比例需调整' })
    ).json();
    expect(back.code, back.message).toBe('200');
    expect(back.data.contractStatus).toBe('4');
    expect(back.data.sendBackReason).toBe('付款比例需调整');
    const again = (await get(`${BUY}/findDetail/${id}`, buyer)).json().data;
    expect(again.actions).toEqual(expect.arrayContaining(['edit', 'submit']));
    const edited = (
      await post(`${BUY}/save`, buyer, {
        ...body({ evergreen: 'Y', terminationDate: undefined }),
        id,
        version: back.data.version,
      })
    ).json();
    expect(edited.code, edited.message).toBe('200');
    expect(edited.data.sendBackReason).toBeNull();
    await post(`${BUY}/submit/${id}`, buyer, { version: edited.data.version });
    const reapproved = (await get(`${BUY}/findDetail/${id}`, buyer)).json().data.record;
    expect(reapproved.contractStatus).toBe('1');
  });

  it('the demo world holds contracts of buyer 100000 with 200001 in several states', async () => {
    const list = (await post(`${BUY}/findPageList`, buyer, { currentPage: 1, pageSize: 100 })).json();
    const statuses = new Set(list.data.records.map((r: { contractStatus: string }) => r.contractStatus));
    for (const s of ['0', '2', '3', '5']) expect(statuses).toContain(s);
    const sale = (await post(`${SALE}/findPageList`, supplier, { currentPage: 1, pageSize: 100 })).json();
    expect(sale.data.records.some((r: { contractStatus: string }) => r.contractStatus === '2')).toBe(true);
    expect(sale.data.records.some((r: { contractStatus: string }) => r.contractStatus === '0')).toBe(false);
  });
});
