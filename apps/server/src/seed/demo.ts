import { ORG_UNIT_TYPES, ORG_UNITS } from '@srm/contracts/org-master';
import { sql } from 'drizzle-orm';
import { accountRelation, company, role, subaccount, subaccountRole } from '../modules/account/tables.ts';
import { menu } from '../modules/menu/tables.ts';
import { navigation, notice, noticeReceiver, sysMsg } from '../modules/message/tables.ts';
import { hazardousSubstance } from '../modules/system/tables.ts';
import type { Db } from '../platform/db.ts';
import { nextDocumentNumber } from '../platform/numbering.ts';
import { hashPassword } from '../platform/passwords.ts';

/** Every demo password (README "Demo logins"). */
export const DEMO_PASSWORD = 'Demo@2026';

type MenuSeed = {
  code: string;
  zh: string;
  en: string;
  url?: string;
  icon?: string;
  roles?: string[];
  children?: MenuSeed[];
};

const personalCenter: MenuSeed = {
  code: 'personal',
  zh: '个人中心',
  en: 'Personal center',
  icon: 'UserOutlined',
  children: [
    { code: 'personal-info', zh: '个人信息', en: 'Personal information', url: '/portal/info/index' },
    { code: 'message-center', zh: '消息中心', en: 'Message center', url: '/portal/info/message' },
    { code: 'todo', zh: '待办事项', en: 'To-do', url: '/portal/info/todo' },
  ],
};

const rohs = (extra: MenuSeed[] = []): MenuSeed => ({
  code: 'rohs',
  zh: '有害物质',
  en: 'Hazardous substances',
  icon: 'ExperimentOutlined',
  children: [
    { code: 'rohs-main', zh: '过期清单', en: 'Expired list', url: '/portal/rohs/main' },
    {
      code: 'rohs-card',
      zh: '有害物质概况',
      en: 'Hazardous substances at a glance',
      url: '/portal/rohs/card',
    },
    ...extra,
  ],
});

/** Company administration (issue #19), under System management of both stations; migration 0040 adds them to existing databases. */
const companyAdminMenu: MenuSeed[] = [
  { code: 'account-admin', zh: '账号管理', en: 'Account management', url: '/system/#/v2/accounts' },
  { code: 'role-admin', zh: '角色管理', en: 'Role management', url: '/system/#/v2/roles' },
  // Issue #18 (migration 0045 for existing databases): the company admin's API keys and webhooks.
  {
    code: 'integrations',
    zh: 'API 密钥与 Webhook',
    en: 'API keys and webhooks',
    url: '/system/#/v2/integrations',
  },
  // Issue #19 (migration 0055 for existing databases): the company's side menu.
  { code: 'menu-admin', zh: '菜单管理', en: 'Menu management', url: '/system/#/v2/menus' },
];

const apiDocs: MenuSeed = { code: 'api-docs', zh: '接口文档', en: 'API documentation', url: '/apis/docs/' };

