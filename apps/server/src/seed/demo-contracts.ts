import { contractKind } from '../modules/contract/contract.ts';
import { daysFromToday } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import type { DocRow } from '../platform/document/kind.ts';
import { seedDemoContractLibrary } from './demo-contract-library.ts';
import { as } from './demo-enquiries.ts';

const day = (offset: number) => daysFromToday(offset);

/** A demo contract body of buyer 100000 with supplier 200001: two lines, three clauses, two payment stages. */
function demoContract(name: string, type: string, sourceNumber: string, from: number, to: number) {
  return {
    contractName: name,
    contractType: type,
    toElsAccount: '200001',
    sourceType: 'enquiry',
    sourceNumber,
    currency: 'CNY',
    contractAmount: '113000.00',
    progressAmount: '0',
    effectiveDate: day(from),
    terminationDate: day(to),
    paymentTerms: '月结 60 天',
    lines: [
      {
        materialNumber: 'R-0603-10K',
        materialDesc: '贴片电阻 0603 10KΩ',
        quantity: '1000000',
        unit: 'PCS',
        priceIncludingTax: '0.02',
        taxRate: '13',
      },
      {
        materialNumber: 'C-0805-100N',
        materialDesc: '贴片电容 0805 100nF',
        quantity: '1860000',
        unit: 'PCS',
        priceIncludingTax: '0.05',
        taxRate: '13',
      },
    ],
    clauses: [
      {
        clauseTitle: '合同标的',
        clauseBody: '乙方按本合同标的清单向甲方供货，规格以双方确认的技术协议为准。',
      },
      {
        clauseTitle: '质量保证',
        clauseBody: '质保期 12 个月，来料不良率不高于 500 PPM。',
        clauseCode: 'CL-QUALITY',
        clauseVersion: 1,
      },
      { clauseTitle: '违约责任', clauseBody: '逾期交货每日按未交货款的 0.5‰ 支付违约金。' },
    ],
    paymentStages: [
      { stageName: '预付款', payRatio: '30', plannedDate: day(from + 7) },
      { stageName: '到货款', payRatio: '70', plannedDate: day(from + 67) },
    ],
  };
}

/**
 * The demo world's contracts (issue #36, first slice), through the real kind, by buyer 100000 (buyer1) with
 * supplier 200001: a draft; one sent for signing (waiting for 200001); one effective (signed by 200001); and
 * one terminated with its reason. Submitting approves at once (the demo has no contract approval steps).
 * Runs once on an empty database (server.ts), like every demo seed.
 */
export async function seedDemoContracts(db: Db, env: string): Promise<void> {
  const library = await seedDemoContractLibrary(db);
  const buyer = await as(db, '100000', 'buyer1');
  const supplier = await as(db, '200001', 'admin');
  const run = (row: DocRow, side: 'purchase' | 'sale', action: string, remark?: string) =>
    contractKind.runAction(db, env, side === 'purchase' ? buyer : supplier, side, action, row.id, {
      version: row.version,
      ...(remark ? { remark } : {}),
    });
  const approved = async (row: DocRow) => {
    await contractKind.submit(db, env, buyer, 'purchase', row.id, row.version);
    return contractKind.find(db, buyer, 'purchase', row.id);
  };

  await contractKind.save(
    db,
    buyer,
    'purchase',
    demoContract('2027 年度阻容件框架协议', 'FRAME', 'RFQ-DRAFT', 30, 395),
  );
  const toSign = await approved(
    await contractKind.save(
      db,
      buyer,
      'purchase',
      demoContract('电源模块采购合同', 'PURCHASE', 'RFQ-2026-018', 1, 181),
    ),
  );
  await run(toSign, 'purchase', 'sendToSign');
  await run(
    await run(
      await approved(
        await contractKind.save(
          db,
          buyer,
          'purchase',
          demoContract('2026 年度阻容件框架协议', 'FRAME', 'RFQ-2026-001', -200, 165),
        ),
      ),
      'purchase',
      'sendToSign',
    ),
    'sale',
    'sign',
  );
  const ended = await run(
    await run(
      await approved(
        await contractKind.save(
          db,
          buyer,
          'purchase',
          demoContract('包装材料服务合同', 'SERVICE', 'RFQ-2026-007', -300, 60),
        ),
      ),
      'purchase',
      'sendToSign',
    ),
    'sale',
    'sign',
  );
  await run(ended, 'purchase', 'terminate', '供应商产能调整，双方协商一致提前终止');
  await library.afterContracts();
}
