import type { OrgUnitType } from '@srm/contracts/org-master';
import { priceIncludingTax } from '../modules/masterdata/decimal.ts';
import {
  material,
  materialCategory,
  orgUnit,
  priceMaster,
  supplierMaster,
} from '../modules/masterdata/tables.ts';
import type { Db } from '../platform/db.ts';

const USER = '100000_admin';
const stamp = { createUser: USER, lastUpdateUser: USER };

/**
 * Demo master data of buyer 100000 (issue #5): a three-level category tree, materials under level-3
 * categories, supplier records for 200001–200004, and prices (current, expired and future).
 */
export async function seedDemoMasterdata(db: Db): Promise<void> {
  await db.transaction(async (t) => {
    const cat = async (parentId: string | null, level: number, cateCode: string, cateName: string) => {
      const [row] = await t
        .insert(materialCategory)
        .values({ elsAccount: '100000', parentId, cateLevel: level, cateCode, cateName, ...stamp })
        .returning({ id: materialCategory.id });
      return { id: row.id, cateCode, cateName };
    };
    const elec = await cat(null, 1, 'ELEC', '电子元器件');
    const pas = await cat(elec.id, 2, 'ELEC-PAS', '被动元件');
    const res = await cat(pas.id, 3, 'ELEC-PAS-RES', '电阻');
    const cap = await cat(pas.id, 3, 'ELEC-PAS-CAP', '电容');
    const ic = await cat(elec.id, 2, 'ELEC-IC', '集成电路');
    const mcu = await cat(ic.id, 3, 'ELEC-IC-MCU', '单片机');
    const pack = await cat(null, 1, 'PACK', '包材');
    const box = await cat(pack.id, 2, 'PACK-BOX', '纸箱');
    const box5 = await cat(box.id, 3, 'PACK-BOX-5L', '五层纸箱');

    const path = (l1: typeof elec, l2: typeof elec, l3: typeof elec) => ({
      cateId: l3.id,
      cateCode1: l1.cateCode,
      cateName1: l1.cateName,
      cateCode2: l2.cateCode,
      cateName2: l2.cateName,
      cateCode3: l3.cateCode,
      cateName3: l3.cateName,
    });
    const materials = await t
      .insert(material)
      .values([
        {
          elsAccount: '100000',
          materialNumber: 'R-0603-10K',
          materialName: '贴片电阻 0603 10KΩ',
          materialDesc: '±1% 1/10W',
          baseUnit: 'PCS',
          minPackingQuantity: '5000',
          ...path(elec, pas, res),
          ...stamp,
        },
        {
          elsAccount: '100000',
          materialNumber: 'C-0805-100N',
          materialName: '贴片电容 0805 100nF',
          materialDesc: 'X7R 50V',
          baseUnit: 'PCS',
          minPackingQuantity: '4000',
          ...path(elec, pas, cap),
          ...stamp,
        },
        {
          elsAccount: '100000',
          materialNumber: 'MCU-STM32F103',
          materialName: '单片机 STM32F103C8T6',
          materialDesc: 'LQFP48',
          brand: 'ST',
          baseUnit: 'PCS',
          isCheckQuality: 'Y',
          ...path(elec, ic, mcu),
          ...stamp,
        },
        {
          elsAccount: '100000',
          materialNumber: 'BOX-5L-600',
          materialName: '五层瓦楞纸箱 600×400×400',
          baseUnit: 'PCS',
          isFreeze: 'Y',
          ...path(pack, box, box5),
          ...stamp,
        },
      ])
      .returning({ id: material.id, materialNumber: material.materialNumber });
    const id = (number: string) => materials.find((m) => m.materialNumber === number)!.id;

    await t.insert(supplierMaster).values([
      {
        elsAccount: '100000',
        toElsAccount: '200001',
        supplierCode: 'S200001',
        fullName: '苏州恒达电子科技有限公司',
        shortName: '恒达电子',
        supplierType: '生产商',
        supplierStatus: 'qualified',
        paymentClause: '月结 60 天',
        contacts: [{ name: '王强', telphone: '13900000001', wxNo: 'wangqiang_hd' }],
        banks: [
          {
            bankCode: '102305000000',
            bankBranchName: '工商银行苏州工业园区支行',
            bankAccount: '1102020309000012345',
          },
        ],
        addresses: [{ country: 'CN', address: '江苏省苏州市工业园区金鸡湖大道 88 号' }],
        ...stamp,
      },
      {
        elsAccount: '100000',
        toElsAccount: '200002',
        supplierCode: 'S200002',
        fullName: '宁波远航包装材料有限公司',
        shortName: '远航包装',
        supplierType: '生产商',
        // Qualified (issue #16): the demo orders, biddings and returns of 200002 need the right to orders.
        supplierStatus: 'qualified',
        contacts: [{ name: '陈静', telphone: '13700000002' }],
        addresses: [{ country: 'CN', address: '浙江省宁波市北仑区新碶街道 12 号' }],
        ...stamp,
      },
      // The RFQ suppliers (issue #13): a buyer invites at least three per line, so the pickers list them.
      {
        elsAccount: '100000',
        toElsAccount: '200003',
        supplierCode: 'S200003',
        fullName: '无锡精工五金制品有限公司',
        shortName: '精工五金',
        supplierType: '生产商',
        supplierStatus: 'qualified',
        contacts: [{ name: '周明', telphone: '13600000003' }],
        addresses: [{ country: 'CN', address: '江苏省无锡市新吴区长江路 21 号' }],
        ...stamp,
      },
      {
        elsAccount: '100000',
        toElsAccount: '200004',
        supplierCode: 'S200004',
        fullName: '深圳华芯电子元器件有限公司',
        shortName: '华芯电子',
        supplierType: '贸易商',
        supplierStatus: 'qualified',
        contacts: [{ name: '林涛', telphone: '13500000004' }],
        addresses: [{ country: 'CN', address: '广东省深圳市南山区科技园南区 8 栋' }],
        ...stamp,
      },
    ]);

    const day = 86_400_000;
    const price = (
      toElsAccount: string,
      number: string,
      excl: string,
      from: number,
      to: number,
      quota = '100',
    ) => ({
      elsAccount: '100000',
      toElsAccount,
      materialId: id(number),
      materialNumber: number,
      priceExcludingTax: excl,
      taxRate: '13',
      priceIncludingTax: priceIncludingTax(excl, '13'),
      validStartDate: new Date(Date.now() + from * day),
      priceExpiryDate: new Date(Date.now() + to * day),
      quota,
      ...stamp,
    });
    await t
      .insert(priceMaster)
      .values([
        price('200001', 'R-0603-10K', '0.012', -60, 300, '60'),
        price('200002', 'R-0603-10K', '0.011', -60, 300, '40'),
        price('200001', 'C-0805-100N', '0.035', -30, 335),
        price('200001', 'MCU-STM32F103', '8.6', -400, -10),
        price('200001', 'MCU-STM32F103', '8.2', -10, 355),
        price('200002', 'BOX-5L-600', '4.35', 30, 395),
      ]);
    // Organisation master data (issue #19): the codes the demo documents carry (requisitions: factories
    // 1010 and 1020, cost centre CC-RD-01) and a few more, one disabled (not offered in pickers).
    const unit = (
      unitType: OrgUnitType,
      code: string,
      name: string,
      nameEn: string,
      parentCode: string | null = null,
      status: 'enabled' | 'disabled' = 'enabled',
    ) => ({ elsAccount: '100000', unitType, code, name, nameEn, parentCode, status, ...stamp });
    await t
      .insert(orgUnit)
      .values([
        unit('purchaseOrganization', '1000', '华东采购组织', 'East China purchasing'),
        unit('purchaseOrganization', '2000', '华南采购组织', 'South China purchasing'),
        unit('purchaseGroup', 'G01', '电子料采购组', 'Electronics buyers', '1000'),
        unit('purchaseGroup', 'G02', '包材采购组', 'Packaging buyers', '1000'),
        unit('purchaseGroup', 'G09', '原辅料采购组（已撤销）', 'Raw materials (retired)', '2000', 'disabled'),
        unit('factory', '1010', '苏州工厂', 'Suzhou plant', '1000'),
        unit('factory', '1020', '无锡工厂', 'Wuxi plant', '1000'),
        unit('factory', '2010', '深圳工厂', 'Shenzhen plant', '2000'),
        unit('costCenter', 'CC-RD-01', '研发部', 'R&D', '1010'),
        unit('costCenter', 'CC-PD-01', '生产部', 'Production', '1020'),
        unit('costCenter', 'CC-ADM', '行政部', 'Administration'),
      ]);
  });
}