const purchaseMenu: MenuSeed[] = [
  { code: 'home', zh: '首页', en: 'Home', url: '/portal/wel/index', icon: 'HomeOutlined' },
  personalCenter,
  {
    code: 'orders',
    zh: '订单管理',
    en: 'Order management',
    icon: 'ShoppingCartOutlined',
    children: [
      { code: 'purchase-orders', zh: '采购订单', en: 'Purchase orders', url: '/order/#/v2/order/list' },
    ],
  },
  // Requisitions and the demand pool (issue #13); existing databases get this group from migration 0021.
  {
    code: 'demand',
    zh: '需求管理',
    en: 'Demand management',
    icon: 'FileTextOutlined',
    children: [
      {
        code: 'purchase-requests',
        zh: '采购申请',
        en: 'Purchase requisitions',
        url: '/order/#/v2/requisition/list',
      },
      { code: 'demand-pool', zh: '需求池', en: 'Demand pool', url: '/order/#/v2/requisition/pool' },
    ],
  },
  // Requests for quotation (issue #13); existing databases get this group from migration 0020.
  {
    code: 'sourcing',
    zh: '寻源管理',
    en: 'Sourcing',
    icon: 'ShopOutlined',
    children: [
      { code: 'enquiries', zh: '询价单', en: 'Requests for quotation', url: '/rfq/#/v2/list' },
      // E-auctions (issue #14); existing databases get the entry from migration 0024.
      { code: 'ebiddings', zh: '在线竞价', en: 'E-auctions', url: '/ebidding/#/v2/list' },
      // The cost-structure templates (issue #19: own function codes); existing databases: migration 0062.
      { code: 'cost-templates', zh: '成本模板', en: 'Cost templates', url: '/rfq/#/v2/costTemplates' },
    ],
  },
  // Delivery notices and returns (issue #12); existing databases get these groups from migration 0016.
  {
    code: 'delivery',
    zh: '送货管理',
    en: 'Delivery management',
    icon: 'CarOutlined',
    children: [
      { code: 'delivery-notes', zh: '送货通知单', en: 'Delivery notices', url: '/order/#/v2/delivery/list' },
      { code: 'delivery-receive', zh: '收货', en: 'Receiving', url: '/order/#/v2/delivery/receive' },
      {
        code: 'delivery-request',
        zh: '要货通知',
        en: 'Delivery requests',
        url: '/order/#/v2/delivery/request',
      },
    ],
  },
  {
    code: 'returns',
    zh: '退货管理',
    en: 'Returns management',
    icon: 'RollbackOutlined',
    children: [{ code: 'refunds', zh: '退货单', en: 'Returns', url: '/order/#/v2/refund/list' }],
  },
  // Financial coordination (issue #15, seed 001 §2); existing databases get it from migration 0031.
  {
    code: 'finance',
    zh: '财务协同',
    en: 'Financial coordination',
    icon: 'AuditOutlined',
    children: [
      { code: 'recons', zh: '对账单', en: 'Reconciliation statements', url: '/finance/#/v2/recon/list' },
      { code: 'invoices', zh: '发票', en: 'Invoices', url: '/finance/#/v2/invoice/list' },
      { code: 'deduct-costs', zh: '扣款单', en: 'Deductions', url: '/finance/#/v2/deductCost/list' },
      { code: 'add-costs', zh: '附加费用单', en: 'Additional charges', url: '/finance/#/v2/addCost/list' },
    ],
  },
  // Supplier admission (issue #16, seed 001 §2): qualification, factory inspections, samples and their
  // templates; existing databases get it from migration 0038.
  {
    code: 'admission',
    zh: '供应商准入',
    en: 'Supplier admission',
    icon: 'CheckSquareOutlined',
    children: [
      {
        code: 'admission-requests',
        zh: '准入申请',
        en: 'Admission requests',
        url: '/admission/#/v2/access/list',
      },
      {
        code: 'admission-templates',
        zh: '资质模板',
        en: 'Qualification templates',
        url: '/admission/#/v2/qualTemplate/list',
        roles: ['admin'],
      },
      {
        code: 'admission-inspections',
        zh: '验厂管理',
        en: 'Factory inspections',
        url: '/admission/#/v2/inspectTable/list',
      },
      { code: 'admission-samples', zh: '样品管理', en: 'Samples', url: '/admission/#/v2/sample/list' },
      {
        code: 'admission-inspection-templates',
        zh: '验厂模板',
        en: 'Factory inspection templates',
        url: '/admission/#/v2/inspectTemplate/list',
      },
      {
        code: 'admission-sample-templates',
        zh: '样品模板',
        en: 'Sample templates',
        url: '/admission/#/v2/sampleTemplate/list',
      },
    ],
  },
  // Supplier improvement (issue #17): improvement sheets and item templates; existing databases get it from
  // the improvement migration's hand-written block.
  {
    code: 'improvement',
    zh: '供应商改善',
    en: 'Supplier improvement',
    icon: 'AuditOutlined',
    children: [
      {
        code: 'improvement-sheets',
        zh: '改善单管理',
        en: 'Improvement sheets',
        url: '/improvement/#/v2/improvement/list',
      },
      {
        code: 'improvement-templates',
        zh: '改善项模板',
        en: 'Improvement item templates',
        url: '/improvement/#/v2/template/list',
      },
    ],
  },
  // Contracts (issue #36, first slice); existing databases get it from the contract migration.
  {
    code: 'contract',
    zh: '合同管理',
    en: 'Contract management',
    icon: 'FileTextOutlined',
    children: [
      {
        code: 'contract-list',
        zh: '采购合同',
        en: 'Purchase contracts',
        url: '/contract/#/v2/contract/list',
      },
      // Contract administration (issue #36, second slice; existing databases: migration 0072).
      {
        code: 'contract-types',
        zh: '合同类型',
        en: 'Contract types',
        url: '/contract/#/v2/contract-type/list',
      },
      { code: 'contract-clauses', zh: '条款库', en: 'Clause library', url: '/contract/#/v2/clause/list' },
      {
        code: 'contract-templates',
        zh: '合同模板',
        en: 'Contract templates',
        url: '/contract/#/v2/template/list',
      },
    ],
  },
  {
    code: 'masterdata',
    zh: '主数据管理',
    en: 'Master data',
    icon: 'AppstoreOutlined',
    children: [
      { code: 'material-list', zh: '物料主数据', en: 'Materials', url: '/masterdata/#/v2/material/list' },
      {
        code: 'material-category',
        zh: '物料分类',
        en: 'Material categories',
        url: '/masterdata/#/v2/category',
      },
      { code: 'supplier-list', zh: '供应商主数据', en: 'Suppliers', url: '/masterdata/#/v2/supplier/list' },
      { code: 'price-list', zh: '价格主数据', en: 'Prices', url: '/masterdata/#/v2/price/list' },
      // Supplier information change (issue #16); existing databases get it from migration 0038.
      {
        code: 'supplier-change',
        zh: '信息变更',
        en: 'Information change',
        url: '/supplierdatamodify/#/v2/views',
      },
      {
        code: 'supplier-lifecycle',
        zh: '供应商生命周期',
        en: 'Supplier lifecycle',
        url: '/masterdata/#/v2/supplier-lifecycle',
      },
      // Organisation master data (issue #19), the buyer admin's; existing databases get them from
      // migration 0057.
      ...ORG_UNIT_TYPES.map((type) => ({
        code: `org-${ORG_UNITS[type].path}`,
        zh: ORG_UNITS[type].title.zh_cn,
        en: ORG_UNITS[type].title.en,
        url: `/masterdata/#/v2/${ORG_UNITS[type].path}`,
        roles: ['admin'],
      })),
    ],
  },
  // Supplier performance appraisal (issue #17); existing databases get it from the appraisal migration.
  {
    code: 'performance',
    zh: '供应商绩效',
    en: 'Supplier performance',
    icon: 'AuditOutlined',
    children: [
      {
        code: 'appraisal-templates',
        zh: '考评模板',
        en: 'Appraisal templates',
        url: '/performance/#/v2/templates',
      },
      { code: 'appraisal-runs', zh: '绩效考评', en: 'Appraisal runs', url: '/performance/#/v2/runs' },
      { code: 'appraisal-scoring', zh: '专家评分', en: 'Expert scoring', url: '/performance/#/v2/scoring' },
    ],
  },
  {
    code: 'collaboration',
    zh: '协同管理',
    en: 'Collaboration',
    icon: 'BellOutlined',
    children: [{ code: 'notice-list', zh: '公告管理', en: 'Announcements', url: '/portal/notice/list' }],
  },
  rohs(),
  {
    code: 'system',
    zh: '系统管理',
    en: 'System management',
    icon: 'SettingOutlined',
    roles: ['admin'],
    children: [
      apiDocs,
      {
        code: 'login-page-settings',
        zh: '登录页设置',
        en: 'Login page settings',
        url: '/portal/settings/login-page',
      },
      { code: 'audit-config', zh: '审批配置', en: 'Approval configuration', url: '/portal/audit/config' },
      {
        code: 'custom-field-labels',
        zh: '自定义字段',
        en: 'Custom field labels',
        url: '/masterdata/#/v2/custom-fields',
      },
      { code: 'invite-codes', zh: '邀请码', en: 'Invitation codes', url: '/portal/invite/list' },
      { code: 'sms-outbox', zh: '短信发件箱', en: 'SMS outbox', url: '/portal/sms/outbox' },
      ...companyAdminMenu,
      // Issue #18/#19 (migration 0053 for existing databases): the buyer admin's interface texts.
      { code: 'language-texts', zh: '界面文字', en: 'Interface texts', url: '/system/#/v2/language' },
      // Issue #19 (migration 0054 for existing databases): the buyer admin's dictionaries and parameters.
      {
        code: 'business-dictionaries',
        zh: '业务字典',
        en: 'Business dictionaries',
        url: '/system/#/v2/dictionaries',
      },
      { code: 'preset-parameters', zh: '预置参数', en: 'Preset parameters', url: '/system/#/v2/parameters' },
    ],
  },
];

