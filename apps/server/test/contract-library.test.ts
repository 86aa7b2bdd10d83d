import { followsTemplate, variablesIn } from '@srm/contracts/contract-library';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../src/platform/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Contract administration (issue #36, second slice): types, the clause library in versions and templates,
 * each rule refused naming the field in both languages with nothing written; another company's id 404; a
 * stale version 409; a supplier 403. A contract made from the demo template fills the variables its sources
 * know, is refused at submit naming the one left ({{deliveryPlace}}), passes once it is filled; publishing a
 * new clause version leaves the contract's text and shows "newer version"; a changed clause is marked.
 */
let server: TestServer;
let buyer: Session;
let otherBuyer: Session;
let supplier: Session;
const { post, get } = callsOf(() => server);
const BASE = '/apis/contract';
const BUY = `${BASE}/PurchaseContractService`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  buyer = await login(server, '100000', 'buyer1');
  otherBuyer = await login(server, '100002', 'admin');
  supplier = await login(server, '200001', 'admin');
});
afterAll(async () => {
  await server?.close();
});

/** Posts and expects '400' whose message (or field errors) names `en` / `zh` in each language. */
async function refused(path: string, body: unknown, en: string, zh: string) {
  for (const [lang, text] of [
    ['en', en],
    ['zh_cn', zh],
  ] as const) {
    const res = (await post(path, buyer, body, lang)).json();
    expect(res.code, JSON.stringify(res)).toBe('400');
    const named = `${res.message} ${(res.data?.errors ?? []).map((e: { message: string }) => e.message).join(' ')}`;
    expect(named).toContain(text);
  }
}

const list = async (service: string, session = buyer) =>
  (await post(`${BASE}/${service}/list`, session, {})).json();

describe('variables and deviations', () => {
  it('finds variables and tells a filled-in text from a changed one', () => {
    expect(variablesIn('a {{x}} b {{ y.z }} {{x}}')).toEqual(['x', 'y.z']);
    expect(followsTemplate('送至 {{place}}，运费乙方承担。', '送至 上海仓，运费乙方承担。')).toBe(true);
    expect(followsTemplate('送至 {{place}}，运费乙方承担。', '送至 {{place}}，运费乙方承担。')).toBe(true);
    expect(followsTemplate('送至 {{place}}，运费乙方承担。', '送至 上海仓，运费甲方承担。')).toBe(false);
  });
});

describe('contract types', () => {
  const type = { code: 'REPAIR1', name: '维修合同', nameEn: 'Repair contract' };
  it('refuses bad input naming the field, writes nothing, and saves a good one', async () => {
    const T = `${BASE}/PurchaseContractTypeService/save`;
    await refused(T, { ...type, code: 'repair' }, 'Type code', '类型编码');
    await refused(T, { ...type, name: '' }, 'Type name', '类型名称');
    await refused(T, { ...type, defaultTemplate: 'TPL-NONE' }, 'Default template', '默认模板');
    await refused(T, { ...type, code: 'PURCHASE' }, 'Type code', '类型编码');
    expect(
      (await list('PurchaseContractTypeService')).data.map((t: { code: string }) => t.code),
    ).not.toContain('REPAIR1');
    const saved = (
      await post(T, buyer, { ...type, defaultTemplate: 'TPL-PURCHASE', amountControl: 'Y' })
    ).json();
    expect(saved.code).toBe('200');
    expect(saved.data).toMatchObject({ code: 'REPAIR1', amountControl: 'Y', version: 0 });
    // Stale version: 409, nothing changed; another company: 404; a supplier: 403.
    const edit = { ...type, id: saved.data.id, version: 0, name: '维修服务合同' };
    expect((await post(T, buyer, edit)).json().code).toBe('200');
    expect((await post(T, buyer, { ...edit, name: 'X' })).json().code).toBe('409');
    expect((await post(T, otherBuyer, { ...edit, version: 1 })).json().code).toBe('404');
    expect((await post(T, supplier, type)).statusCode).toBe(403);
    const now = (await list('PurchaseContractTypeService')).data.find(
      (t: { code: string }) => t.code === 'REPAIR1',
    );
    expect(now).toMatchObject({ name: '维修服务合同', version: 1 });
    expect((await list('PurchaseContractTypeService', otherBuyer)).data).not.toContainEqual(
      expect.objectContaining({ code: 'REPAIR1' }),
    );
  });
});

