import {
  concludeFacIns,
  facInsKind,
  facInsTemplateKind,
  registerFacInsApproval,
} from '../modules/admission/inspection.ts';
import {
  concludeSample,
  registerSampleApproval,
  sampleKind,
  sampleTemplateKind,
} from '../modules/admission/sample.ts';
import type { Db } from '../platform/db.ts';
import type { DocRow } from '../platform/document/kind.ts';
import { as } from './demo-enquiries.ts';

const REVIEW_ITEMS = [
  { itemName: '质量管理体系', maxScore: '25', guidance: 'ISO 9001 证书、内审记录、纠正预防措施' },
  { itemName: '生产能力与设备', maxScore: '25', guidance: '产能、关键设备状态、保养记录' },
  { itemName: '来料与过程控制', maxScore: '20', guidance: '来料检验、首件检验、SPC' },
  { itemName: '仓储与物流', maxScore: '15', guidance: '先进先出、防护、标识' },
  { itemName: '环境健康安全', maxScore: '15', guidance: '消防、危化品、劳动保护' },
];

const TEST_ITEMS = [
  { itemName: '外观', standard: '无划痕、无毛刺' },
  { itemName: '关键尺寸', standard: '图纸公差 ±0.05 mm' },
  { itemName: '盐雾试验', standard: '48 h 无红锈' },
];

/**
 * The demo world's factory inspections and samples (issue #16), through the real services, by buyer 100000
 * (buyer1): one released inspection template (five review items, pass score 80) and one released sample
 * template (three test items); inspections — 200001 being scored (inspecting, two items scored), 200002
 * passed (92.5) — and samples — 200001 requested and waiting for the supplier, 200003 sent and waiting for
 * results, 200004 passed. No approval steps are configured in the demo, so conclusions apply at once.
 */
export async function seedDemoInspection(db: Db, env: string): Promise<void> {
  registerFacInsApproval(env);
  registerSampleApproval(env);
  const buyer = await as(db, '100000', 'buyer1');
  const release = async (kind: typeof facInsTemplateKind, row: DocRow) =>
    kind.runAction(db, env, buyer, 'purchase', 'release', row.id, { version: row.version });

  const template = await release(
    facInsTemplateKind,
    await facInsTemplateKind.save(db, buyer, 'purchase', {
      templateName: '电子结构件供应商验厂模板',
      passScore: '80',
      remark: '适用于结构件、钣金件供应商的首次准入验厂',
      lines: REVIEW_ITEMS,
    }),
  );
  const sampleTemplate = await release(
    sampleTemplateKind,
    await sampleTemplateKind.save(db, buyer, 'purchase', {
      templateName: '金属结构件样品检测',
      lines: TEST_ITEMS,
    }),
  );

  const inspection = async (
    toElsAccount: string,
    inspectionDate: string,
    scores: Array<string | undefined>,
  ) => {
    const saved = await facInsKind.save(db, buyer, 'purchase', {
      toElsAccount,
      templateId: template.id,
      inspectionDate,
      inspectors: 'buyer1, admin',
      lines: REVIEW_ITEMS.map((item, i) => ({ itemName: item.itemName, score: scores[i] })),
    });
    return facInsKind.runAction(db, env, buyer, 'purchase', 'start', saved.id, { version: saved.version });
  };
  await inspection('200001', '2026-11-28', ['22', '20.5', undefined, undefined, undefined]);
  const passed = await inspection('200002', '2026-11-10', ['23', '24', '18.5', '14', '13']);
  await concludeFacIns(db, env, buyer, passed.id, { version: passed.version, remark: '现场整改项已关闭' });

  const sample = async (toElsAccount: string, materialDesc: string, requiredDate: string) => {
    const saved = await sampleKind.save(db, buyer, 'purchase', {
      toElsAccount,
      templateId: sampleTemplate.id,
      materialNumber: '',
      materialDesc,
      quantity: '10',
      requiredDate,
      lines: TEST_ITEMS.map((t) => ({ itemName: t.itemName })),
    });
    return sampleKind.runAction(db, env, buyer, 'purchase', 'request', saved.id, { version: saved.version });
  };
  const send = async (row: DocRow, toElsAccount: string, trackingNumber: string) => {
    const supplier = await as(db, toElsAccount, 'admin');
    return sampleKind.runAction(db, env, supplier, 'sale', 'send', row.id, {
      version: row.version,
      shipDate: '2026-11-20',
      shipQuantity: '10',
      trackingNumber,
      remark: '顺丰快递',
    });
  };
  await sample('200001', '铝合金外壳 A 型', '2026-12-15');
  await send(await sample('200003', '不锈钢支架', '2026-12-05'), '200003', 'SF1400000001');
  const tested = await send(await sample('200004', '镀锌钣金盖板', '2026-11-25'), '200004', 'SF1400000002');
  const recorded = await sampleKind.save(db, buyer, 'purchase', {
    id: tested.id,
    version: tested.version,
    toElsAccount: '200004',
    templateId: sampleTemplate.id,
    materialDesc: tested.materialDesc,
    quantity: '10',
    requiredDate: '2026-11-25',
    lines: TEST_ITEMS.map((t, i) => ({
      itemName: t.itemName,
      testResult: 'pass',
      testValue: ['OK', '0.03', '72 h'][i],
    })),
  });
  await concludeSample(db, env, buyer, recorded.id, {
    version: recorded.version,
    conclusion: 'pass',
    remark: '三项均合格，可进入小批量试产',
  });
}