const saleMenu: MenuSeed[] = [
  { code: 'home', zh: '首页', en: 'Home', url: '/portal/supplier/index', icon: 'HomeOutlined' },
  personalCenter,
  {
    code: 'orders',
    zh: '订单管理',
    en: 'Order management',
    icon: 'ShoppingCartOutlined',
    children: [
      { code: 'sales-orders', zh: '销售订单', en: 'Sales orders', url: '/order/#/v2/order/list' },
      // Price bidding on buyers' unsent orders (issue #5): since issue #13 a one-round RFQ, so the entry opens the
      // supplier's RFQ inbox (migration 0060 re-points existing databases; 0015 added the entry). Its own address
      // (the query) keeps it apart from "询价邀请": the shell names and keys a tab by its address.
      { code: 'sales-bids', zh: '竞价邀请', en: 'Bid invitations', url: '/rfq/#/v2/list?enquiryType=3' },
    ],
  },
  {
    code: 'sourcing',
    zh: '寻源管理',
    en: 'Sourcing',
    icon: 'ShopOutlined',
    children: [
      { code: 'enquiry-invitations', zh: '询价邀请', en: 'RFQ invitations', url: '/rfq/#/v2/list' },
      // Every buyer's public RFQs (issue #13; migration 0061 for existing databases): an address of its own, so
      // the shell's tab is not taken for "询价邀请".
      { code: 'enquiry-public', zh: '公开询价', en: 'Public RFQs', url: '/rfq/#/v2/public' },
      {
        code: 'ebidding-invitations',
        zh: '在线竞价邀请',
        en: 'E-auction invitations',
        url: '/ebidding/#/v2/list',
      },
    ],
  },
  {
    code: 'delivery',
    zh: '送货管理',
    en: 'Delivery management',
    icon: 'CarOutlined',
    children: [
      { code: 'delivery-ship', zh: '待送货订单行', en: 'Lines to ship', url: '/order/#/v2/delivery/ship' },
      {
        code: 'delivery-notes',
        zh: '我的送货单',
        en: 'My delivery notices',
        url: '/order/#/v2/delivery/list',
      },
    ],
  },
  {
    code: 'returns',
    zh: '退货管理',
    en: 'Returns management',
    icon: 'RollbackOutlined',
    children: [{ code: 'refunds', zh: '退货单', en: 'Returns', url: '/order/#/v2/refund/list' }],
  },
  {
    code: 'finance',
    zh: '财务协同',
    en: 'Financial coordination',
    icon: 'AuditOutlined',
    children: [
      { code: 'recons', zh: '对账单', en: 'Reconciliation statements', url: '/finance/#/v2/recon/list' },
      { code: 'invoices', zh: '发票', en: 'Invoices', url: '/finance/#/v2/invoice/list' },
      { code: 'add-costs', zh: '附加费用单', en: 'Additional charges', url: '/finance/#/v2/addCost/list' },
      { code: 'deduct-costs', zh: '扣款单', en: 'Deductions', url: '/finance/#/v2/deductCost/list' },
    ],
  },
  {
    code: 'admission',
    zh: '供应商准入',
    en: 'Supplier admission',
    icon: 'CheckSquareOutlined',
    children: [
      {
        code: 'admission-requests',
        zh: '我的准入申请',
        en: 'My admission requests',
        url: '/admission/#/v2/access/list',
      },
      {
        code: 'admission-inspections',
        zh: '验厂管理',
        en: 'Factory inspections',
        url: '/admission/#/v2/inspectTable/list',
      },
      { code: 'admission-samples', zh: '样品管理', en: 'Samples', url: '/admission/#/v2/sample/list' },
    ],
  },
  // Supplier improvement (issue #17): the supplier's improvement sheets.
  {
    code: 'improvement',
    zh: '供应商改善',
    en: 'Supplier improvement',
    icon: 'AuditOutlined',
    children: [
      {
        code: 'improvement-sheets',
        zh: '改善单',
        en: 'Improvement sheets',
        url: '/improvement/#/v2/improvement/list',
      },
    ],
  },
  // Contracts (issue #36): the supplier's contracts to sign and signed.
  {
    code: 'contract',
    zh: '销售合同',
    en: 'Sales contracts',
    icon: 'FileTextOutlined',
    children: [
      { code: 'contract-list', zh: '合同列表', en: 'Contract list', url: '/contract/#/v2/contract/list' },
    ],
  },
  // Supplier performance appraisal (issue #17); existing databases get it from the appraisal migration.
  {
    code: 'performance',
    zh: '我的绩效',
    en: 'My performance',
    icon: 'AuditOutlined',
    children: [
      {
        code: 'appraisal-scorecards',
        zh: '绩效考评结果',
        en: 'Scorecards',
        url: '/performance/#/v2/scorecards',
      },
    ],
  },
  // Supplier information change (issue #16); existing databases get it from migration 0038.
  {
    code: 'company-info',
    zh: '企业信息',
    en: 'Company information',
    icon: 'AppstoreOutlined',
    children: [
      {
        code: 'supplier-change',
        zh: '信息变更',
        en: 'Information change',
        url: '/supplierdatamodify/#/v2/views',
      },
    ],
  },
  rohs(),
  {
    code: 'system',
    zh: '系统管理',
    en: 'System management',
    icon: 'SettingOutlined',
    roles: ['admin'],
    children: [apiDocs, ...companyAdminMenu],
  },
];

