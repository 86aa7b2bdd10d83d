import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A system message to one sub-account (spec 000 §3 "system message"; header list shows msgTitle and
 * sendTime). readFlag: seen in a list; handleFlag: dealt with (spec 000 §7 update = mark handled).
 */
export const sysMsg = pgTable(
  'sys_msg',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    elsSubAccount: text('els_sub_account').notNull(),
    msgTitle: text('msg_title').notNull(),
    msgContent: text('msg_content').notNull().default(''),
    senderElsAccount: text('sender_els_account'),
    senderElsSubAccount: text('sender_els_sub_account'),
    senderName: text('sender_name'),
    sendTime: timestamp('send_time', { withTimezone: true }).notNull().defaultNow(),
    readFlag: text('read_flag', { enum: ['Y', 'N'] })
      .notNull()
      .default('N'),
    handleFlag: text('handle_flag', { enum: ['Y', 'N'] })
      .notNull()
      .default('N'),
    businessType: text('business_type'),
    businessId: text('business_id'),
    /** Path the shell opens for the linked document, e.g. /portal/info/message or a menu path. */
    linkUrl: text('link_url'),
  },
  (t) => [
    index('sys_msg_receiver_idx').on(
      t.elsAccount,
      t.elsSubAccount,
      t.sendTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('sys_msg_unread_idx')
      .on(t.elsAccount, t.elsSubAccount, t.sendTime.desc().nullsFirst())
      .where(sql`read_flag = 'N'`),
  ],
);

/** An announcement of a buyer (seed 001 §3 "Announcement"). status: 0 unpublished, 1 published. */
export const notice = pgTable(
  'notice',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    elsAccount: text('els_account').notNull(),
    noticeNumber: text('notice_number').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    type: text('type').notNull().default('1'),
    status: text('status', { enum: ['0', '1'] })
      .notNull()
      .default('0'),
    auditStatus: text('audit_status').notNull().default('0'),
    noticeChannel: text('notice_channel').notNull().default('1'),
    pubOrg: text('pub_org'),
    pubOrgDesc: text('pub_org_desc'),
    pubUser: text('pub_user'),
    noticeStartTime: timestamp('notice_start_time', { withTimezone: true }).notNull(),
    noticeEndTime: timestamp('notice_end_time', { withTimezone: true }).notNull(),
    publishTime: timestamp('publish_time', { withTimezone: true }),
    createUser: text('create_user').notNull(),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    lastUpdateUser: text('last_update_user').notNull(),
    lastUpdateDate: timestamp('last_update_date', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('notice_account_idx').on(t.elsAccount, t.createDate.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Receivers of an announcement: supplier companies (toElsAccount), with their read state. */
export const noticeReceiver = pgTable(
  'notice_receiver',
  {
    noticeId: uuid('notice_id')
      .notNull()
      .references(() => notice.id, { onDelete: 'cascade' }),
    /** The announcing company (copied from the notice, so row-level security needs no join). */
    elsAccount: text('els_account').notNull(),
    toElsAccount: text('to_els_account').notNull(),
    isRead: text('is_read', { enum: ['Y', 'N'] })
      .notNull()
      .default('N'),
    readTime: timestamp('read_time', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.toElsAccount] }),
    index('notice_receiver_to_idx').on(t.toElsAccount),
  ],
);

/** Home navigation shortcuts per station (spec 000 §7 queryElsNavigation). */
export const navigation = pgTable(
  'navigation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    station: text('station', { enum: ['purchase', 'sale'] }).notNull(),
    elsAccount: text('els_account'),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull(),
    url: text('url').notNull(),
    icon: text('icon'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('navigation_station_idx').on(t.station, t.elsAccount)],
);
