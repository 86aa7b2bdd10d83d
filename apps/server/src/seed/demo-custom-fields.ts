import { customFieldConfig } from '../modules/custom-field/tables.ts';
import type { Db } from '../platform/db.ts';

/**
 * Demo labels of buyer 100000's custom fields (issue #5): the order header's fbk1 and fbk2, the line's
 * fbk1; the other fields show as fbkN.
 */
export async function seedDemoCustomFields(db: Db): Promise<void> {
  await db.insert(customFieldConfig).values([
    {
      elsAccount: '100000',
      documentKind: 'purchaseOrder',
      labels: [
        { fieldKey: 'fbk1', zh_cn: '项目编号', en: 'Project code' },
        { fieldKey: 'fbk2', zh_cn: '成本中心', en: 'Cost center' },
      ],
      lastUpdateUser: '100000_admin',
    },
    {
      elsAccount: '100000',
      documentKind: 'purchaseOrderItem',
      labels: [{ fieldKey: 'fbk1', zh_cn: '批次', en: 'Batch' }],
      lastUpdateUser: '100000_admin',
    },
  ]);
}
