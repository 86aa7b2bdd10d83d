import type { OrderSaveBody } from '@srm/contracts/purchase-order';
import { accountRelation, company, role, subaccount, subaccountRole } from '../modules/account/tables.ts';
import { supplierMaster } from '../modules/masterdata/tables.ts';
import { getOrder, orderKind, runOrderAction, submitOrder } from '../modules/order/kind.ts';
import { saveOrder } from '../modules/order/service.ts';
import { daysFromToday } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { registerApprovalHandler } from '../platform/document/routes.ts';
import { hashPassword } from '../platform/passwords.ts';
import { DEMO_PASSWORD } from './demo.ts';
import { as } from './demo-orders.ts';

/** The second demo buying company (issue #16 "one inbox for a supplier of many buyers"); 100001 stays free for the suites' unlinked "another buyer". */
export const SECOND_BUYER = '100002';

const day = (offset: number) => daysFromToday(offset);

function order(lines: Array<[string, string, string, string]>, orderDate: string): OrderSaveBody {
  return {
    toElsAccount: '200001',
    orderType: '0',
    purchaseType: '0',
    orderDate,
    currency: 'CNY',
    exchangeRate: '1',
    urgencyFlag: '0',
    deliveryAddress: '广东省深圳市南山区科技园南区 8 号 南海智能 1 号仓',
    payTermsText: '月结 30 天',
    incotermsCode: 'DAP',
    items: lines.map(([materialNumber, materialDesc, quantity, price]) => ({
      materialNumber,
      materialDesc,
      unit: 'PCS',
      quantity,
      priceExcludingTax: price,
      taxRate: '13',
      deliveryDate: day(21),
    })),
  };
}

/**
 * The second buying company 100002 (南海智能, admin and buyer1 with the roles 100000 has), linked with
 * supplier 200001 only, so 200001 works for two buyers: its lists hold both buyers' documents with the
 * buyer named on every row, and it no longer acts as 100000 (spec 000 §4). Orders to 200001 in several
 * statuses, made through the real services before 100000's (so 200001's lists, newest sent first, still
 * open with 100000's): sent and waiting, confirmed, refused, closed, and a draft the supplier cannot see.
 */
export async function seedDemoSecondBuyer(db: Db, env: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.insert(company).values({
      elsAccount: SECOND_BUYER,
      companyName: '深圳南海智能装备有限公司',
      companyShortName: '南海智能',
    });
    await t.insert(accountRelation).values({ elsAccount: SECOND_BUYER, toElsAccount: '200001' });
    const roles = await t
      .insert(role)
      .values([
        { elsAccount: SECOND_BUYER, roleCode: 'admin', roleName: '管理员', roleNameEn: 'Administrator' },
        { elsAccount: SECOND_BUYER, roleCode: 'buyer', roleName: '采购员', roleNameEn: 'Buyer' },
      ])
      .returning({ id: role.id, roleCode: role.roleCode });
    const users = await t
      .insert(subaccount)
      .values([
        {
          elsAccount: SECOND_BUYER,
          elsSubAccount: 'admin',
          name: '黄伟',
          station: 'purchase',
          passwordHash,
          permission: 'admin',
          email: 'huang.wei@example.com',
          mobile: '13700000001',
        },
        {
          elsAccount: SECOND_BUYER,
          elsSubAccount: 'buyer1',
          name: '周敏',
          station: 'purchase',
          passwordHash,
          email: 'zhou.min@example.com',
          mobile: '13700000002',
        },
      ])
      .returning({ id: subaccount.id, elsSubAccount: subaccount.elsSubAccount });
    const roleId = (code: string) => roles.find((r) => r.roleCode === code)!.id;
    const userId = (sub: string) => users.find((u) => u.elsSubAccount === sub)!.id;
    // 200001 in 100002's supplier master as qualified: the stage rights (issue #16) let orders be sent.
    await t.insert(supplierMaster).values({
      elsAccount: SECOND_BUYER,
      toElsAccount: '200001',
      supplierCode: 'NH-S001',
      fullName: '苏州恒达电子科技有限公司',
      shortName: '恒达电子',
      supplierStatus: 'qualified',
      paymentClause: '月结 30 天',
      createUser: `${SECOND_BUYER}_admin`,
      lastUpdateUser: `${SECOND_BUYER}_admin`,
    });
    await t.insert(subaccountRole).values([
      { subaccountId: userId('admin'), roleId: roleId('admin') },
      { subaccountId: userId('admin'), roleId: roleId('buyer') },
      { subaccountId: userId('buyer1'), roleId: roleId('buyer') },
    ]);
  });

  registerApprovalHandler(env, orderKind);
  const buyer = await as(db, SECOND_BUYER, 'buyer1');
  const s1 = await as(db, '200001', 'admin');
  const motor: [string, string, string, string] = ['NH-3001', '伺服电机驱动板 SV-20', '200', '168'];
  const sensor: [string, string, string, string] = ['NH-3002', '光电传感器 PS-8', '1200', '12.6'];
  const cable: [string, string, string, string] = ['NH-3003', '屏蔽线束 1.5m', '3000', '3.9'];
  const send = async (lines: Array<[string, string, string, string]>, orderDate: string) => {
    const saved = await saveOrder(db, buyer, order(lines, orderDate));
    const approved = await submitOrder(db, buyer, env, saved.id, saved.version);
    const sent = await runOrderAction(db, buyer, env, 'send', saved.id, { version: approved.version });
    return { id: saved.id, version: sent.version };
  };

  // Closed by the buyer after sending.
  const closed = await send([cable], day(-14));
  await runOrderAction(db, buyer, env, 'close', closed.id, { version: closed.version });

  // Refused by the supplier.
  const refused = await send([sensor], day(-9));
  let items = (await getOrder(db, s1, 'sale', refused.id)).items;
  await runOrderAction(db, s1, env, 'refuse', refused.id, {
    version: refused.version,
    itemIds: [items[0].id],
    remark: '该型号传感器已停产，请改用 PS-9',
  });

  // Confirmed with reply dates.
  const confirmed = await send([motor, cable], day(-6));
  items = (await getOrder(db, s1, 'sale', confirmed.id)).items;
  await runOrderAction(db, s1, env, 'confirm', confirmed.id, {
    version: confirmed.version,
    lines: items.map((i) => ({ itemId: i.id, replyDeliveryDate: day(18) })),
  });

  // Sent, waiting for the supplier's answer.
  await send([motor, sensor], day(-2));

  // A draft: the buyer's own, never in the supplier's inbox.
  await saveOrder(db, buyer, order([sensor], day(0)));
}
