// @postgres: flow:appraisal — an appraisal run with computed figures, expert scoring and the grade proposed as a lifecycle request
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierStatusChange } from '../src/modules/supplier-lifecycle/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Appraisal API (issue #17) on the demo world: template rules in the caller's language, a run over 200001
 * and 200003 with computed figures, experts scoring only their items, rating statuses, finishing with the
 * grade proposed as a lifecycle request, and the supplier seeing only its own scorecard.
 */
let server: TestServer;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const T = '/apis/appraisal/PurchaseAppraisalTemplateService';
const R = '/apis/appraisal/PurchaseAppraisalService';
const SALE = '/apis/appraisal/SaleAppraisalService';

const ITEMS = [
  { itemName: '准时交货率', dimension: 'delivery', weight: 20, kind: 'computed', metric: 'onTimeDelivery' },
  { itemName: '退货率', dimension: 'quality', weight: 30, kind: 'computed', metric: 'returnRate' },
  { itemName: '价格竞争力', dimension: 'cost', weight: 20, kind: 'computed', metric: 'priceCompetitiveness' },
  { itemName: '响应及时率', dimension: 'service', weight: 10, kind: 'computed', metric: 'responsiveness' },
  { itemName: '技术支持', dimension: 'expert', weight: 10, kind: 'manual', scaleMax: 10, guidance: '0–10' },
  { itemName: '配合度', dimension: 'expert', weight: 10, kind: 'manual', scaleMax: 100 },
];
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  s.admin = await login(server, '100000', 'admin');
  s.buyer1 = await login(server, '100000', 'buyer1');
  s.other = await login(server, '100002', 'admin');
  s['200001'] = await login(server, '200001', 'admin');
  s['200003'] = await login(server, '200003', 'admin');
}, 120_000);
afterAll(async () => {
  await server?.close();
});

let template: { id: string; version: number };
let run: {
  run: { id: string; version: number; appraisalNumber: string };
  results: Array<{ id: string; toElsAccount: string; ratingStatus: string; grade: string | null }>;
  scores: Array<{
    toElsAccount: string;
    itemId: string;
    rate: number | null;
    evidence?: unknown[];
    evidenceCount: number;
  }>;
};

describe('templates', () => {
  it('refuses weights not totalling 100, in the caller’s language', async () => {
    const body = {
      templateName: 'x',
      items: [
        { ...ITEMS[0], weight: 50 },
        { ...ITEMS[1], weight: 40 },
      ],
    };
    const zh = (await post(`${T}/save`, s.admin, body, 'zh_cn')).json();
    expect(zh.code).toBe('400');
    expect(zh.message).toContain('权重之和必须为100');
    const en = (await post(`${T}/save`, s.admin, body)).json();
    expect(en.message).toContain('Sum of weights must be 100');
  });

  it('refuses an empty weight naming the field, and duplicate names', async () => {
    const missing = (
      await post(`${T}/save`, s.admin, { templateName: 'x', items: [{ ...ITEMS[0], weight: undefined }] })
    ).json();
    expect(missing.code).toBe('400');
    expect(missing.message).toContain('body.items.0.weight');
    const dup = (
      await post(`${T}/save`, s.admin, {
        templateName: 'x',
        items: [
          { ...ITEMS[4], weight: 50 },
          { ...ITEMS[4], weight: 50 },
        ],
      })
    ).json();
    expect(dup.code).toBe('400');
    expect(dup.message).toContain('Duplicate evaluation item name: 技术支持');
  });

  it('saves, releases (409 when stale) and hides it from another buyer', async () => {
    const saved = (await post(`${T}/save`, s.admin, { templateName: '季度考评', items: ITEMS })).json();
    expect(saved.code).toBe('200');
    expect(saved.data.items.map((i: { itemId: string }) => i.itemId)).toEqual([
      'i1',
      'i2',
      'i3',
      'i4',
      'i5',
      'i6',
    ]);
    expect(saved.data.excellentMin).toBe(90);
    const stale = await post(`${T}/release/${saved.data.id}`, s.admin, { version: saved.data.version + 1 });
    expect(stale.json().code).toBe('409');
    const released = (
      await post(`${T}/release/${saved.data.id}`, s.admin, { version: saved.data.version })
    ).json();
    expect(released.data.templateStatus).toBe('1');
    template = released.data;
    expect((await get(`${T}/findDetail/${template.id}`, s.other)).json().code).toBe('404');
    expect((await post(`${T}/findPageList`, s['200001'], {})).json().code).toBe('403');
  });
});

