import { PUBLIC_ENQUIRY_METHOD } from '@srm/contracts/enquiry';
import { rightRefusal } from '@srm/contracts/supplier-lifecycle';
import { and, desc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { nowDate } from '../../platform/clock.ts';
import type { Queryable } from '../../platform/db.ts';
import type { DocRow } from '../../platform/document/kind.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { accountRelation, company } from '../account/tables.ts';
import { fillText, notify } from '../message/index.ts';
import { supplierStandings } from '../supplier-lifecycle/rights.ts';
import { enquiryKind, touchQuotes } from './service.ts';
import { enquiry, enquiryItem, enquirySupplier } from './tables.ts';

/**
 * Public RFQs (issue #13, `enquiryMethod` 2 "公开询价 / Public"): a published public RFQ is offered to every
 * supplier company of the portal (station sale), linked to its buyer or not. The supplier sees what an
 * invitation shows — the header's terms and every line's material, quantity, unit and requested date —
 * never who else is invited or took part, never a price. Taking part ("参与报价 / Take part", `join`)
 * makes the supplier's invitation rows (one per line, "response successful", the current round), exactly
 * like an invitation; from then on it quotes, declines and reads the RFQ through the ordinary supplier
 * calls, and the buyer sees it among the invitees.
 *
 * Joining links an unlinked supplier with the buyer (`account_relation`, the one link table): the kernel's
 * supplier scope reads only documents of linked buyers, and a mature SRM brings a newcomer into the
 * buyer's supplier pool first. Without a supplier-master row it is a **stranger** there (issue #16): it may
 * quote, but the award refuses it by the stage-rights table naming the supplier and its stage until the
 * buyer converts it (stranger → potential → qualified); nothing is written for it before.
 */

/** A public RFQ as the supplier's Public RFQs list and detail answer it (no invitations, no prices). */
const publicColumns = {
  id: enquiry.id,
  elsAccount: enquiry.elsAccount,
  enquiryNumber: enquiry.enquiryNumber,
  enquiryDesc: enquiry.enquiryDesc,
  buyerName: enquiry.buyerName,
  enquiryType: enquiry.enquiryType,
  quoteMethod: enquiry.quoteMethod,
  enquiryStatus: enquiry.enquiryStatus,
  bout: enquiry.bout,
  quoteEndTime: enquiry.quoteEndTime,
  joinEndTime: enquiry.joinEndTime,
  publishTime: enquiry.publishTime,
  priceValidDate: enquiry.priceValidDate,
  currency: enquiry.currency,
  payMethod: enquiry.payMethod,
  incoterms: enquiry.incoterms,
  taxRate: enquiry.taxRate,
  remark: enquiry.remark,
};
type PublicRow = {
  [K in keyof typeof publicColumns]: (typeof publicColumns)[K]['_']['data'] | null;
};

/** POST SaleEnquiryService/findPublicPageList body: a page after `cursor`, optional number/description text. */
export const publicListSchema = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** The previous page's nextCursor (opaque). */
  cursor: z.string().trim().min(1).max(100).optional(),
  /** Part of the RFQ number or description (case-insensitive). */
  keyword: z.string().trim().max(50).optional(),
});
export type PublicListFilter = z.infer<typeof publicListSchema>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Whether a public RFQ takes participants now: quoting, first round, before both deadlines. */
export function isJoinable(
  row: Pick<PublicRow, 'enquiryStatus' | 'bout' | 'quoteEndTime' | 'joinEndTime'>,
  now = nowDate(),
): boolean {
  return (
    row.enquiryStatus === '1' &&
    row.bout === 1 &&
    !!row.quoteEndTime &&
    row.quoteEndTime.getTime() > now.getTime() &&
    (!row.joinEndTime || row.joinEndTime.getTime() > now.getTime())
  );
}

const out = (row: PublicRow, joined: boolean, lineCount: number, now: Date) => ({
  id: row.id as string,
  elsAccount: row.elsAccount as string,
  enquiryNumber: row.enquiryNumber as string,
  enquiryDesc: row.enquiryDesc as string,
  buyerName: row.buyerName as string,
  enquiryType: row.enquiryType as string,
  quoteMethod: row.quoteMethod as string,
  enquiryStatus: row.enquiryStatus as string,
  quoteEndTime: iso(row.quoteEndTime),
  joinEndTime: iso(row.joinEndTime),
  publishTime: iso(row.publishTime),
  priceValidDate: row.priceValidDate,
  currency: row.currency as string,
  lineCount,
  /** The caller has taken part (or was invited): it quotes on its quote page. */
  joined,
  /** The caller may take part now. */
  joinable: !joined && isJoinable(row, now),
});

