import type { SupplierProfile } from '@srm/contracts/supplier-change';
import { findMyMaster, rejectChange, saveChange } from '../modules/supplier-change/service.ts';
import type { Db } from '../platform/db.ts';
import { as } from './demo-enquiries.ts';

/**
 * The demo world's supplier information changes (issue #16), through the real services: supplier 200001
 * proposes to buyer 100000 — a bank-account change rejected by the buyer with a reason, a contact change
 * (no flow configured: applied at submit, so it is the record's change history), and a bank-account change
 * waiting for 100000's approval (bank changes always need the buyer's approve).
 */
export async function seedDemoSupplierChange(db: Db, env: string): Promise<void> {
  const supplier = await as(db, '200001', 'admin');
  const buyer = await as(db, '100000', 'buyer1');
  const current = async (): Promise<SupplierProfile> => (await findMyMaster(db, supplier, '100000')).profile;
  const propose = async (change: (p: SupplierProfile) => SupplierProfile, remark: string) => {
    const [saved] = await saveChange(db, env, supplier, {
      elsAccounts: ['100000'],
      profile: change(await current()),
      remark,
      submit: true,
    });
    return saved;
  };

  const rejected = await propose(
    (p) => ({
      ...p,
      banks: [
        { bankCode: '105305000000', bankBranchName: '建设银行苏州分行', bankAccount: '3205019876543210001' },
      ],
    }),
    '基本户变更为建设银行',
  );
  await rejectChange(
    db,
    env,
    buyer,
    rejected.id,
    rejected.version,
    '开户许可证未上传，开户行与营业执照地址不符，请补充材料后重新提交',
  );

  await propose(
    (p) => ({
      ...p,
      company: { ...p.company, legalRepresentative: '陈立新', registerCapital: '5000', isListed: 'N' },
      contacts: [...p.contacts, { name: '李娜', telphone: '13900000011', wxNo: 'lina_hd' }],
    }),
    '新增商务联系人李娜，补充法定代表人',
  );

  await propose(
    (p) => ({
      ...p,
      banks: [
        ...p.banks,
        {
          bankCode: '104305000000',
          bankBranchName: '中国银行苏州工业园区支行',
          bankAccount: '5401234500006789',
        },
      ],
    }),
    '新增中国银行一般户用于外币结算',
  );
}