describe('a run', () => {
  it('fills in the computed figures with their evidence for the suppliers', async () => {
    const res = (
      await post(`${R}/create`, s.admin, {
        templateId: template.id,
        periodFrom: day(-60),
        periodTo: day(1),
        suppliers: ['200001', '200003'],
        experts: [
          { itemId: 'i5', elsSubAccount: 'buyer1' },
          { itemId: 'i6', elsSubAccount: 'admin' },
        ],
      })
    ).json();
    expect(res.code).toBe('200');
    run = res.data;
    expect(run.run.appraisalNumber).toMatch(/^AR\d+/);
    expect(run.results.map((r) => [r.toElsAccount, r.ratingStatus])).toEqual([
      ['200001', '0'],
      ['200003', '0'],
    ]);
    // The demo world received goods from 200001 (partly and fully received notices) and took one return.
    const onTime = run.scores.find((x) => x.toElsAccount === '200001' && x.itemId === 'i1');
    expect(onTime?.rate).not.toBeNull();
    expect(onTime?.evidenceCount).toBeGreaterThan(0);
    const returns = run.scores.find((x) => x.toElsAccount === '200001' && x.itemId === 'i2');
    expect(returns?.evidenceCount).toBeGreaterThan(0);
    // The run's answer carries counts only; a figure's documents come when it is opened, as many as counted.
    expect(run.scores.some((x) => x.evidence !== undefined)).toBe(false);
    const rows = (await get(`${R}/findEvidence/${run.run.id}?toElsAccount=200001&itemId=i1`, s.admin)).json();
    expect(rows.code).toBe('200');
    expect(rows.data).toHaveLength(onTime?.evidenceCount ?? -1);
    expect(rows.data.every((e: { number: string }) => /^DN\d+/.test(e.number))).toBe(true);
  });

  it('gives a figure’s evidence to the run’s own company only, and 404 for an unknown figure', async () => {
    const other = await get(`${R}/findEvidence/${run.run.id}?toElsAccount=200001&itemId=i1`, s.other);
    expect(other.json().code).toBe('404');
    const unknown = await get(`${R}/findEvidence/${run.run.id}?toElsAccount=200001&itemId=nope`, s.admin);
    expect(unknown.json().code).toBe('404');
    const missing = await get(`${R}/findEvidence/${run.run.id}?itemId=i1`, s.admin);
    expect(missing.json().code).toBe('400');
  });

  it('refuses an unknown expert and an empty period', async () => {
    const base = { templateId: template.id, periodFrom: day(-30), periodTo: day(1) };
    const e = (
      await post(`${R}/create`, s.admin, { ...base, experts: [{ itemId: 'i5', elsSubAccount: 'nobody' }] })
    ).json();
    expect(e.code).toBe('400');
    expect(e.message).toContain('nobody');
    const p = (await post(`${R}/create`, s.admin, { ...base, periodTo: base.periodFrom })).json();
    expect(p.code).toBe('400');
  });

  it('an expert scores only the items assigned to them; rating statuses follow', async () => {
    const notMine = await post(`${R}/score/${run.run.id}`, s.buyer1, {
      scores: [{ toElsAccount: '200001', itemId: 'i6', score: 80 }],
    });
    expect(notMine.json().code).toBe('403');
    const computed = await post(`${R}/score/${run.run.id}`, s.buyer1, {
      scores: [{ toElsAccount: '200001', itemId: 'i1', score: 80 }],
    });
    expect(computed.json().code).toBe('400');
    const over = await post(`${R}/score/${run.run.id}`, s.buyer1, {
      scores: [{ toElsAccount: '200001', itemId: 'i5', score: 11 }],
    });
    expect(over.json().code).toBe('400');
    const tasks = (await get(`${R}/myScoring`, s.buyer1)).json().data;
    expect(tasks[0].items.map((i: { itemId: string }) => i.itemId)).toEqual(['i5']);
    const ok = (
      await post(`${R}/score/${run.run.id}`, s.buyer1, {
        scores: [{ toElsAccount: '200001', itemId: 'i5', score: 9 }],
      })
    ).json();
    expect(
      ok.data.results.find((r: { toElsAccount: string }) => r.toElsAccount === '200001').ratingStatus,
    ).toBe('1');
    const early = (await post(`${R}/finish/${run.run.id}`, s.admin, { version: ok.data.run.version })).json();
    expect(early.code).toBe('400');
    expect(early.message).toContain('2 suppliers are not fully rated');
  });

  it('finishes: totals, grades, ranks, and the grade proposed through the lifecycle', async () => {
    await post(`${R}/score/${run.run.id}`, s.buyer1, {
      scores: [{ toElsAccount: '200003', itemId: 'i5', score: 5 }],
    });
    const scored = (
      await post(`${R}/score/${run.run.id}`, s.admin, {
        scores: [
          { toElsAccount: '200001', itemId: 'i6', score: 90 },
          { toElsAccount: '200003', itemId: 'i6', score: 40 },
        ],
      })
    ).json();
    expect(scored.data.results.every((r: { ratingStatus: string }) => r.ratingStatus === '2')).toBe(true);
    const done = (
      await post(`${R}/finish/${run.run.id}`, s.admin, { version: scored.data.run.version })
    ).json();
    expect(done.code).toBe('200');
    expect(done.data.run.runStatus).toBe('1');
    const results = done.data.results as Array<{
      toElsAccount: string;
      totalScore: number;
      grade: string;
      rankNo: number;
      proposalNumber: string | null;
      proposalNote: string;
    }>;
    for (const r of results) {
      expect(r.totalScore).toBeGreaterThanOrEqual(0);
      expect(r.rankNo).toBeGreaterThanOrEqual(1);
    }
    // Every proposal that was made is a submitted supplierGrade request with the grade as target.
    const proposed = results.filter((r) => r.proposalNote === 'proposed');
    for (const r of proposed) {
      const [request] = await server.database.db
        .select()
        .from(supplierStatusChange)
        .where(
          and(
            eq(supplierStatusChange.elsAccount, '100000'),
            eq(supplierStatusChange.requestNumber, r.proposalNumber as string),
          ),
        );
      expect(request.requestType).toBe('supplierGrade');
      expect(request.toStatus).toBe(r.grade);
      expect(request.toElsAccount).toBe(r.toElsAccount);
    }
    // Both demo suppliers are 'qualified': a different grade is proposed, the same one is not.
    for (const r of results) expect(r.proposalNote).toBe(r.grade === 'qualified' ? 'unchanged' : 'proposed');
    const again = await post(`${R}/finish/${run.run.id}`, s.admin, { version: done.data.run.version });
    expect(again.json().code).toBe('400');
  });

  it('exports the results to Excel, in the caller’s language, only for its buyer', async () => {
    const file = await server.app.inject({
      method: 'GET',
      url: `${R}/export/${run.run.id}?format=xlsx`,
      headers: { ...s.admin.headers, lang: 'en' },
    });
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const { readWorkbook } = await import('../src/platform/excel.ts');
    const rows = await readWorkbook(file.rawPayload, [
      { key: 'toElsAccount', zh_cn: '供应商账号', en: 'Supplier account' },
      { key: 'totalScore', zh_cn: '总分', en: 'Total' },
    ]);
    expect(rows.map((r) => r.values.toElsAccount).sort()).toEqual(['200001', '200003']);
    expect((await get(`${R}/export/${run.run.id}`, s.other)).json().code).toBe('404');
  });
});

