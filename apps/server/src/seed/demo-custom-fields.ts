import { sql } from 'drizzle-orm';
import { customFieldConfig } from '../modules/custom-field/tables.ts';
import type { Db } from '../platform/db.ts';

/**
 * Demo labels of buyer 100000's custom fields (issue #5): the order header's fbk1 and fbk2, the line's
 * fbk1; the other fields show as fbkN. The first order sent to 200001 carries values in them, so both
 * sides see the labels on a demo order.
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
  const [first] = (
    (await db.execute(
      sql`select id from purchase_order where els_account = '100000' and to_els_account = '200001'
          and send_status = '1' order by order_number limit 1`,
    )) as unknown as { rows: Array<{ id: string }> }
  ).rows;
  if (!first) return;
  await db.execute(
    sql`update purchase_order set custom_fields = ${JSON.stringify({ fbk1: 'P-2026-08', fbk2: 'CC-4100' })}::jsonb
        where id = ${first.id}`,
  );
  await db.execute(
    sql`update purchase_order_item set custom_fields = ${JSON.stringify({ fbk1: 'B-2611' })}::jsonb
        where order_id = ${first.id}`,
  );
}