/** The caller's invitation on an RFQ exists (invited, or it took part); names qualified (correlated). */
const joinedSql = (account: string) =>
  sql<boolean>`exists (select 1 from "enquiry_supplier" es where es."enquiry_id" = "enquiry"."id" and es."to_els_account" = ${account})`;
const lineCountSql = sql<number>`(select count(*)::int from "enquiry_item" ei where ei."document_id" = "enquiry"."id")`;

/**
 * The supplier's "公开询价 / Public RFQs" list: every buyer's public RFQs that take participants now
 * (quoting, first round, before the quote and registration deadlines), newest published first, keyset
 * pages on the partial index `enquiry_public_idx` (publishTime, id). Rows carry the header's terms, the
 * number of lines and whether the caller has joined — no invitations, no prices. Any supplier company
 * (station sale), linked to the buyer or not.
 */
export async function findPublicList(db: Queryable, auth: AuthContext, filter: PublicListFilter) {
  const now = nowDate();
  const conditions: SQL[] = [
    eq(enquiry.enquiryMethod, PUBLIC_ENQUIRY_METHOD),
    eq(enquiry.enquiryStatus, '1'),
    eq(enquiry.bout, 1),
    gt(enquiry.quoteEndTime, now),
    or(isNull(enquiry.joinEndTime), gt(enquiry.joinEndTime, now)) as SQL,
  ];
  if (filter.keyword) {
    const like = `%${filter.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(sql`${enquiry.enquiryNumber} ilike ${like}`, sql`${enquiry.enquiryDesc} ilike ${like}`) as SQL,
    );
  }
  if (filter.cursor) {
    const [time, id] = filter.cursor.split('|');
    const after = new Date(time ?? '');
    if (Number.isNaN(after.getTime()) || !z.uuid().safeParse(id).success)
      throw badRequest('rule.format', { field: 'body.cursor' });
    conditions.push(
      or(lt(enquiry.publishTime, after), and(eq(enquiry.publishTime, after), lt(enquiry.id, id))) as SQL,
    );
  }
  const rows = await db
    .select({ ...publicColumns, joined: joinedSql(auth.elsAccount), lineCount: lineCountSql })
    .from(enquiry)
    .where(and(...conditions))
    .orderBy(desc(enquiry.publishTime), desc(enquiry.id))
    .limit(filter.pageSize + 1);
  const page = rows.slice(0, filter.pageSize);
  const last = page.at(-1);
  return {
    rows: page.map((r) => out(r, Boolean(r.joined), Number(r.lineCount), now)),
    nextCursor:
      rows.length > filter.pageSize && last?.publishTime
        ? `${last.publishTime.toISOString()}|${last.id}`
        : null,
  };
}

/** A published public RFQ by id ('404' for a draft, an unknown id or an RFQ by invitation). */
async function publicRow(db: Queryable, id: string, lock = false) {
  const query = db
    .select(publicColumns)
    .from(enquiry)
    .where(
      and(
        eq(enquiry.id, id),
        eq(enquiry.enquiryMethod, PUBLIC_ENQUIRY_METHOD),
        sql`${enquiry.enquiryStatus} <> '0'`,
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row)
    throw new AppError('404', 'documentNotFound', {}, null, (locale) => ({
      title: locale === 'en' ? 'request for quotation' : '询价单',
    }));
  return row;
}

/**
 * One public RFQ for any supplier company: its header terms and every line (number, material, quantity,
 * unit, requested date), whether the caller has joined and whether it may join now. No invitations, no
 * participants, no prices. '404' for a draft, an unknown id, or an RFQ by invitation (those stay the
 * invitees' alone).
 */
export async function findPublicDetail(db: Queryable, auth: AuthContext, id: string) {
  const row = await publicRow(db, id);
  const [lines, [mine]] = await Promise.all([
    db
      .select({
        itemId: enquiryItem.id,
        lineNumber: enquiryItem.lineNumber,
        materialNumber: enquiryItem.materialNumber,
        materialDesc: enquiryItem.materialDesc,
        unit: enquiryItem.unit,
        quantity: enquiryItem.quantity,
        deliveryDate: enquiryItem.deliveryDate,
      })
      .from(enquiryItem)
      .where(eq(enquiryItem.documentId, id))
      .orderBy(enquiryItem.lineNumber),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(enquirySupplier)
      .where(and(eq(enquirySupplier.enquiryId, id), eq(enquirySupplier.toElsAccount, auth.elsAccount))),
  ]);
  return {
    record: {
      ...out(row, Number(mine?.n ?? 0) > 0, lines.length, nowDate()),
      payMethod: row.payMethod,
      incoterms: row.incoterms,
      taxRate: row.taxRate,
      remark: row.remark,
    },
    lines,
  };
}

/**
 * Take part in a public RFQ (supplier; issue #13 "参与报价 / Take part"): while it is quoting, in its first
 * round and before its quote and registration deadlines, the caller gets one invitation per line
 * ("response successful", the current round) — the same rows an invited supplier has — and an unlinked
 * caller is linked with the buyer (a stranger in its supplier pool). The buyer's creator of the RFQ is
 * told in their language. A caller already invited or joined changes nothing (`created` false). '400'
 * enquiryNotPublic (an RFQ by invitation), enquiryNotOpen (not quoting or past the quote deadline),
 * enquiryJoinClosed (past the registration deadline), enquiryJoinLaterRound (a later round), the
 * stage-rights refusal for a supplier the buyer has blacklisted, eliminated, rejected or frozen;
 * '404' for a draft or an unknown id.
 */
export async function join(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    // Any published RFQ is locked here, so a join and the buyer's close or award do not interleave.
    const [any] = await tx
      .select({ method: enquiry.enquiryMethod, status: enquiry.enquiryStatus })
      .from(enquiry)
      .where(eq(enquiry.id, id))
      .for('update');
    if (any && any.status !== '0' && any.method !== PUBLIC_ENQUIRY_METHOD)
      throw badRequest('enquiryNotPublic');
    const row = await publicRow(tx, id);
    const now = nowDate();
    if (row.enquiryStatus !== '1' || !row.quoteEndTime || row.quoteEndTime.getTime() <= now.getTime())
      throw badRequest('enquiryNotOpen');
    if (row.joinEndTime && row.joinEndTime.getTime() <= now.getTime())
      throw badRequest('enquiryJoinClosed', {
        end: row.joinEndTime.toISOString().slice(0, 16).replace('T', ' '),
      });
    const [mine] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(enquirySupplier)
      .where(and(eq(enquirySupplier.enquiryId, id), eq(enquirySupplier.toElsAccount, auth.elsAccount)));
    if (Number(mine?.n ?? 0) > 0) return { id, created: false };
    if (row.bout !== 1) throw badRequest('enquiryJoinLaterRound', { bout: row.bout ?? 1 });
    const buyer = row.elsAccount as string;
    // A supplier the buyer has ranked (potential and better) needs the invitation right; a stranger (no
    // supplier-master row, or never linked) may take part in a public RFQ.
    const standing = (await supplierStandings(tx, buyer, [auth.elsAccount])).get(auth.elsAccount);
    if (standing && standing.stage !== 'stranger') {
      const refusal = rightRefusal(auth.elsAccount, standing.stage, standing.frozen, 'invite');
      if (refusal)
        throw new AppError('400', 'supplierRightRefused', {}, null, (locale) => ({ text: refusal[locale] }));
    }
    await tx
      .insert(accountRelation)
      .values({ elsAccount: buyer, toElsAccount: auth.elsAccount })
      .onConflictDoNothing();
    const [me] = await tx
      .select({ name: company.companyName })
      .from(company)
      .where(eq(company.elsAccount, auth.elsAccount));
    const name = me?.name ?? auth.elsAccount;
    const items = await tx
      .select({ id: enquiryItem.id })
      .from(enquiryItem)
      .where(eq(enquiryItem.documentId, id));
    await tx
      .insert(enquirySupplier)
      .values(
        items.map((item) => ({
          enquiryId: id,
          itemId: item.id,
          elsAccount: buyer,
          toElsAccount: auth.elsAccount,
          supplierName: name,
          quoteStatus: '1',
          bout: row.bout ?? 1,
        })),
      )
      .onConflictDoNothing();
    // The caller's row of the supplier's RFQ list (the sale index); the comparison summary's key moves.
    await enquiryKind.refreshSaleIndex(tx, id);
    await touchQuotes(tx, id);
    const [full] = await tx.select().from(enquiry).where(eq(enquiry.id, id));
    await notify(tx, env, {
      receivers: { users: [enquiryKind.creatorOf(full as unknown as DocRow)] },
      msgTitle: fillText(
        {
          zh_cn: '供应商 {supplier} 参与了公开询价 {number}',
          en: 'Supplier {supplier} takes part in public RFQ {number}',
        },
        { supplier: `${name} (${auth.elsAccount})`, number: row.enquiryNumber as string },
      ),
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
      businessType: 'enquiry',
      businessId: id,
      linkUrl: `/rfq/#/v2/detail?id=${id}`,
    });
    return { id, created: true };
  });
}