describe('the supplier’s view', () => {
  it('shows 200001 only its own scorecard: no other supplier’s name or score', async () => {
    const list = (await post(`${SALE}/findPageList`, s['200001'], {})).json();
    expect(list.code).toBe('200');
    // The demo's finished run and this one.
    expect(list.data.records).toHaveLength(2);
    const id = list.data.records.find(
      (r: { appraisalNumber: string }) => r.appraisalNumber === run.run.appraisalNumber,
    ).id;
    const res = await get(`${SALE}/findDetail/${id}`, s['200001']);
    const card = res.json().data;
    expect(card.scores.every((x: { toElsAccount: string }) => x.toElsAccount === '200001')).toBe(true);
    expect(card.rankBand).toMatch(/^(top10|top25|top50|bottom50)$/);
    expect(card.trend).toHaveLength(2);
    const raw = res.body + JSON.stringify(list);
    expect(raw).not.toContain('200003');
    expect(raw).not.toContain('无锡精工');
    expect(raw).not.toContain('rankNo');
    const evidence = card.scores.find((x: { itemId: string }) => x.itemId === 'i1').evidence;
    expect(evidence.length).toBeGreaterThan(0);
  });

  it('prints the scorecard as a PDF for the supplier and the buyer, for no one else', async () => {
    const [card] = (await post(`${SALE}/findPageList`, s['200001'], {})).json().data.records;
    const own = await get(`${SALE}/print/${card.id}`, s['200001']);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(`${SALE}/print/${card.id}`, s['200003'])).json().code).toBe('404');
    const mine = run.results.find((r) => r.toElsAccount === '200001') as { id: string };
    const buyer = await get(`${R}/print/${mine.id}`, s.admin);
    expect(buyer.headers['content-type']).toBe('application/pdf');
    expect((await get(`${R}/print/${mine.id}`, s.other)).json().code).toBe('404');
  });

  it('answers 404 for another supplier’s scorecard and 403 to buyer calls', async () => {
    const other = run.results.find((r) => r.toElsAccount === '200003') as { id: string };
    expect((await get(`${SALE}/findDetail/${other.id}`, s['200001'])).json().code).toBe('404');
    expect((await get(`${R}/findDetail/${run.run.id}`, s['200001'])).json().code).toBe('403');
    expect((await get(`${R}/findDetail/${run.run.id}`, s.other)).json().code).toBe('404');
  });

  it('takes a comment at its version (409 when stale)', async () => {
    const card = (await post(`${SALE}/findPageList`, s['200001'], {}))
      .json()
      .data.records.find((r: { appraisalNumber: string }) => r.appraisalNumber === run.run.appraisalNumber);
    const detail = (await get(`${SALE}/findDetail/${card.id}`, s['200001'])).json().data;
    const ok = (
      await post(`${SALE}/comment/${card.id}`, s['200001'], {
        version: detail.version,
        comment: '交期已改善',
      })
    ).json();
    expect(ok.data.supplierComment).toBe('交期已改善');
    const stale = await post(`${SALE}/comment/${card.id}`, s['200001'], {
      version: detail.version,
      comment: 'again',
    });
    expect(stale.json().code).toBe('409');
    const buyerView = (await get(`${R}/findDetail/${run.run.id}`, s.admin)).json().data;
    expect(
      buyerView.results.find((r: { toElsAccount: string }) => r.toElsAccount === '200001').supplierComment,
    ).toBe('交期已改善');
  });
});

