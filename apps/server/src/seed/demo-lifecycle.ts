import { and, eq } from 'drizzle-orm';
import { accountRelation, company, role, subaccount, subaccountRole } from '../modules/account/tables.ts';
import { saveConfig } from '../modules/audit/service.ts';
import { supplierMaster } from '../modules/masterdata/tables.ts';
import { saveRequest } from '../modules/supplier-lifecycle/service.ts';
import { dateOf, defaultCompanyTimeZone } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { hashPassword } from '../platform/passwords.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { as } from './demo-enquiries.ts';

const USER = '100000_admin';
const stamp = { createUser: USER, lastUpdateUser: USER };
const DAY = 86_400_000;
const isoDate = (ms: number) => dateOf(ms, defaultCompanyTimeZone());

/**
 * The demo world's supplier lifecycle (issue #16): three more suppliers of buyer 100000 — 200005
 * (blacklisted through an approved request), 200006 (qualified but frozen) and 200007 (potential, to
 * be converted) — certifications on 200001 (one mandatory certificate expiring in 20 days, so both
 * sides get a reminder), approval flows for direct-to-qualified and unfreeze (step 1 by the admin),
 * and requests in several statuses: approved (200005 to blacklist, 200006 frozen), one waiting for
 * approval (unfreeze 200006) and a draft (eliminate 200004). 200001–200004 keep their stages: other
 * demos order from them.
 */
export async function seedDemoLifecycle(db: Db, env: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const suppliers = [
    {
      account: '200005',
      name: '东莞鑫达塑胶制品有限公司',
      short: '鑫达塑胶',
      contact: '黄伟',
      mobile: '13500000005',
    },
    {
      account: '200006',
      name: '常州利恒机械配件有限公司',
      short: '利恒机械',
      contact: '吴芳',
      mobile: '13500000006',
    },
    {
      account: '200007',
      name: '杭州明泰包装科技有限公司',
      short: '明泰包装',
      contact: '郑浩',
      mobile: '13500000007',
    },
  ];
  await db.transaction(async (t) => {
    await t
      .insert(company)
      .values(
        suppliers.map((s) => ({ elsAccount: s.account, companyName: s.name, companyShortName: s.short })),
      );
    await t
      .insert(accountRelation)
      .values(suppliers.map((s) => ({ elsAccount: '100000', toElsAccount: s.account })));
    for (const s of suppliers) {
      const [user] = await t
        .insert(subaccount)
        .values({
          elsAccount: s.account,
          elsSubAccount: 'admin',
          name: s.contact,
          station: 'sale',
          passwordHash,
          permission: 'admin',
          mobile: s.mobile,
        })
        .returning({ id: subaccount.id });
      const [admin] = await t
        .insert(role)
        .values({ elsAccount: s.account, roleCode: 'admin', roleName: '管理员', roleNameEn: 'Administrator' })
        .returning({ id: role.id });
      await t.insert(subaccountRole).values({ subaccountId: user.id, roleId: admin.id });
    }
    // 200005 and 200006 start qualified; the requests below move them (blacklist, freeze).
    await t.insert(supplierMaster).values(
      suppliers.map((s) => ({
        elsAccount: '100000',
        toElsAccount: s.account,
        supplierCode: `S${s.account}`,
        fullName: s.name,
        shortName: s.short,
        supplierType: '生产商',
        supplierStatus: s.account === '200007' ? 'potential' : 'qualified',
        contacts: [{ name: s.contact, telphone: s.mobile }],
        ...stamp,
      })),
    );
  });
  // Certifications of 200001: ISO 9001 (mandatory) expires in 20 days — the expiry job reminds both sides.
  const now = Date.now();
  await db
    .update(supplierMaster)
    .set({
      certifications: [
        {
          type: 'ISO 9001',
          org: '中国质量认证中心',
          date: isoDate(now - 1075 * DAY),
          effectiveDate: isoDate(now - 1075 * DAY),
          expiryDate: isoDate(now + 20 * DAY),
          mandatory: true,
        },
        {
          type: 'ISO 14001',
          org: '中国质量认证中心',
          date: isoDate(now - 300 * DAY),
          expiryDate: isoDate(now + 795 * DAY),
        },
      ],
    })
    .where(sqlPair('100000', '200001'));

  const admin = await as(db, '100000', 'admin');
  const buyer = await as(db, '100000', 'buyer1');
  await saveRequest(db, env, buyer, {
    requestType: 'qualifiedToBlack',
    toElsAccount: '200005',
    reason: '2026 年第三季度两批次来料检验不合格且拒绝整改',
    submit: true,
  });
  await saveRequest(db, env, buyer, {
    requestType: 'supplierFreeze',
    toElsAccount: '200006',
    reason: '营业执照年检未完成，暂停合作',
    submit: true,
  });
  // From here on these conversions need the admin's approval.
  for (const documentKind of ['directToQualified', 'supplierUnfreeze'] as const)
    await saveConfig(db, admin, {
      documentKind,
      steps: [
        {
          name: '采购经理审批',
          nameEn: 'Purchasing manager approval',
          approverType: 'user',
          approvers: ['admin'],
        },
      ],
    });
  await saveRequest(db, env, buyer, {
    requestType: 'supplierUnfreeze',
    toElsAccount: '200006',
    reason: '年检已补办完成，申请解冻',
    submit: true,
  });
  await saveRequest(db, env, buyer, {
    requestType: 'supplierEliminate',
    toElsAccount: '200004',
    reason: '连续两年无业务往来',
  });
}

function sqlPair(elsAccount: string, toElsAccount: string) {
  return and(eq(supplierMaster.elsAccount, elsAccount), eq(supplierMaster.toElsAccount, toElsAccount));
}
