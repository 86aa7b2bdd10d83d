import { and, asc, eq } from 'drizzle-orm';
import {
  answerImprovement,
  improvementKind,
  improvementTemplateKind,
} from '../modules/improvement/improvement.ts';
import { refund } from '../modules/refund/tables.ts';
import type { Db } from '../platform/db.ts';
import type { DocRow } from '../platform/document/kind.ts';
import { as } from './demo-enquiries.ts';

/** The demo template's improvement items (name, guidance, default due days). */
export const DEMO_IMPROVEMENT_ITEMS = [
  { itemName: '问题描述与围堵措施', guidance: 'D2/D3：描述不良现象，隔离在途与库存品', dueDays: 3 },
  { itemName: '根本原因分析', guidance: 'D4：5Why / 鱼骨图，找到发生与流出原因', dueDays: 7 },
  { itemName: '永久纠正措施', guidance: 'D5/D6：措施、责任人、验证数据', dueDays: 14 },
  { itemName: '预防再发生', guidance: 'D7：更新 FMEA、控制计划、作业指导书', dueDays: 30 },
];

/**
 * The demo world's improvement sheets (issue #17), through the real services, by buyer 100000 (buyer1): one
 * released template "8D 改善模板" (four items); a sheet sent to 200001 waiting for its answer (by hand, two
 * items); and a closed sheet of 200001 from its confirmed return (answered by 200001, verified and closed).
 * Runs once on an empty database (server.ts), like every demo seed.
 */
export async function seedDemoImprovement(db: Db, env: string): Promise<void> {
  const buyer = await as(db, '100000', 'buyer1');
  const supplier = await as(db, '200001', 'admin');
  let template = await improvementTemplateKind.save(db, buyer, 'purchase', {
    templateName: '8D 改善模板',
    remark: '来料不良、交付异常的标准改善项',
    lines: DEMO_IMPROVEMENT_ITEMS,
  });
  template = await improvementTemplateKind.runAction(db, env, buyer, 'purchase', 'release', template.id, {
    version: template.version,
  });
  const send = (row: DocRow) =>
    improvementKind.runAction(db, env, buyer, 'purchase', 'send', row.id, { version: row.version });

  await send(
    await improvementKind.save(db, buyer, 'purchase', {
      toElsAccount: '200001',
      subject: '11 月交付延迟改善',
      problemDesc: '11 月 3 批次交货晚于要求日期 2–4 天',
      sourceType: 'manual',
      templateId: template.id,
      lines: DEMO_IMPROVEMENT_ITEMS.slice(1, 3).map((i) => ({ itemName: i.itemName })),
    }),
  );

  const [returned] = await db
    .select({ refundNumber: refund.refundNumber })
    .from(refund)
    .where(
      and(eq(refund.elsAccount, '100000'), eq(refund.toElsAccount, '200001'), eq(refund.refundStatus, '2')),
    )
    .orderBy(asc(refund.refundNumber))
    .limit(1);
  let closed = await send(
    await improvementKind.save(db, buyer, 'purchase', {
      toElsAccount: '200001',
      subject: '包装破损改善',
      problemDesc: '电源模块到货外箱破损，5 件退货',
      sourceType: returned ? 'refund' : 'manual',
      sourceNumber: returned?.refundNumber,
      templateId: template.id,
      lines: [
        { itemName: DEMO_IMPROVEMENT_ITEMS[1].itemName },
        { itemName: DEMO_IMPROVEMENT_ITEMS[2].itemName },
      ],
    }),
  );
  const lines = await improvementKind.findLines(db, closed.id);
  closed = await answerImprovement(db, env, supplier, closed.id, {
    version: closed.version,
    answers: lines.map((l, i) => ({
      lineId: l.id,
      rootCause: ['外箱承重不足，堆码超过 6 层', '未规定堆码层数'][i] ?? '—',
      correctiveAction: ['改用 K=7 双瓦楞外箱并加护角', '作业指导书规定最多 4 层，出货前抽检'][i] ?? '—',
      dueDate: String(l.requiredDate ?? closed.improvementDate),
    })),
  });
  await improvementKind.runAction(db, env, buyer, 'purchase', 'close', closed.id, {
    version: closed.version,
    remark: '现场确认新包装，连续 3 批无破损',
  });
}