describe('improvement sheets issued from a run', () => {
  const IMP = '/apis/improvement/PurchaseImprovementService';
  const IMP_SALE = '/apis/improvement/SaleImprovementService';
  let draftId = '';
  let sentId = '';

  it('keeps the run and supplier as the source; refuses a run that does not appraise the supplier', async () => {
    const number = run.run.appraisalNumber;
    const notInRun = (
      await post(`${IMP}/save`, s.admin, {
        toElsAccount: '200002',
        subject: '交期改善',
        sourceType: 'appraisal',
        sourceNumber: number,
        lines: [{ itemName: '交期' }],
      })
    ).json();
    expect(notInRun.code).toBe('400');
    expect(notInRun.message).toContain('body.sourceNumber');
    expect(notInRun.message).toContain(number);
    const unknown = (
      await post(`${IMP}/save`, s.admin, {
        toElsAccount: '200001',
        subject: '交期改善',
        sourceType: 'appraisal',
        sourceNumber: 'AR209901999',
        lines: [{ itemName: '交期' }],
      })
    ).json();
    expect(unknown.code).toBe('400');
    // Another buyer cannot name this buyer's run (200001 is linked to 100002 in the demo world or not: either
    // way the run is not 100002's).
    const foreign = (
      await post(`${IMP}/save`, s.other, {
        toElsAccount: '200001',
        subject: 'x',
        sourceType: 'appraisal',
        sourceNumber: number,
        lines: [{ itemName: 'x' }],
      })
    ).json();
    expect(foreign.code).toBe('400');
    const sent = (
      await post(`${IMP}/save`, s.admin, {
        toElsAccount: '200001',
        subject: '交期改善',
        sourceType: 'appraisal',
        sourceNumber: number.toLowerCase(),
        lines: [{ itemName: '交期' }],
      })
    ).json();
    expect(sent.code, sent.message).toBe('200');
    expect(sent.data).toMatchObject({
      sourceType: 'appraisal',
      sourceNumber: number,
      toElsAccount: '200001',
    });
    sentId = sent.data.id;
    const done = (await post(`${IMP}/send/${sentId}`, s.admin, { version: sent.data.version })).json();
    expect(done.code, done.message).toBe('200');
    const draft = (
      await post(`${IMP}/save`, s.admin, {
        toElsAccount: '200003',
        subject: '质量改善',
        sourceType: 'appraisal',
        sourceNumber: number,
        lines: [{ itemName: '质量' }],
      })
    ).json();
    expect(draft.code, draft.message).toBe('200');
    draftId = draft.data.id;
  });

  it('the sheet links to its run and scorecard, for the buyer and (sent, finished) for the supplier', async () => {
    const mine = run.results.find((r) => r.toElsAccount === '200001') as { id: string };
    const buyer = (await get(`${IMP}/findSource/${sentId}`, s.admin)).json();
    expect(buyer.code, buyer.message).toBe('200');
    expect(buyer.data).toMatchObject({
      sourceType: 'appraisal',
      sourceNumber: run.run.appraisalNumber,
      appraisal: { runId: run.run.id, resultId: mine.id, appraisalNumber: run.run.appraisalNumber },
    });
    const supplier = (await get(`${IMP_SALE}/findSource/${sentId}`, s['200001'])).json();
    expect(supplier.code, supplier.message).toBe('200');
    const card = (await post(`${SALE}/findPageList`, s['200001'], {}))
      .json()
      .data.records.find((r: { appraisalNumber: string }) => r.appraisalNumber === run.run.appraisalNumber);
    expect(supplier.data.appraisal).toMatchObject({ runId: null, resultId: card.id });
    // Tenant scoping: another buyer, another supplier, a draft for its supplier, the other side's path.
    expect((await get(`${IMP}/findSource/${sentId}`, s.other)).json().code).toBe('404');
    expect((await get(`${IMP_SALE}/findSource/${sentId}`, s['200003'])).json().code).toBe('404');
    expect((await get(`${IMP_SALE}/findSource/${draftId}`, s['200003'])).json().code).toBe('404');
    expect((await get(`${IMP_SALE}/findSource/${sentId}`, s.admin)).json().code).toBe('403');
  });

  it('the run and the scorecards list the sheets issued from them, each side only its own', async () => {
    const detail = (await get(`${R}/findDetail/${run.run.id}`, s.admin)).json().data;
    expect(
      detail.improvements.map((i: { id: string; toElsAccount: string }) => [i.id, i.toElsAccount]).sort(),
    ).toEqual(
      [
        [sentId, '200001'],
        [draftId, '200003'],
      ].sort(),
    );
    const mine = run.results.find((r) => r.toElsAccount === '200001') as { id: string };
    const printable = await import('../src/modules/appraisal/service.ts');
    const auth = {
      elsAccount: '100000',
      elsSubAccount: 'admin',
      station: 'purchase' as const,
      subaccountId: '',
      sessionId: '',
      permission: 'admin',
    };
    const scorecard = await printable.buyerScorecard(server.database.db, auth, mine.id);
    expect(scorecard.improvements.map((i) => i.id)).toEqual([sentId]);
    const card = (await post(`${SALE}/findPageList`, s['200001'], {}))
      .json()
      .data.records.find((r: { appraisalNumber: string }) => r.appraisalNumber === run.run.appraisalNumber);
    const own = (await get(`${SALE}/findDetail/${card.id}`, s['200001'])).json().data;
    expect(own.improvements.map((i: { id: string }) => i.id)).toEqual([sentId]);
    // 200003's sheet is still a draft: its scorecard lists nothing, and it never sees 200001's.
    const other = (await post(`${SALE}/findPageList`, s['200003'], {}))
      .json()
      .data.records.find((r: { appraisalNumber: string }) => r.appraisalNumber === run.run.appraisalNumber);
    const theirs = (await get(`${SALE}/findDetail/${other.id}`, s['200003'])).json().data;
    expect(theirs.improvements).toEqual([]);
    // A sheet of another buyer with the same source number is not this run's.
    const foreign = (await get(`${R}/findDetail/${run.run.id}`, s.other)).json();
    expect(foreign.code).toBe('404');
    // The draft is removed again: later tests and journeys read 200003's to-do list.
    const draft = (await get(`${IMP}/findDetail/${draftId}`, s.admin)).json().data;
    const removed = await post(`${IMP}/delete/${draftId}`, s.admin, { version: draft.record.version });
    expect(removed.json().code, removed.json().message).toBe('200');
  });
});

