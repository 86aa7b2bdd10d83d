import type { DataItem } from '@srm/contracts/data-permission';
import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { subaccount } from '../account/tables.ts';

/**
 * A sub-account's data permission values of one item (spec 001 §2/§6, issue #19; contracts
 * data-permission.ts): the codes (or supplier accounts) the user's buyer-side documents must carry in the
 * columns a kind maps to the item. No row for an item = all values. `elsAccount` scopes every query to
 * the company; the values go with the sub-account.
 */
export const subaccountDataPermission = pgTable(
  'subaccount_data_permission',
  {
    subaccountId: uuid('subaccount_id')
      .notNull()
      .references(() => subaccount.id, { onDelete: 'cascade' }),
    elsAccount: text('els_account').notNull(),
    item: text('item').$type<DataItem>().notNull(),
    values: text('values').array().notNull(),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.subaccountId, t.item] }),
    check(
      'subaccount_data_permission_item_ck',
      sql`${t.item} in ('purchaseOrg', 'purchaseGroup', 'factory', 'materialCategory', 'supplier', 'costCenter')`,
    ),
  ],
);