async function insertMenu(db: Db, station: 'purchase' | 'sale', items: MenuSeed[], parentId: string | null) {
  let order = 0;
  for (const item of items) {
    order += 10;
    const [row] = await db
      .insert(menu)
      .values({
        station,
        parentId,
        appName: item.zh,
        appNameEn: item.en,
        appUrl: item.url ?? '',
        appIcon: item.icon ?? null,
        appCode: item.code,
        roles: item.roles ?? [],
        groupPaths: [],
        sortOrder: order,
      })
      .returning({ id: menu.id });
    if (item.children) await insertMenu(db, station, item.children, row.id);
  }
}

/** True when the database has no company yet (first start). */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.execute(sql`select count(*)::int as n from company`);
  const first = (rows as unknown as { rows: Array<{ n: number }> }).rows[0];
  return Number(first?.n ?? 0) === 0;
}

/**
 * Seeds the demo world (issue #2, DESIGN §7) into an empty database in one transaction:
 * buyer 100000 (admin, buyer1), suppliers 200001 and 200002 (200002/admin must change its password),
 * 200003 and 200004 (RFQ suppliers, issue #13),
 * roles, buyer–supplier links, and menus per station.
 */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.insert(company).values([
      { elsAccount: '100000', companyName: '华东精密制造有限公司', companyShortName: '华东精密' },
      { elsAccount: '200001', companyName: '苏州恒达电子科技有限公司', companyShortName: '恒达电子' },
      { elsAccount: '200002', companyName: '宁波远航包装材料有限公司', companyShortName: '远航包装' },
      // RFQs (issue #13) invite at least 3 suppliers per material; 200002 stays out of the demo RFQs so
      // the generated suites keep a supplier that sees none of them.
      { elsAccount: '200003', companyName: '无锡精工五金制品有限公司', companyShortName: '精工五金' },
      { elsAccount: '200004', companyName: '深圳华芯电子元器件有限公司', companyShortName: '华芯电子' },
    ]);
    await t.insert(accountRelation).values([
      { elsAccount: '100000', toElsAccount: '200001' },
      { elsAccount: '100000', toElsAccount: '200002' },
      { elsAccount: '100000', toElsAccount: '200003' },
      { elsAccount: '100000', toElsAccount: '200004' },
    ]);
    const roles = await t
      .insert(role)
      .values([
        { elsAccount: '100000', roleCode: 'admin', roleName: '管理员', roleNameEn: 'Administrator' },
        { elsAccount: '100000', roleCode: 'buyer', roleName: '采购员', roleNameEn: 'Buyer' },
        { elsAccount: '200001', roleCode: 'admin', roleName: '管理员', roleNameEn: 'Administrator' },
        { elsAccount: '200001', roleCode: 'sales', roleName: '销售员', roleNameEn: 'Sales' },
        { elsAccount: '200002', roleCode: 'admin', roleName: '管理员', roleNameEn: 'Administrator' },
        { elsAccount: '200002', roleCode: 'sales', roleName: '销售员', roleNameEn: 'Sales' },
        { elsAccount: '200003', roleCode: 'admin', roleName: '管理员', roleNameEn: 'Administrator' },
        { elsAccount: '200004', roleCode: 'admin', roleName: '管理员', roleNameEn: 'Administrator' },
      ])
      .returning({ id: role.id, elsAccount: role.elsAccount, roleCode: role.roleCode });
    const roleId = (account: string, code: string) =>
      roles.find((r) => r.elsAccount === account && r.roleCode === code)!.id;
    const users = await t
      .insert(subaccount)
      .values([
        {
          elsAccount: '100000',
          elsSubAccount: 'admin',
          name: '张明',
          station: 'purchase',
          passwordHash,
          permission: 'admin',
          email: 'zhang.ming@example.com',
          mobile: '13800000001',
        },
        {
          elsAccount: '100000',
          elsSubAccount: 'buyer1',
          name: '李娜',
          station: 'purchase',
          passwordHash,
          email: 'li.na@example.com',
          mobile: '13800000002',
        },
        {
          elsAccount: '200001',
          elsSubAccount: 'admin',
          name: '王强',
          station: 'sale',
          passwordHash,
          permission: 'admin',
          email: 'wang.qiang@example.com',
          mobile: '13900000001',
        },
        {
          elsAccount: '200002',
          elsSubAccount: 'admin',
          name: '陈静',
          station: 'sale',
          passwordHash,
          permission: 'admin',
          fbk10: 'Y',
          email: 'chen.jing@example.com',
        },
        {
          elsAccount: '200003',
          elsSubAccount: 'admin',
          name: '赵磊',
          station: 'sale',
          passwordHash,
          permission: 'admin',
          lang: 'en',
          email: 'zhao.lei@example.com',
        },
        {
          elsAccount: '200004',
          elsSubAccount: 'admin',
          name: '孙悦',
          station: 'sale',
          passwordHash,
          permission: 'admin',
          email: 'sun.yue@example.com',
        },
      ])
      .returning({
        id: subaccount.id,
        elsAccount: subaccount.elsAccount,
        elsSubAccount: subaccount.elsSubAccount,
      });
    const userId = (account: string, sub: string) =>
      users.find((u) => u.elsAccount === account && u.elsSubAccount === sub)!.id;
    await t.insert(subaccountRole).values([
      { subaccountId: userId('100000', 'admin'), roleId: roleId('100000', 'admin') },
      { subaccountId: userId('100000', 'admin'), roleId: roleId('100000', 'buyer') },
      { subaccountId: userId('100000', 'buyer1'), roleId: roleId('100000', 'buyer') },
      { subaccountId: userId('200001', 'admin'), roleId: roleId('200001', 'admin') },
      { subaccountId: userId('200001', 'admin'), roleId: roleId('200001', 'sales') },
      { subaccountId: userId('200002', 'admin'), roleId: roleId('200002', 'admin') },
      { subaccountId: userId('200002', 'admin'), roleId: roleId('200002', 'sales') },
      { subaccountId: userId('200003', 'admin'), roleId: roleId('200003', 'admin') },
      { subaccountId: userId('200004', 'admin'), roleId: roleId('200004', 'admin') },
    ]);
    await insertMenu(t, 'purchase', purchaseMenu, null);
    await insertMenu(t, 'sale', saleMenu, null);
    await t.insert(navigation).values([
      {
        station: 'purchase',
        title: '个人信息',
        titleEn: 'Personal information',
        url: '/portal/info/index',
        icon: 'UserOutlined',
        sortOrder: 10,
      },
      {
        station: 'purchase',
        title: '消息中心',
        titleEn: 'Message center',
        url: '/portal/info/message',
        icon: 'BellOutlined',
        sortOrder: 20,
      },
      {
        station: 'purchase',
        title: '待办事项',
        titleEn: 'To-do',
        url: '/portal/info/todo',
        icon: 'CheckSquareOutlined',
        sortOrder: 30,
      },
      {
        station: 'sale',
        title: '个人信息',
        titleEn: 'Personal information',
        url: '/portal/info/index',
        icon: 'UserOutlined',
        sortOrder: 10,
      },
      {
        station: 'sale',
        title: '消息中心',
        titleEn: 'Message center',
        url: '/portal/info/message',
        icon: 'BellOutlined',
        sortOrder: 20,
      },
    ]);
    const day = 24 * 3600 * 1000;
    await t.insert(hazardousSubstance).values([
      {
        elsAccount: '100000',
        toElsAccount: '200001',
        materialNumber: 'M-10001',
        materialDesc: 'PCB 主板 A1',
        substance: '铅 (Pb)',
        certificateNumber: 'RoHS-2025-0381',
        certificateExpiryDate: new Date(Date.now() - 40 * day),
      },
      {
        elsAccount: '100000',
        toElsAccount: '200001',
        materialNumber: 'M-10002',
        materialDesc: '电源适配器 12V',
        substance: '镉 (Cd)',
        certificateNumber: 'RoHS-2025-0412',
        certificateExpiryDate: new Date(Date.now() - 5 * day),
      },
      {
        elsAccount: '100000',
        toElsAccount: '200002',
        materialNumber: 'M-20001',
        materialDesc: '瓦楞纸箱 600×400',
        substance: '六价铬 (Cr6+)',
        certificateNumber: 'RoHS-2026-0057',
        certificateExpiryDate: new Date(Date.now() + 12 * day),
      },
      {
        elsAccount: '100000',
        toElsAccount: '200002',
        materialNumber: 'M-20002',
        materialDesc: '防静电袋',
        substance: '多溴联苯 (PBB)',
        certificateNumber: 'RoHS-2026-0101',
        certificateExpiryDate: new Date(Date.now() + 200 * day),
      },
    ]);
    const start = new Date(Date.now() - 24 * 3600 * 1000);
    const end = new Date(Date.now() + 90 * 24 * 3600 * 1000);
    const [welcome] = await t
      .insert(notice)
      .values({
        elsAccount: '100000',
        noticeNumber: await nextDocumentNumber(t, '100000', 'NT'),
        title: '2026年度供应商大会通知',
        content: '各位供应商：2026年度供应商大会将于12月15日在苏州召开，请各供应商负责人准时参加。',
        type: '1',
        status: '1',
        pubOrg: '100000',
        pubOrgDesc: '采购部',
        pubUser: '张明',
        noticeStartTime: start,
        noticeEndTime: end,
        publishTime: start,
        createUser: '100000_admin',
        lastUpdateUser: '100000_admin',
      })
      .returning({ id: notice.id });
    await t.insert(noticeReceiver).values([
      { noticeId: welcome.id, elsAccount: '100000', toElsAccount: '200001' },
      { noticeId: welcome.id, elsAccount: '100000', toElsAccount: '200002' },
    ]);
    await t.insert(sysMsg).values([
      {
        elsAccount: '100000',
        elsSubAccount: 'admin',
        msgTitle: '欢迎使用 SRM 供应商协同平台',
        msgContent: '您的账号已开通，可在个人信息中修改密码。',
        senderName: '系统',
        sendTime: start,
      },
      {
        elsAccount: '100000',
        elsSubAccount: 'buyer1',
        msgTitle: '欢迎使用 SRM 供应商协同平台',
        msgContent: '您的账号已开通，可在个人信息中修改密码。',
        senderName: '系统',
        sendTime: start,
      },
      {
        elsAccount: '200001',
        elsSubAccount: 'admin',
        msgTitle: '2026年度供应商大会通知',
        msgContent: '各位供应商：2026年度供应商大会将于12月15日在苏州召开。',
        senderElsAccount: '100000',
        senderName: '张明',
        sendTime: start,
        businessType: 'notice',
        businessId: welcome.id,
        linkUrl: '/portal/info/message',
      },
      {
        elsAccount: '200002',
        elsSubAccount: 'admin',
        msgTitle: '2026年度供应商大会通知',
        msgContent: '各位供应商：2026年度供应商大会将于12月15日在苏州召开。',
        senderElsAccount: '100000',
        senderName: '张明',
        sendTime: start,
        businessType: 'notice',
        businessId: welcome.id,
        linkUrl: '/portal/info/message',
      },
    ]);
  });
}
