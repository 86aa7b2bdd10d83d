import { INVITABLE_STAGES } from '@srm/contracts/supplier-lifecycle';
import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../platform/db.ts';
import { accountRelation } from '../account/tables.ts';
import { supplierMaster } from '../masterdata/tables.ts';
import { fillText, notify } from '../message/notify.ts';

/** Receiving companies per message batch: keeps each insert of messages well under the bind-parameter limit. */
const COMPANIES_PER_BATCH = 200;

/**
 * The buyer's linked suppliers that may take part in its public RFQs (issue #13): every `account_relation`
 * supplier of `buyer` except those in `except` (already told by an invitation), whose standing at the buyer
 * is a stranger (no supplier-master row, or stage stranger) or a stage with the invitation right — never
 * blacklisted, eliminated, rejected (unqualified) or frozen. Accounts, ascending.
 */
export async function publicNoticeReceivers(
  db: Queryable,
  buyer: string,
  except: readonly string[],
): Promise<string[]> {
  const rows = await db
    .select({ account: accountRelation.toElsAccount })
    .from(accountRelation)
    .leftJoin(
      supplierMaster,
      and(
        eq(supplierMaster.elsAccount, accountRelation.elsAccount),
        eq(supplierMaster.toElsAccount, accountRelation.toElsAccount),
      ),
    )
    .where(
      and(
        eq(accountRelation.elsAccount, buyer),
        except.length > 0 ? notInArray(accountRelation.toElsAccount, [...except]) : undefined,
        or(
          sql`${supplierMaster.id} is null`,
          and(
            eq(supplierMaster.frozen, false),
            inArray(supplierMaster.supplierStatus, ['stranger', ...INVITABLE_STAGES]),
          ),
        ),
      ),
    )
    .orderBy(accountRelation.toElsAccount);
  return rows.map((r) => r.account);
}

/**
 * Tells the buyer's linked suppliers about a public RFQ just published (issue #13): each company chosen by
 * `publicNoticeReceivers` (its active users, each in their language, through the message outbox like an
 * invitation) gets one message "公开询价：{number}（{buyer}）" linking to its Public RFQs list. Called by the
 * publish effect only — publishing happens once per RFQ, and closing or awarding sends no such notice — so
 * a company hears of an RFQ once; an invited company has its invitation instead. Unlinked companies are not
 * told: they find the RFQ in their Public RFQs list. Answers the number of companies told.
 */
export async function announcePublicEnquiry(
  tx: Queryable,
  env: string,
  row: {
    id: string;
    elsAccount: string;
    enquiryNumber: string;
    enquiryDesc: string;
    buyerName: string;
    quoteEndTime: Date;
    joinEndTime: Date | null;
  },
  invited: readonly string[],
  sender: { elsAccount: string; elsSubAccount: string },
): Promise<number> {
  const companies = await publicNoticeReceivers(tx, row.elsAccount, invited);
  const minute = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');
  const params = {
    number: row.enquiryNumber,
    buyer: row.buyerName,
    desc: row.enquiryDesc,
    end: minute(row.quoteEndTime),
    join: minute(row.joinEndTime ?? row.quoteEndTime),
  };
  for (let from = 0; from < companies.length; from += COMPANIES_PER_BATCH)
    await notify(tx, env, {
      receivers: { companies: companies.slice(from, from + COMPANIES_PER_BATCH) },
      msgTitle: fillText(
        { zh_cn: '公开询价：{number}（{buyer}）', en: 'Public request for quotation {number} from {buyer}' },
        params,
      ),
      msgContent: fillText(
        {
          zh_cn: '{desc}，报名截止 {join} UTC，报价截止 {end} UTC。可在“公开询价”中查看并参与报价。',
          en: '{desc}; registration closes {join} UTC, quotes due by {end} UTC. Open Public RFQs to take part.',
        },
        params,
      ),
      sender,
      businessType: 'enquiry',
      businessId: row.id,
      linkUrl: '/rfq/#/v2/public',
    });
  return companies.length;
}