describe('the demo world', () => {
  it('has a released template, a finished run of last month and a run waiting for expert scores', async () => {
    const templates = (await post(`${T}/findPageList`, s.admin, { templateStatus: '1' })).json().data.records;
    const demo = templates.find((x: { templateName: string }) => x.templateName === '供应商季度综合考评');
    expect(demo.items.map((i: { weight: number }) => i.weight)).toEqual([20, 30, 20, 10, 10, 10]);
    const runs = (await post(`${R}/findPageList`, s.admin, { pageSize: 50 })).json().data.records as Array<{
      id: string;
      runStatus: string;
      remark: string;
    }>;
    expect(runs.filter((r) => r.runStatus === '1').length).toBeGreaterThanOrEqual(2);
    const waiting = (await get(`${R}/myScoring`, s.buyer1)).json().data as Array<{ appraisalNumber: string }>;
    expect(waiting.length).toBeGreaterThanOrEqual(1);
  });

  it('gives 200001 last month’s scorecard with its late deliveries and its return behind the figures', async () => {
    const from = new Date();
    from.setUTCDate(1);
    from.setUTCMonth(from.getUTCMonth() - 1);
    const lastMonth = from.toISOString().slice(0, 10);
    const records = (await post(`${SALE}/findPageList`, s['200001'], {})).json().data.records as Array<{
      id: string;
      periodFrom: string;
      templateName: string;
    }>;
    const demo = records.find((r) => r.periodFrom === lastMonth && r.templateName === '供应商季度综合考评');
    if (!demo) throw new Error('no demo scorecard for last month');
    const card = (await get(`${SALE}/findDetail/${demo.id}`, s['200001'])).json().data;
    const onTime = card.scores.find((x: { itemId: string }) => x.itemId === 'i1');
    // Three lines received: day 8 on time, days 14 and 20 after the requested day 10.
    expect(onTime.rate).toBeCloseTo(1 / 3, 4);
    expect(onTime.evidence.filter((e: { ok: boolean }) => !e.ok)).toHaveLength(2);
    expect(onTime.evidence.every((e: { number: string }) => /^DN\d+/.test(e.number))).toBe(true);
    const returns = card.scores.find((x: { itemId: string }) => x.itemId === 'i2');
    // 20 of 590 received returned.
    expect(returns.value).toBeCloseTo(20 / 590, 4);
    expect(returns.evidence.map((e: { number: string }) => e.number)[0]).toMatch(/^RT\d+/);
    const price = card.scores.find((x: { itemId: string }) => x.itemId === 'i3');
    expect(price.rate).toBeCloseTo(84 / 88, 4);
    expect(card.totalScore).toBeGreaterThan(0);
  });
});

