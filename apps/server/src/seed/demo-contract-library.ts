import { CONTRACT_TYPE } from '@srm/contracts/contract';
import {
  changeClause,
  listClauses,
  saveClause,
  saveContractType,
  saveTemplate,
} from '../modules/contract/library.ts';
import { daysFromToday } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { as } from './demo-enquiries.ts';

/** The demo library's clauses: code, title, text with `{{variables}}`, category, locked. */
const CLAUSES = [
  [
    'CL-SUBJECT',
    '合同标的',
    '{{supplier.name}}（乙方）按本合同标的清单向{{company.name}}（甲方）供货，合同总金额 {{contract.amount}} {{contract.currency}}。',
    'commercial',
    'N',
  ],
  [
    'CL-DELIVERY',
    '交货',
    '乙方于合同生效后 30 日内将货物送至 {{deliveryPlace}}，运费由乙方承担。',
    'commercial',
    'N',
  ],
  ['CL-QUALITY', '质量保证', '质保期 12 个月，来料不良率不高于 500 PPM。', 'quality', 'N'],
  ['CL-LAW', '适用法律', '本合同适用中华人民共和国法律；争议提交甲方所在地人民法院诉讼解决。', 'legal', 'Y'],
] as const;

/**
 * Buyer 100000's contract administration (issue #36, second slice), through the module's own calls: the
 * types FRAME, PURCHASE, SERVICE (PURCHASE with amount control and template TPL-PURCHASE); four published
 * clauses (CL-LAW locked; CL-DELIVERY with the variable {{deliveryPlace}} no source fills); the template
 * TPL-PURCHASE (two headings, the four clauses, header, footer, end content, valid from 30 days ago).
 * `afterContracts` then publishes version 2 of CL-QUALITY, so a contract made with version 1 shows "a
 * newer version of this clause exists".
 */
export async function seedDemoContractLibrary(db: Db) {
  const buyer = await as(db, '100000', 'buyer1');
  for (const [code, name] of Object.entries(CONTRACT_TYPE))
    await saveContractType(db, buyer, {
      code,
      name: name.zh_cn,
      nameEn: name.en,
      amountControl: code === 'FRAME' ? 'Y' : 'N',
    });
  for (const [code, title, body, category, locked] of CLAUSES) {
    const draft = await saveClause(db, buyer, { code, title, body, category, locked });
    await changeClause(db, buyer, draft.id, draft.version, 'publish');
  }
  await saveTemplate(db, buyer, {
    code: 'TPL-PURCHASE',
    name: '标准采购合同模板',
    items: [
      { type: 'heading', text: '第一部分 商务条款' },
      { type: 'clause', code: 'CL-SUBJECT' },
      { type: 'clause', code: 'CL-DELIVERY' },
      { type: 'clause', code: 'CL-QUALITY' },
      { type: 'heading', text: '第二部分 法律条款' },
      { type: 'clause', code: 'CL-LAW' },
    ],
    headerText: '采购合同 · 保密',
    footerText: '本合同一式两份，双方各执一份。',
    endContent: '甲方（盖章）：                乙方（盖章）：',
    validFrom: daysFromToday(-30),
    validTo: null,
  });
  const outsource = await saveContractType(db, buyer, {
    code: 'OUTSOURCE',
    name: '外协加工合同',
    nameEn: 'Subcontracting contract',
    defaultTemplate: 'TPL-PURCHASE',
    numberPrefix: 'WX',
  });
  return {
    /** Publishes CL-QUALITY version 2 (after the demo contracts took version 1). */
    afterContracts: async () => {
      const v1 = (await listClauses(db, buyer)).find((c) => c.code === 'CL-QUALITY' && c.clauseVersion === 1);
      if (!v1) return outsource;
      const v2 = await changeClause(db, buyer, v1.id, v1.version, 'newVersion');
      const edited = await saveClause(db, buyer, {
        id: v2.id,
        version: v2.version,
        code: 'CL-QUALITY',
        title: '质量保证',
        body: '质保期 24 个月，来料不良率不高于 200 PPM。',
        category: 'quality',
      });
      await changeClause(db, buyer, edited.id, edited.version, 'publish');
      return outsource;
    },
  };
}