describe('clause library and templates', () => {
  const C = `${BASE}/PurchaseContractClauseService`;
  const P = `${BASE}/PurchaseContractTemplateService`;
  it('keeps published text fixed and versions it; templates name published clauses', async () => {
    const clause = {
      code: 'CL-TEST',
      title: '测试条款',
      body: '甲方为 {{company.name}}。',
      category: 'general',
    };
    await refused(`${C}/save`, { ...clause, title: ' ' }, 'Clause title', '条款标题');
    await refused(`${C}/save`, { ...clause, code: 'CL-LAW' }, 'CL-LAW', 'CL-LAW');
    const draft = (await post(`${C}/save`, buyer, clause)).json().data;
    expect(draft).toMatchObject({ clauseVersion: 1, status: 'draft' });
    // A template may not name a draft clause.
    const template = {
      code: 'TPL-TEST',
      name: '测试模板',
      items: [
        { type: 'heading', text: '总则' },
        { type: 'clause', code: 'CL-TEST' },
      ],
      validFrom: day(-1),
    };
    await refused(`${P}/save`, template, 'Template entries, entry 2', '模板条目第 2 项');
    expect((await post(`${C}/publish/${draft.id}`, buyer, { version: draft.version + 1 })).json().code).toBe(
      '409',
    );
    expect((await post(`${C}/publish/${draft.id}`, otherBuyer, { version: draft.version })).json().code).toBe(
      '404',
    );
    const published = (await post(`${C}/publish/${draft.id}`, buyer, { version: draft.version })).json().data;
    expect(published.status).toBe('published');
    await refused(
      `${C}/save`,
      { ...clause, id: draft.id, version: published.version, body: 'x' },
      'CL-TEST',
      'CL-TEST',
    );
    // The texts' limits and validity dates, each named.
    await refused(`${P}/save`, { ...template, headerText: 'x'.repeat(501) }, 'Header', '页眉');
    await refused(`${P}/save`, { ...template, footerText: 'x'.repeat(501) }, 'Footer', '页脚');
    await refused(`${P}/save`, { ...template, endContent: 'x'.repeat(2001) }, 'End content', '结尾内容');
    await refused(`${P}/save`, { ...template, validTo: day(-2) }, 'Valid to', '有效期至');
    expect((await list('PurchaseContractTemplateService')).data).not.toContainEqual(
      expect.objectContaining({ code: 'TPL-TEST' }),
    );
    const saved = (await post(`${P}/save`, buyer, { ...template, endContent: 'x'.repeat(2000) })).json();
    expect(saved.code, JSON.stringify(saved)).toBe('200');
    expect((await post(`${P}/build/${saved.data.id}`, otherBuyer, {})).json().code).toBe('404');
    const built = (await post(`${P}/build/${saved.data.id}`, buyer, {})).json().data;
    // The audit trail: the clause's creation and publication with their statuses and the actor, the
    // template's creation; the refused saves wrote nothing.
    const trail = async (kind: string, id: string) =>
      (
        await server.database.db
          .select()
          .from(auditTrail)
          .where(and(eq(auditTrail.documentKind, kind), eq(auditTrail.documentId, id)))
          .orderBy(asc(auditTrail.createDate))
      ).map((t) => [t.action, t.fromStatus, t.toStatus, t.createUser]);
    expect(await trail('contractClause', draft.id)).toEqual([
      ['create', null, 'draft', '100000_buyer1'],
      ['publish', 'draft', 'published', '100000_buyer1'],
    ]);
    expect(await trail('contractTemplate', saved.data.id)).toEqual([['create', null, null, '100000_buyer1']]);
    expect(built.clauses).toEqual([
      { clauseTitle: '总则' },
      {
        clauseTitle: '测试条款',
        clauseBody: '甲方为 {{company.name}}。',
        clauseCode: 'CL-TEST',
        clauseVersion: 1,
      },
    ]);
  });

  it('makes a contract from the demo template: variables filled, the unresolved one blocks submit', async () => {
    const templates = (await list('PurchaseContractTemplateService')).data;
    const tpl = templates.find((t: { code: string }) => t.code === 'TPL-PURCHASE');
    const built = (await post(`${P}/build/${tpl.id}`, buyer, {})).json().data;
    const header = {
      contractName: '模板合同',
      contractType: 'PURCHASE',
      templateCode: built.templateCode,
      toElsAccount: '200001',
      sourceType: 'enquiry',
      sourceNumber: 'RFQ-TPL-1',
      contractAmount: '5000',
      effectiveDate: day(1),
      terminationDate: day(100),
      lines: [{ materialNumber: 'R-0603-10K', quantity: '10', priceIncludingTax: '500' }],
      clauses: built.clauses,
    };
    await refused(`${BUY}/save`, { ...header, contractType: 'NOPE' }, 'Contract type', '合同类型');
    const saved = (await post(`${BUY}/save`, buyer, header)).json().data;
    // A type without a prefix numbers with the kind's CT; the demo's OUTSOURCE type numbers with its WX.
    expect(saved.contractNumber).toMatch(/^CT\d{10}$/);
    const outsourced = (await post(`${BUY}/save`, buyer, { ...header, contractType: 'OUTSOURCE' })).json();
    expect(outsourced.code, JSON.stringify(outsourced)).toBe('200');
    expect(outsourced.data.contractNumber).toMatch(/^WX\d{10}$/);
    const detail = (await get(`${BUY}/findDetail/${saved.id}`, buyer)).json().data;
    const clauses = detail.collections.clauses;
    const subject = clauses.find((c: { clauseCode: string }) => c.clauseCode === 'CL-SUBJECT');
    expect(subject.clauseBody).toContain('5000.00 CNY');
    expect(subject.clauseBody).not.toContain('{{');
    // Submit refused naming the variable, in both languages; nothing changed.
    for (const [lang, text] of [
      ['en', '{{deliveryPlace}}'],
      ['zh_cn', '变量 {{deliveryPlace}}'],
    ] as const) {
      const res = (
        await post(`${BUY}/submit/${saved.id}`, buyer, { version: detail.record.version }, lang)
      ).json();
      expect(res.code, JSON.stringify(res)).toBe('400');
      expect(res.message).toContain(text);
    }
    const still = (await get(`${BUY}/findDetail/${saved.id}`, buyer)).json().data.record;
    expect([still.auditStatus, still.version]).toEqual(['0', detail.record.version]);
    // Filled in: no deviation for CL-DELIVERY; CL-QUALITY is version 2 now (the demo published it).
    const filled = clauses.map((c: Record<string, unknown>) => ({
      clauseTitle: c.clauseTitle,
      clauseBody: String(c.clauseBody ?? '').replace('{{deliveryPlace}}', '上海浦东仓') || undefined,
      clauseCode: c.clauseCode ?? undefined,
      clauseVersion: c.clauseVersion ?? undefined,
    }));
    const edited = (
      await post(`${BUY}/save`, buyer, { ...header, id: saved.id, version: still.version, clauses: filled })
    ).json();
    expect(edited.code, JSON.stringify(edited)).toBe('200');
    const standings = (
      await post(`${BASE}/PurchaseContractClauseService/status/${saved.id}`, buyer, {})
    ).json();
    expect(standings.data.every((s: { changed: boolean }) => !s.changed)).toBe(true);
    expect(standings.data.find((s: { clauseCode: string }) => s.clauseCode === 'CL-QUALITY')).toMatchObject({
      clauseVersion: 2,
      newerVersion: null,
    });
    expect(
      (await post(`${BASE}/PurchaseContractClauseService/status/${saved.id}`, otherBuyer, {})).json().code,
    ).toBe('404');
    const submitted = (
      await post(`${BUY}/submit/${saved.id}`, buyer, { version: edited.data.version })
    ).json();
    expect(submitted.code, JSON.stringify(submitted)).toBe('200');
  });

  it('shows a newer version and a changed clause on the demo draft; a locked clause changed blocks submit', async () => {
    const drafts = (
      await post(`${BUY}/findPageList`, buyer, { currentPage: 1, pageSize: 50, sourceNumber: 'RFQ-DRAFT' })
    ).json().data.records;
    const draft = drafts[0];
    const standing = (
      await post(`${BASE}/PurchaseContractClauseService/status/${draft.id}`, buyer, {})
    ).json().data;
    expect(standing).toEqual([
      expect.objectContaining({
        clauseCode: 'CL-QUALITY',
        clauseVersion: 1,
        newerVersion: 2,
        changed: false,
      }),
    ]);
    // The contract's text stayed version 1's.
    const detail = (await get(`${BUY}/findDetail/${draft.id}`, buyer)).json().data;
    const quality = detail.collections.clauses.find(
      (c: { clauseCode: string }) => c.clauseCode === 'CL-QUALITY',
    );
    expect(quality.clauseBody).toContain('12 个月');
    // A locked clause (CL-LAW, version 1) with a changed text: marked, and the submit refused naming it.
    const clauses = detail.collections.clauses.map((c: Record<string, unknown>) => ({
      clauseTitle: c.clauseTitle,
      clauseBody: c.clauseBody ?? undefined,
      clauseCode: c.clauseCode ?? undefined,
      clauseVersion: c.clauseVersion ?? undefined,
    }));
    clauses.push({
      clauseTitle: '适用法律',
      clauseBody: '本合同适用香港法律。',
      clauseCode: 'CL-LAW',
      clauseVersion: 1,
    });
    const { id: _id, ...record } = detail.record;
    const saved = (
      await post(`${BUY}/save`, buyer, {
        ...Object.fromEntries(
          [
            'contractName',
            'contractType',
            'toElsAccount',
            'sourceType',
            'sourceNumber',
            'contractAmount',
            'effectiveDate',
            'terminationDate',
            'paymentTerms',
          ].map((k) => [k, record[k]]),
        ),
        id: draft.id,
        version: detail.record.version,
        lines: detail.lines.map((l: Record<string, unknown>) => ({
          materialNumber: l.materialNumber,
          quantity: l.quantity,
          priceIncludingTax: l.priceIncludingTax,
        })),
        clauses,
      })
    ).json();
    expect(saved.code, JSON.stringify(saved)).toBe('200');
    const law = (await post(`${BASE}/PurchaseContractClauseService/status/${draft.id}`, buyer, {})).json()
      .data;
    expect(law.find((s: { clauseCode: string }) => s.clauseCode === 'CL-LAW')).toMatchObject({
      changed: true,
      locked: 'Y',
    });
    const res = (
      await post(`${BUY}/submit/${draft.id}`, buyer, { version: saved.data.version }, 'en')
    ).json();
    expect(res.code).toBe('400');
    expect(res.message).toContain('CL-LAW');
  });
});
