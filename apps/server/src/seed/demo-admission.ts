import { admit, registerAdmitApproval, supplierAccessKind } from '../modules/admission/supplier-access.ts';
import { moveTemplate, saveTemplate } from '../modules/admission/templates.ts';
import type { Db } from '../platform/db.ts';
import type { DocRow } from '../platform/document/kind.ts';
import { as } from './demo-enquiries.ts';

/** The demo template's questionnaire (answers below follow it). */
const ITEMS = [
  { itemName: '年营业额（万元）', answerType: 'number', required: true },
  { itemName: '是否通过ISO9001认证', answerType: 'yesno', required: true },
  { itemName: '主要客户', answerType: 'text', required: false },
  { itemName: '供货方式', answerType: 'choice', required: true, options: ['生产商直供', '代理商', '贸易商'] },
] as const;

const answers = (turnover: string, iso: 'Y' | 'N', way: string) => [
  { itemName: ITEMS[0].itemName, answer: turnover },
  { itemName: ITEMS[1].itemName, answer: iso },
  { itemName: ITEMS[2].itemName, answer: '华东精密、苏州电装' },
  { itemName: ITEMS[3].itemName, answer: way },
];

/**
 * The demo world's supplier admission (issue #16), through the real services: buyer 100000's released
 * qualification template for the categories ELEC-IC (integrated circuits) and PACK-BOX (cartons), whose
 * person in charge is buyer1; admission requests in several statuses — 200001 admitted (it stays
 * qualified: admission moves only a stranger to potential), 200003 submitted and waiting for buyer1's
 * review, 200004 rejected with a reason (to correct and resubmit), 200002 a draft only it sees.
 */
export async function seedDemoAdmission(db: Db, env: string): Promise<void> {
  const admin = await as(db, '100000', 'admin');
  const buyer = await as(db, '100000', 'buyer1');
  // The seed may run before the routes registered the approval callback (registration is idempotent).
  registerAdmitApproval(env);
  const template = await saveTemplate(db, admin, {
    templateName: '电子与包材供应商资质问卷',
    categories: ['ELEC-IC', 'PACK-BOX'],
    items: ITEMS.map((i) => ({ ...i, options: 'options' in i ? [...i.options] : undefined })),
    attachmentTypes: [],
    principal: 'buyer1',
    remark: '新供应商准入时填写',
  });
  await moveTemplate(db, admin, 'release', template.id, template.version);

  const form = async (supplier: string, category: string, extra: Record<string, unknown>) =>
    supplierAccessKind.save(db, await as(db, supplier, 'admin'), 'sale', {
      elsAccount: '100000',
      accessCategory: category,
      countryCode: 'CN',
      isListed: 'N',
      nature: '2',
      ...extra,
      lines: extra.lines as Array<Record<string, unknown>>,
    });
  const send = async (supplier: string, row: DocRow) =>
    supplierAccessKind.runAction(db, env, await as(db, supplier, 'admin'), 'sale', 'send', row.id, {
      version: row.version,
    });

  const hengda = await form('200001', 'ELEC-IC', {
    fullName: '苏州恒达电子科技有限公司',
    socialCreditCode: '91320594MA1N2B3C4D',
    legalRepresentative: '王强',
    registerCapital: '5000.00',
    registerDate: '2012-03-18',
    industry: '电子元器件制造',
    address: '江苏省苏州市工业园区金鸡湖大道 88 号',
    contacts: [{ name: '王强', telphone: '13900000001', wxNo: 'wangqiang_hd' }],
    banks: [
      {
        bankCode: '102305000000',
        bankBranchName: '工商银行苏州工业园区支行',
        bankAccount: '1102020309000012345',
      },
    ],
    certifications: [
      {
        type: 'ISO9001',
        org: '中国质量认证中心',
        date: '2024-01-10',
        effectiveDate: '2024-01-15',
        expiryDate: '2027-01-14',
      },
    ],
    lines: answers('12800', 'Y', '生产商直供'),
  });
  const sent = await send('200001', hengda);
  await admit(db, env, buyer, sent.id, { version: sent.version, remark: '资料齐全，准入' });

  const jinggong = await form('200003', 'PACK-BOX', {
    fullName: '无锡精工五金制品有限公司',
    socialCreditCode: '91320214MA1P5Q6R7S',
    legalRepresentative: '赵磊',
    registerCapital: '800.00',
    registerDate: '2016-09-01',
    industry: '五金制品',
    contacts: [{ name: '周明', telphone: '13600000003' }],
    certifications: [{ type: 'ISO14001', org: '必维认证', date: '2025-05-01', expiryDate: '2028-04-30' }],
    lines: answers('3600', 'Y', '生产商直供'),
  });
  await send('200003', jinggong);

  const huaxin = await form('200004', 'ELEC-IC', {
    fullName: '深圳华芯电子元器件有限公司',
    legalRepresentative: '孙悦',
    registerCapital: '300.00',
    industry: '电子元器件贸易',
    contacts: [{ name: '孙悦', telphone: '13500000004' }],
    lines: answers('900', 'N', '贸易商'),
  });
  const waiting = await send('200004', huaxin);
  await supplierAccessKind.runAction(db, env, buyer, 'purchase', 'refuse', waiting.id, {
    version: waiting.version,
    remark: '请补充统一社会信用代码与银行账户信息',
  });

  await form('200002', 'PACK-BOX', {
    fullName: '宁波远航包装材料有限公司',
    contacts: [{ name: '陈静', telphone: '13700000002' }],
    lines: answers('', 'Y', ''),
  });
}
