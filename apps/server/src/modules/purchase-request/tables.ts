import { purchaseRequestDefinition } from '@srm/contracts/purchase-request';
import { sql } from 'drizzle-orm';
import { index, numeric, timestamp, uuid } from 'drizzle-orm/pg-core';
import { documentTables } from '../../platform/document/table-builder.ts';

/**
 * The tables of purchase requisitions, built from their definition (packages/contracts/src/
 * purchase-request.ts, `documentTables`: issue #34). What the definition does not say: the columns the
 * server fills in are not null, the total of 2 decimals, the line's material id and claim time.
 */
const tables = documentTables(purchaseRequestDefinition, {
  numberOwner: 'elsAccount',
  header: {
    extra: {
      /** Σ quantity × budget price of the lines, 2 decimals half-up. */
      totalAmount: numeric('total_amount', { precision: 18, scale: 2 }).notNull().default('0'),
    },
  },
  lines: {
    notNull: ['requestItemNumber', 'materialDesc', 'unit'],
    // REQUEST_ITEM_STATUS 0 not released …; CLAIM_STATUS 0 unclaimed; the quantities moved on.
    defaults: {
      itemStatus: '0',
      claimStatus: '0',
      toEnquiryQuantity: '0',
      toBiddingQuantity: '0',
      toOrderQuantity: '0',
    },
    extra: {
      materialId: uuid('material_id'),
      claimDate: timestamp('claim_date', { withTimezone: true }),
    },
    indexes: (t) => [
      // The demand pool: a company's open lines, most urgent first (keyset on delivery date, id).
      index('purchase_request_item_pool_idx')
        .on(t.elsAccount, t.deliveryDate, t.id)
        .where(sql`${t.itemStatus} in ('1', '2')`),
    ],
  },
});

/**
 * Purchase requisitions, kind `purchaseRequest` (seed 001 §3): buyer-internal — `elsAccount` and
 * `toElsAccount` are both the buying company. Numbered per company (PR2026110001). Quantities in the
 * line's unit, budget prices and amounts in CNY. REQUEST_STATUS: 0 not transferred, 1 partly transferred,
 * 2 transferred, 3 cancelled, 4 scrapped; auditStatus the approval's (APPROVAL_STATUS).
 */
export const purchaseRequest = tables.header;

/**
 * One requisition line: what is wanted, and what became of it — moved to RFQs, biddings and orders (never
 * more than `quantity` in total), claimed by a purchaser in the demand pool (`claimUser`
 * `{elsAccount}_{elsSubAccount}`), or returned with a remark. `requestItemNumber` equals lineNumber.
 */
export const purchaseRequestItem = tables.lines;
