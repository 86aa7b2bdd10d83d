import { listTasks, rejectTask, saveConfig } from '../modules/audit/service.ts';
import {
  claimLines,
  purchaseRequestKind,
  returnLines,
  toOrders,
} from '../modules/purchase-request/service.ts';
import { daysFromToday } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { DocRow } from '../platform/document/kind.ts';
import { registerApprovalHandler } from '../platform/document/routes.ts';
import { as } from './demo-orders.ts';

const day = (offset: number) => daysFromToday(offset);

type Line = [material: string, quantity: string, budgetPrice: string, supplier?: string];

/**
 * Requisitions of the demo world (issue #13), raised by buyer1 of 100000 for the demo materials
 * (R-0603-10K, C-0805-100N, MCU-STM32F103, BOX-5L-600): one in every status — a draft, under approval,
 * rejected, withdrawn, cancelled, scrapped, partly and fully transferred to orders — and a demand pool
 * with open lines, some unclaimed, some claimed by buyer1 or admin, one returned with a remark. Approval:
 * requisitions above 50,000 CNY go to admin; smaller ones are approved at once.
 */
export async function seedDemoRequisitions(db: Db, env: string): Promise<void> {
  // The seed runs before the app registers its routes: the approval handler is registered here too.
  registerApprovalHandler(env, purchaseRequestKind);
  const buyer = await as(db, '100000', 'buyer1');
  const admin = await as(db, '100000', 'admin');
  await saveConfig(db, admin, {
    documentKind: 'purchaseRequest',
    steps: [
      {
        name: '部门经理审批',
        nameEn: 'Department manager approval',
        approverType: 'user',
        approvers: ['admin'],
        minAmount: 50_000,
      },
    ],
  });
  const save = (lines: Line[], extra: Record<string, unknown> = {}) =>
    purchaseRequestKind.save(db, buyer, 'purchase', {
      requestType: '0',
      requestDate: day(-3),
      applicant: '王工',
      applyDept: '研发部',
      purchaseFactory: '1010',
      purchasePerson: 'buyer1',
      costCenter: 'CC-RD-01',
      ...extra,
      lines: lines.map(([materialNumber, quantity, budgetPrice, expectSupplierEls], i) => ({
        materialNumber,
        quantity,
        budgetPrice,
        deliveryDate: day(14 + i * 7),
        ...(expectSupplierEls ? { expectSupplierEls } : {}),
      })),
    });
  const submit = (row: DocRow) => purchaseRequestKind.submit(db, env, buyer, 'purchase', row.id, row.version);
  const run = (row: DocRow, action: string, remark?: string) =>
    purchaseRequestKind.runAction(db, env, buyer, 'purchase', action, row.id, {
      version: row.version,
      remark,
    });
  const linesOf = (row: DocRow) => purchaseRequestKind.findLines(db, row.id);

  // The demand pool: approved at once (under 50,000 CNY).
  const open = await submit(
    await save(
      [
        ['R-0603-10K', '50000', '0.012', '200001'],
        ['C-0805-100N', '20000', '0.035', '200001'],
        ['BOX-5L-600', '800', '4.5', '200002'],
      ],
      { remark: '新产品 A2 试产备料' },
    ),
  );
  const claimed = await submit(
    await save(
      [
        ['MCU-STM32F103', '500', '8.5', '200001'],
        ['R-0603-10K', '10000', '0.012', '200002'],
        ['BOX-5L-600', '300', '4.5'],
      ],
      { applicant: '李工', applyDept: '生产部', purchaseFactory: '1020' },
    ),
  );
  const [mcu, resistor, box] = await linesOf(claimed);
  await claimLines(db, buyer, [mcu.id, resistor.id]);
  await claimLines(db, admin, [box.id]);
  const [openBox] = (await linesOf(open)).slice(2);
  await returnLines(db, env, buyer, [openBox.id], '纸箱由仓库统一采购，请走库存领用');

  // Partly transferred: 300 of 1,000 MCUs ordered; fully transferred: both lines ordered.
  const partly = await submit(
    await save([['MCU-STM32F103', '1000', '8.5', '200001']], { applicant: '赵工', requestDate: day(-10) }),
  );
  const [partLine] = await linesOf(partly);
  await claimLines(db, buyer, [partLine.id]);
  await toOrders(db, buyer, {
    lines: [{ lineId: partLine.id, quantity: '300' }],
    orderType: '0',
    currency: 'CNY',
  });
  const full = await submit(
    await save(
      [
        ['C-0805-100N', '5000', '0.035', '200001'],
        ['R-0603-10K', '5000', '0.012', '200001'],
      ],
      { requestDate: day(-12) },
    ),
  );
  const fullLines = await linesOf(full);
  await claimLines(
    db,
    buyer,
    fullLines.map((l) => l.id),
  );
  await toOrders(db, buyer, {
    lines: fullLines.map((l) => ({ lineId: l.id })),
    orderType: '0',
    currency: 'CNY',
  });

  // A draft, a cancelled one, a scrapped one.
  await save([['C-0805-100N', '3000', '0.035']], { remark: '草稿：待确认数量' });
  await run(await save([['BOX-5L-600', '100', '4.5']]), 'cancel', '项目取消');
  const scrapped = await submit(await save([['R-0603-10K', '2000', '0.012', '200001']]));
  await run(
    (await purchaseRequestKind.find(db, buyer, 'purchase', scrapped.id)) as DocRow,
    'scrap',
    '需求合并到 A2 试产',
  );

  // Above 50,000 CNY: under approval, rejected, withdrawn.
  await submit(
    await save([['MCU-STM32F103', '8000', '8.5', '200001']], { applicant: '孙经理', isPlaned: 'Y' }),
  );
  const rejected = await submit(await save([['MCU-STM32F103', '10000', '8.5']]));
  const task = (await listTasks(db, admin, 'todo', { currentPage: 1, pageSize: 50 })).rows.find(
    (t) => t.documentId === rejected.id,
  );
  if (task) await rejectTask(db, admin, task.id, '年度预算不足，请拆分');
  const withdrawn = await submit(await save([['MCU-STM32F103', '7000', '8.5']]));
  await purchaseRequestKind.withdraw(db, buyer, 'purchase', withdrawn.id, withdrawn.version);
}