describe('lists: keyset pages and strict answers', () => {
  type Page = {
    records: Array<{ id: string }>;
    total: number;
    totalExact: boolean;
    nextCursor: string | null;
  };
  async function walk(url: string, session: Session, pageSize: number) {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const res = (await post(url, session, { pageSize, ...(cursor ? { cursor } : {}) })).json();
      expect(res.code, res.message).toBe('200');
      const page = res.data as Page;
      ids.push(...page.records.map((r) => r.id));
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    return ids;
  }

  it('walks the templates by cursor: each row once, in the order of one big page', async () => {
    for (let i = 0; i < 6; i++) {
      const saved = await post(`${T}/save`, s.admin, {
        templateName: `分页 ${i}`,
        items: [{ ...ITEMS[0], weight: 100 }],
      });
      expect(saved.json().code).toBe('200');
    }
    const all = (await post(`${T}/findPageList`, s.admin, { pageSize: 100 })).json().data as Page;
    expect(all.totalExact).toBe(true);
    expect(all.records).toHaveLength(all.total);
    expect(all.total).toBeGreaterThan(5);
    const walked = await walk(`${T}/findPageList`, s.admin, 5);
    expect(walked).toEqual(all.records.map((r) => r.id));
    // Page 2 by number is the page after page 1's cursor.
    const first = (await post(`${T}/findPageList`, s.admin, { pageSize: 5 })).json().data as Page;
    const byNumber = (await post(`${T}/findPageList`, s.admin, { pageSize: 5, currentPage: 2 })).json().data;
    const byCursor = (
      await post(`${T}/findPageList`, s.admin, { pageSize: 5, cursor: first.nextCursor })
    ).json().data;
    expect(byCursor.records.map((r: { id: string }) => r.id)).toEqual(
      byNumber.records.map((r: { id: string }) => r.id),
    );
    // Another buyer's list holds none of them.
    const other = (await post(`${T}/findPageList`, s.other, { pageSize: 100 })).json().data as Page;
    expect(other.records.some((r) => walked.includes(r.id))).toBe(false);
  });

  it('refuses a cursor of another list, a forged cursor and a page past the window, naming the field', async () => {
    const first = (await post(`${T}/findPageList`, s.admin, { pageSize: 5 })).json().data as Page;
    expect(first.nextCursor).not.toBeNull();
    const wrongList = (
      await post(`${R}/findPageList`, s.admin, { pageSize: 5, cursor: first.nextCursor })
    ).json();
    expect(wrongList.code).toBe('400');
    expect(wrongList.message).toContain('body.cursor');
    const forged = (
      await post(`${T}/findPageList`, s.admin, {
        pageSize: 5,
        cursor: Buffer.from(JSON.stringify(['template', "1' or 1=1", 'x'])).toString('base64url'),
      })
    ).json();
    expect(forged.code).toBe('400');
    expect(forged.message).toContain('body.cursor');
    const deep = (await post(`${T}/findPageList`, s.admin, { pageSize: 5, currentPage: 2001 })).json();
    expect(deep.code).toBe('400');
    expect(deep.message).toContain('body.currentPage');
  });

  it('pages the runs and the supplier’s scorecards with exactly the documented fields', async () => {
    const all = (await post(`${R}/findPageList`, s.admin, { pageSize: 100 })).json().data as Page;
    expect(await walk(`${R}/findPageList`, s.admin, 5)).toEqual(all.records.map((r) => r.id));
    expect(Object.keys(all.records[0]).sort()).toEqual(
      [
        'appraisalNumber',
        'createDate',
        'createUser',
        'excellentMin',
        'experts',
        'finishDate',
        'goodMin',
        'id',
        'items',
        'periodFrom',
        'periodTo',
        'qualifiedMin',
        'remark',
        'runStatus',
        'supplierType',
        'templateId',
        'templateName',
        'version',
      ].sort(),
    );
    const cards = (await post(`${SALE}/findPageList`, s['200001'], { pageSize: 100 })).json().data as Page;
    expect(cards.records.length).toBeGreaterThanOrEqual(2);
    expect(await walk(`${SALE}/findPageList`, s['200001'], 5)).toEqual(cards.records.map((r) => r.id));
    for (const r of cards.records)
      expect(Object.keys(r).sort()).toEqual(
        [
          'appraisalNumber',
          'buyerName',
          'elsAccount',
          'grade',
          'id',
          'periodFrom',
          'periodTo',
          'rankBand',
          'templateName',
          'totalScore',
        ].sort(),
      );
  });
});
