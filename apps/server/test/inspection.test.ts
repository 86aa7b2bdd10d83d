import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierMaster } from '../src/modules/masterdata/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Factory inspections and samples (issue #16) through the API on the demo world (buyer 100000, suppliers
 * 200001 and 200002): templates with unique item names; an inspection scored within 0 … max, its total
 * summed exactly and judged against the pass score after the "inspection" approval; the supplier sees only
 * its own inspections and their scores only once concluded; a sample requested, sent, tested and concluded
 * under the "sample" approval; hostile input answers '400', never 500.
 */
let server: TestServer;
let buyer: Session;
let admin: Session;
let supplier: Session;
let other: Session;
const { post, get } = callsOf(() => server);
const TPL = '/apis/admission/PurchaseFacInsTemplateService';
const FI_BUY = '/apis/admission/PurchaseFacInsService';
const FI_SALE = '/apis/admission/SaleFacInsService';
const STPL = '/apis/admission/PurchaseSampleTemplateService';
const SP_BUY = '/apis/admission/PurchaseSampleService';
const SP_SALE = '/apis/admission/SaleSampleService';

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  buyer = await login(server, '100000', 'buyer1');
  admin = await login(server, '100000', 'admin');
  supplier = await login(server, '200001', 'admin');
  other = await login(server, '200002', 'admin');
});
afterAll(async () => {
  await server?.close();
});

async function releasedTemplate(items: Array<{ itemName: string; maxScore: string }>, passScore: string) {
  const saved = await post(`${TPL}/save`, buyer, { templateName: '通用验厂模板', passScore, lines: items });
  expect(saved.json().code, saved.json().message).toBe('200');
  const t = saved.json().data;
  const released = await post(`${TPL}/release/${t.id}`, buyer, { version: t.version });
  expect(released.json().code, released.json().message).toBe('200');
  return released.json().data as { id: string; version: number; maxTotal: string };
}

async function configure(documentKind: string) {
  const current = (await get(`/apis/CommonAuditService/findConfig/${documentKind}`, admin)).json().data;
  const saved = await post('/apis/CommonAuditService/saveConfig', admin, {
    version: current?.version,
    documentKind,
    steps: [{ name: '审批', approverType: 'user', approvers: ['admin'] }],
  });
  expect(saved.json().code, saved.json().message).toBe('200');
}

async function approveTask(documentId: string) {
  const todo = (
    await post('/apis/CommonAuditService/todoPagelist', admin, { currentPage: 1, pageSize: 50 })
  ).json().data.records as Array<{ id: string; documentId: string; link: string }>;
  const task = todo.find((t) => t.documentId === documentId);
  expect(task).toBeDefined();
  const approved = await post(`/apis/CommonAuditService/approve/${task?.id}`, admin, {});
  expect(approved.json().code, approved.json().message).toBe('200');
  return task as { id: string; link: string };
}

describe('templates', () => {
  it('refuses duplicate item names (trimmed, any case) and names over 50 characters', async () => {
    const dup = await post(`${TPL}/save`, buyer, {
      templateName: '重复项模板',
      passScore: '60',
      lines: [
        { itemName: '质量体系', maxScore: '50' },
        { itemName: ' 质量体系 ', maxScore: '50' },
      ],
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toMatch(/duplicate item names rejected/);
    const long = await post(`${TPL}/save`, buyer, {
      templateName: 'x'.repeat(51),
      passScore: '60',
      lines: [{ itemName: 'A', maxScore: '10' }],
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/Template name/); // its label (issue #33)
    const sdup = await post(`${STPL}/save`, buyer, {
      templateName: '样品模板',
      lines: [{ itemName: 'Size' }, { itemName: 'size' }],
    });
    expect(sdup.statusCode).toBe(400);
  });

  it('only released templates can be used; the full score is the sum of the max scores', async () => {
    const t = await releasedTemplate(
      [
        { itemName: 'A', maxScore: '33.33' },
        { itemName: 'B', maxScore: '66.67' },
      ],
      '60',
    );
    expect(t.maxTotal).toBe('100.00');
    const draft = (
      await post(`${TPL}/save`, buyer, {
        templateName: '草稿',
        passScore: '1',
        lines: [{ itemName: 'A', maxScore: '1' }],
      })
    ).json().data;
    const res = await post(`${FI_BUY}/save`, buyer, {
      toElsAccount: '200001',
      templateId: draft.id,
      inspectionDate: '2026-12-01',
      inspectors: 'buyer1',
      lines: [{ itemName: 'A' }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/templateId/);
  });
});

describe('factory inspections', () => {
  it('scores within range, total exact, pass after the inspection approval; the supplier sees its own', async () => {
    const items = [
      { itemName: '质量体系', maxScore: '30' },
      { itemName: '生产能力', maxScore: '30.5' },
      { itemName: '环境安全', maxScore: '39.5' },
    ];
    const t = await releasedTemplate(items, '70.3');
    const saved = await post(`${FI_BUY}/save`, buyer, {
      toElsAccount: '200001',
      templateId: t.id,
      inspectionDate: '2026-12-01',
      inspectors: 'buyer1, admin',
      lines: items.map((i) => ({ itemName: i.itemName })),
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    let fi = saved.json().data;
    expect(fi.facInsNumber).toMatch(/^FI\d{10}$/);
    expect(fi).toMatchObject({ facInsStatus: '0', passScore: '70.30', inspectors: 'buyer1, admin' });
    // A draft is not the supplier's to see.
    expect((await get(`${FI_SALE}/findDetail/${fi.id}`, supplier)).statusCode).toBe(404);
    fi = (await post(`${FI_BUY}/start/${fi.id}`, buyer, { version: fi.version })).json().data;
    expect(fi.facInsStatus).toBe('1');

    const scoreBody = (scores: string[]) => ({
      id: fi.id,
      version: fi.version,
      toElsAccount: '200001',
      templateId: t.id,
      inspectionDate: '2026-12-01',
      inspectors: 'buyer1',
      lines: items.map((i, n) => ({ itemName: i.itemName, score: scores[n], scoreRemark: `第${n + 1}项` })),
    });
    // Above the item's max, negative, or three decimals: 400 naming the line's score.
    for (const bad of [
      ['30.01', '1', '1'],
      ['1', '-1', '1'],
      ['1', '1', '1.005'],
    ]) {
      const res = await post(`${FI_BUY}/save`, buyer, scoreBody(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      // By its label and line number (issue #33) where the schema has one, else by its path.
      expect(res.json().message).toMatch(/Line \d+, Score|lines\[\d+\]\.score/);
    }
    // Submitting with an unscored item is refused.
    const partial = await post(`${FI_BUY}/save`, buyer, {
      ...scoreBody(['10', '10', '10']),
      lines: [{ itemName: '质量体系', score: '10' }],
    });
    expect(partial.json().code, partial.json().message).toBe('200');
    fi = partial.json().data;
    const early = await post(`${FI_BUY}/conclude/${fi.id}`, buyer, { version: fi.version });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/no score/);

    const scores = ['29.9', '20.15', '20.25'];
    const scored = await post(`${FI_BUY}/save`, buyer, { ...scoreBody(scores), version: fi.version });
    expect(scored.json().code, scored.json().message).toBe('200');
    fi = scored.json().data;
    // While inspecting the supplier sees the inspection but no scores.
    const seen = (await get(`${FI_SALE}/findDetail/${fi.id}`, supplier)).json().data;
    expect(seen.record.facInsNumber).toBe(fi.facInsNumber);
    expect(seen.lines.every((l: { score: unknown }) => l.score === null)).toBe(true);
    expect(seen.actions).toEqual([]);
    // Another supplier: 404.
    expect((await get(`${FI_SALE}/findDetail/${fi.id}`, other)).statusCode).toBe(404);
    const otherList = (await post(`${FI_SALE}/findPageList`, other, { currentPage: 1, pageSize: 20 })).json()
      .data;
    expect(otherList.records.some((r: { id: string }) => r.id === fi.id)).toBe(false);

    await configure('facIns');
    const asked = await post(`${FI_BUY}/conclude/${fi.id}`, buyer, { version: fi.version, remark: '请审批' });
    expect(asked.json().code, asked.json().message).toBe('200');
    expect(asked.json().data.pending).toBe(true);
    expect(asked.json().data.record).toMatchObject({ auditStatus: '1', facInsStatus: '1', totalScore: null });
    const task = await approveTask(fi.id);
    expect(task.link).toContain(`/admission/#/v2/inspectTableAudit/detail?id=${fi.id}`);

    const done = (await get(`${FI_BUY}/findDetail/${fi.id}`, buyer)).json().data.record;
    // 29.90 + 20.15 + 20.25 = 70.30 exactly (floats give 70.30000000000001), and 70.30 ≥ 70.3 passes.
    const expectedTotal = scores.reduce((sum, s) => sum + Math.round(Number(s) * 100), 0);
    expect(done.totalScore).toBe((expectedTotal / 100).toFixed(2));
    expect(done).toMatchObject({ facInsStatus: '2', result: 'pass', auditStatus: '2' });
    const afterwards = (await get(`${FI_SALE}/findDetail/${fi.id}`, supplier)).json().data;
    expect(afterwards.record.totalScore).toBe('70.30');
    expect(afterwards.lines.map((l: { score: string }) => l.score)).toEqual(['29.90', '20.15', '20.25']);
    // The supplier heard of it, in its language.
    const messages = await post('/apis/ElsSysMsgService/findPageList', supplier, {
      currentPage: 1,
      pageSize: 20,
    });
    const titles = JSON.stringify(messages.json().data);
    expect(titles).toContain(`验厂通过：${fi.facInsNumber}`);
    expect(titles).toContain(`验厂通知：${fi.facInsNumber}`);
  });

  it('only the assigned inspectors score; the total weighs each item (score × weight, exact)', async () => {
    const zero = await post(`${TPL}/save`, buyer, {
      templateName: '权重',
      passScore: '12',
      lines: [{ itemName: 'A', maxScore: '10', weight: '0' }],
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toContain('Line 10, Weight'); // label and line number (issue #33)
    const saved = await post(`${TPL}/save`, buyer, {
      templateName: '加权验厂模板',
      passScore: '12',
      lines: [
        { itemName: '质量', maxScore: '10', weight: '2' },
        { itemName: '交付', maxScore: '10', weight: '0.5' },
      ],
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    // The full score weighs the items too: 10 × 2 + 10 × 0.5.
    expect(saved.json().data.maxTotal).toBe('25.00');
    const t = (
      await post(`${TPL}/release/${saved.json().data.id}`, buyer, { version: saved.json().data.version })
    ).json().data;
    const body = (extra: Record<string, unknown>) => ({
      toElsAccount: '200001',
      templateId: t.id,
      inspectionDate: '2026-12-05',
      inspectors: 'admin',
      lines: [{ itemName: '质量' }, { itemName: '交付' }],
      ...extra,
    });
    // buyer1 plans it for the inspector admin, and may not score it, not even when naming itself at once.
    const early = await post(`${FI_BUY}/save`, buyer, body({ lines: [{ itemName: '质量', score: '5' }] }));
    expect(early.statusCode).toBe(403);
    let fi = (await post(`${FI_BUY}/save`, buyer, body({}))).json().data;
    expect(fi.inspectors).toBe('admin');
    fi = (await post(`${FI_BUY}/start/${fi.id}`, buyer, { version: fi.version })).json().data;
    const scores = [
      { itemName: '质量', score: '5.5' },
      { itemName: '交付', score: '7.25' },
    ];
    const stranger = await post(
      `${FI_BUY}/save`,
      buyer,
      body({ id: fi.id, version: fi.version, inspectors: 'admin, buyer1', lines: scores }),
    );
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json().message).toBe(
      'Only the inspectors (admin) score review items: buyer1 cannot score “质量”',
    );
    const inspected = await post(
      `${FI_BUY}/save`,
      admin,
      body({ id: fi.id, version: fi.version, lines: scores }),
    );
    expect(inspected.json().code, inspected.json().message).toBe('200');
    fi = inspected.json().data;
    const detail = (await get(`${FI_BUY}/findDetail/${fi.id}`, buyer)).json().data;
    expect(detail.lines.map((l: { weight: string }) => l.weight)).toEqual(['2.00', '0.50']);
    await configure('facIns');
    await post(`${FI_BUY}/conclude/${fi.id}`, buyer, { version: fi.version });
    await approveTask(fi.id);
    // 5.5 × 2 + 7.25 × 0.5 = 14.625 → 14.63 (half up, once); unweighted it would be 12.75.
    const done = (await get(`${FI_BUY}/findDetail/${fi.id}`, buyer)).json().data.record;
    expect(done).toMatchObject({ totalScore: '14.63', result: 'pass', facInsStatus: '2' });
  });

  it('a total under the pass score fails', async () => {
    const t = await releasedTemplate([{ itemName: 'Only', maxScore: '10' }], '6');
    let fi = (
      await post(`${FI_BUY}/save`, buyer, {
        toElsAccount: '200001',
        templateId: t.id,
        inspectionDate: '2026-12-02',
        inspectors: 'buyer1',
        lines: [{ itemName: 'Only', score: '5.99' }],
      })
    ).json().data;
    fi = (await post(`${FI_BUY}/start/${fi.id}`, buyer, { version: fi.version })).json().data;
    await configure('facIns');
    await post(`${FI_BUY}/conclude/${fi.id}`, buyer, { version: fi.version });
    await approveTask(fi.id);
    const done = (await get(`${FI_BUY}/findDetail/${fi.id}`, buyer)).json().data.record;
    expect(done).toMatchObject({ facInsStatus: '3', result: 'fail', totalScore: '5.99' });
  });

  it('a stale version answers 409; the result approval can be withdrawn and asked again', async () => {
    const t = await releasedTemplate([{ itemName: 'W', maxScore: '10' }], '5');
    let fi = (
      await post(`${FI_BUY}/save`, buyer, {
        toElsAccount: '200001',
        templateId: t.id,
        inspectionDate: '2026-12-04',
        inspectors: 'buyer1',
        lines: [{ itemName: 'W', score: '7' }],
      })
    ).json().data;
    fi = (await post(`${FI_BUY}/start/${fi.id}`, buyer, { version: fi.version })).json().data;
    const stale = await post(`${FI_BUY}/conclude/${fi.id}`, buyer, { version: fi.version - 1 });
    expect(stale.statusCode).toBe(409);
    await configure('facIns');
    const asked = await post(`${FI_BUY}/conclude/${fi.id}`, buyer, { version: fi.version });
    fi = asked.json().data.record;
    expect(fi.auditStatus).toBe('1');
    // While waiting, scoring is closed.
    const edit = await post(`${FI_BUY}/save`, buyer, {
      id: fi.id,
      version: fi.version,
      toElsAccount: '200001',
      templateId: t.id,
      inspectionDate: '2026-12-04',
      inspectors: 'buyer1',
      lines: [{ itemName: 'W', score: '1' }],
    });
    expect(edit.statusCode).toBe(400);
    const withdrawn = await post(`${FI_BUY}/withdrawConclusion/${fi.id}`, buyer, { version: fi.version });
    expect(withdrawn.json().code, withdrawn.json().message).toBe('200');
    fi = withdrawn.json().data;
    expect(fi).toMatchObject({ auditStatus: '4', facInsStatus: '1' });
    const todo = (
      await post('/apis/CommonAuditService/todoPagelist', admin, { currentPage: 1, pageSize: 50 })
    ).json().data.records as Array<{ documentId: string }>;
    expect(todo.some((task) => task.documentId === fi.id)).toBe(false);
    const again = await post(`${FI_BUY}/conclude/${fi.id}`, buyer, { version: fi.version });
    expect(again.json().data.pending).toBe(true);
    await approveTask(fi.id);
    const done = (await get(`${FI_BUY}/findDetail/${fi.id}`, buyer)).json().data.record;
    expect(done).toMatchObject({ facInsStatus: '2', totalScore: '7.00', result: 'pass' });
  });

  it('refuses hostile input with 400: unknown items, strange inspectors, blacklisted or unlinked suppliers', async () => {
    const t = await releasedTemplate([{ itemName: 'X', maxScore: '10' }], '5');
    const base = {
      toElsAccount: '200001',
      templateId: t.id,
      inspectionDate: '2026-12-03',
      inspectors: 'buyer1',
      lines: [{ itemName: 'X' }],
    };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ lines: [{ itemName: 'Y' }] }, /itemName|Item name|Inspection item/],
      [{ inspectors: 'nobody' }, /inspectors|Inspectors/],
      [{ inspectors: "'; drop table fac_ins; --" }, /inspectors|Inspectors/],
      [{ toElsAccount: '999999' }, /999999/],
      [{ lines: [{ itemName: 'X', score: '1e3' }] }, /Score/],
      [{ lines: [{ itemName: 'X', score: 5 }] }, /score|Score/],
      [{ templateId: 'not-a-uuid' }, /templateId|Template/],
      [{ inspectionDate: '2026-13-45' }, /inspectionDate|Inspection date/],
      [{ lines: [] }, /lines|Review item scores/],
    ];
    for (const [patch, message] of cases) {
      const res = await post(`${FI_BUY}/save`, buyer, { ...base, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message, JSON.stringify(patch)).toMatch(message);
    }
    await server.database.db
      .update(supplierMaster)
      .set({ supplierStatus: 'blacklist' })
      .where(and(eq(supplierMaster.elsAccount, '100000'), eq(supplierMaster.toElsAccount, '200004')));
    const black = await post(`${FI_BUY}/save`, buyer, { ...base, toElsAccount: '200004' });
    expect(black.statusCode).toBe(400);
    expect(black.json().message).toMatch(/blacklisted/);
    // A supplier cannot create one.
    expect((await post(`${FI_SALE}/save`, supplier, base)).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('samples', () => {
  it('requested, sent by the supplier, tested and concluded under the sample approval', async () => {
    const tpl = (
      await post(`${STPL}/save`, buyer, {
        templateName: '外观尺寸检测',
        lines: [
          { itemName: '外观', standard: '无划痕' },
          { itemName: '尺寸', standard: '±0.05 mm' },
        ],
      })
    ).json().data;
    await post(`${STPL}/release/${tpl.id}`, buyer, { version: tpl.version });
    const saved = await post(`${SP_BUY}/save`, buyer, {
      toElsAccount: '200001',
      templateId: tpl.id,
      materialDesc: '铝合金外壳',
      quantity: '5',
      requiredDate: '2026-12-10',
      lines: [{ itemName: '外观' }, { itemName: '尺寸' }],
    });
    expect(saved.json().code, saved.json().message).toBe('200');
    let sp = saved.json().data;
    expect(sp.sampleNumber).toMatch(/^SP\d{10}$/);
    sp = (await post(`${SP_BUY}/request/${sp.id}`, buyer, { version: sp.version })).json().data;
    expect(sp.sampleStatus).toBe('1');
    expect((await get(`${SP_SALE}/findDetail/${sp.id}`, other)).statusCode).toBe(404);
    // The supplier sends it: a tracking number is required.
    const missing = await post(`${SP_SALE}/send/${sp.id}`, supplier, {
      version: sp.version,
      shipDate: '2026-12-05',
      shipQuantity: '5',
    });
    expect(missing.statusCode).toBe(400);
    const sent = await post(`${SP_SALE}/send/${sp.id}`, supplier, {
      version: sp.version,
      shipDate: '2026-12-05',
      shipQuantity: '5',
      trackingNumber: 'SF123456789',
      remark: '顺丰',
    });
    expect(sent.json().code, sent.json().message).toBe('200');
    sp = sent.json().data;
    expect(sp).toMatchObject({ sampleStatus: '2', trackingNumber: 'SF123456789', shipQuantity: '5.000' });
    // Results: one failed item makes "pass" impossible.
    const recorded = await post(`${SP_BUY}/save`, buyer, {
      id: sp.id,
      version: sp.version,
      toElsAccount: '200001',
      templateId: tpl.id,
      materialDesc: '改掉的描述',
      quantity: '5',
      requiredDate: '2026-12-10',
      lines: [
        { itemName: '外观', testResult: 'pass', testValue: 'OK' },
        { itemName: '尺寸', testResult: 'fail', testValue: '0.08', testRemark: '超差' },
      ],
    });
    expect(recorded.json().code, recorded.json().message).toBe('200');
    sp = recorded.json().data;
    expect(sp.materialDesc).toBe('铝合金外壳');
    const contradiction = await post(`${SP_BUY}/conclude/${sp.id}`, buyer, {
      version: sp.version,
      conclusion: 'pass',
    });
    expect(contradiction.statusCode).toBe(400);
    await configure('sampleNumber');
    const asked = await post(`${SP_BUY}/conclude/${sp.id}`, buyer, {
      version: sp.version,
      conclusion: 'fail',
      remark: '尺寸超差',
    });
    expect(asked.json().data.pending).toBe(true);
    const task = await approveTask(sp.id);
    expect(task.link).toContain(`/admission/#/v2/sampleAudit/view?id=${sp.id}`);
    const done = (await get(`${SP_SALE}/findDetail/${sp.id}`, supplier)).json().data;
    expect(done.record).toMatchObject({ sampleStatus: '4', conclusion: 'fail' });
    expect(done.lines[1]).toMatchObject({ testResult: 'fail', testValue: '0.08' });
  });
});
