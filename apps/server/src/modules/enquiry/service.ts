import { Decimal } from '@srm/contracts/decimal';
import type { FieldDef } from '@srm/contracts/document/define';
import {
  convert,
  costBreakdownProblem,
  costItemsSchema,
  costTotal,
  currencyRatesProblem,
  currencyRatesSchema,
  enquiryDefinition as def,
  type EnquiryAwardBody,
  type EnquiryNewRoundBody,
  type EnquiryQuoteBody,
  feeItemsSchema,
  feesProblem,
  feeTotal,
  invitationProblem,
  itemNamesProblem,
  type LadderStep,
  ladderPriceFor,
  ladderProblem,
  lineSuppliersSchema,
  MIN_SUPPLIERS_PER_LINE,
  PUBLIC_ENQUIRY_METHOD,
  publicParticipationProblem,
  QUOTED_STATUSES,
  quotaProblem,
  type RuleProblem,
  rateFor,
} from '@srm/contracts/enquiry';
import {
  COMPARISON_PAGE_DEFAULT,
  type ComparisonCell,
  type ComparisonPageQuery,
  type ComparisonQuoteFull,
  type ComparisonSummary,
} from '@srm/contracts/enquiry-comparison';
import { MIN_SUPPLIERS_PARAMETER } from '@srm/contracts/preset-parameters';
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { addMonths, companyTimeZone, companyToday, dateOf, now, nowDate } from '../../platform/clock.ts';
import type { Queryable, Tx } from '../../platform/db.ts';
import {
  dropActionRequest,
  pendingAction,
  registerActionApproval,
  requestAction,
} from '../../platform/document/action-approval.ts';
import {
  type ActionContext,
  type DocRow,
  defineKind,
  type SaveContext,
  serverActor,
  userKey,
} from '../../platform/document/kind.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import type { AuthContext } from '../../platform/http.ts';
import { cancelJob, registerJobHandler, scheduleJob } from '../../platform/jobs.ts';
import { hashPassword, verifyPassword } from '../../platform/passwords.ts';
import { findCompanyName, findLinkedSuppliers } from '../account/index.ts';
import { material, priceMaster } from '../masterdata/tables.ts';
import { fillText, notify } from '../message/index.ts';
import { type AwardedLine, recordAward, recordPrices } from '../order/from-award.ts';
import { assertSupplierRights } from '../supplier-lifecycle/rights.ts';
import { readPresetParameter } from '../system/parameters.ts';
import { costTemplateItems } from './cost-templates.ts';
import { schedulePublicNotice } from './public-notice.ts';
import { enquiry, enquiryItem, enquiryQuote, enquirySaleIndex, enquirySupplier } from './tables.ts';

/**
 * Requests for quotation' own rules (issue #13; spec 001 §5/§9 "each material needs at least 3 suppliers
 * to quote; a supplier cannot repeat", "ladder quantity greater than the previous ladder", "total quota
 * 100%"). The kernel does the list, detail, approval, versions and audit rows of the header.
 *
 * Sealing: before `quoteEndTime` no buyer call answers a price (the comparison answers '400' sealed; the
 * invitation list has statuses only); a supplier reads only its own invitations and quotes, never another
 * supplier's price or name, before or after the deadline. Supplier actions leave no row in the RFQ's audit
 * trail (both sides read it: it would name the quoting suppliers).
 */

type EnquiryRow = typeof enquiry.$inferSelect;
type ItemRow = typeof enquiryItem.$inferSelect;
type InvitationRow = typeof enquirySupplier.$inferSelect;
type QuoteRow = typeof enquiryQuote.$inferSelect;

const rule = (problem: RuleProblem | null) => {
  if (problem) throw badRequest(problem.key as never, problem.params);
};
/** Where an invited supplier quotes (message links, spec 000 §2 "enquiry quote"). */
export const quoteLink = (id: string) => `/rfq/#/v2/client/quota?id=${id}`;

/** Whether the RFQ takes quotes now: quoting (1) and before its deadline. */
export const isOpen = (row: Pick<EnquiryRow, 'enquiryStatus' | 'quoteEndTime'>, now = nowDate()) =>
  row.enquiryStatus === '1' && row.quoteEndTime.getTime() > now.getTime();
/** Whether quotes may be read by the buyer: past the deadline, or no longer quoting. */
export const isUnsealed = (row: Pick<EnquiryRow, 'enquiryStatus' | 'quoteEndTime'>, now = nowDate()) =>
  ['2', '3', '4'].includes(row.enquiryStatus) ||
  (row.enquiryStatus === '1' && row.quoteEndTime.getTime() <= now.getTime());

/** Whether the quotes have been opened: no opening password, or it was entered (openTime). */
export const isOpened = (row: Pick<EnquiryRow, 'passWordSet' | 'openTime'>) =>
  row.passWordSet !== '1' || row.openTime !== null;

/** '400' when the buyer may not read prices yet: before the deadline (sealed), or not yet opened. */
function assertReadable(row: EnquiryRow) {
  if (!isUnsealed(row))
    throw badRequest('enquirySealed', { end: row.quoteEndTime.toISOString().slice(0, 16).replace('T', ' ') });
  if (!isOpened(row)) throw badRequest('enquiryPasswordRequired');
}

/**
 * Ends quoting (1 → 2, one audit row 'quoteEnd' by the system) and tells the buyer who created the RFQ, in
 * their language — at the deadline (the timer), or earlier when the RFQ opens once every invitee has
 * answered. With an opening password the message says a second person must enter it.
 */
async function endQuoting(tx: Tx, env: string, row: EnquiryRow) {
  await enquiryKind.transition(
    tx,
    serverActor(row.elsAccount, 'system'),
    row as unknown as DocRow,
    { enquiryStatus: '2', ...(await dropPendingQuoteEnd(tx, row)) },
    'quoteEnd',
  );
  await tellQuotesClosed(tx, env, row);
}

/**
 * An RFQ whose quoting ends (deadline, all answered) or that is closed while an early end waits for its
 * approval: the request is dropped (its tasks cancelled) and marked withdrawn. The fields to set, or none.
 */
async function dropPendingQuoteEnd(
  tx: Tx,
  row: EnquiryRow | DocRow,
): Promise<{ quoteEndAuditStatus?: string }> {
  if (row.quoteEndAuditStatus !== '1') return {};
  await dropActionRequest(tx, 'enquiryQuoteEnd', row as unknown as DocRow);
  return { quoteEndAuditStatus: '4' };
}

/**
 * Whether every invitation of the RFQ's current round has answered — declined, or quoted in this round —
 * with at least one quote: what "open once all have answered" and the buyer's early end wait for.
 */
async function allAnswered(tx: Queryable, row: EnquiryRow): Promise<boolean> {
  const invitations = (
    await tx.select().from(enquirySupplier).where(eq(enquirySupplier.enquiryId, row.id))
  ).filter((i) => i.bout === row.bout);
  const quotes = await currentQuotes(
    tx,
    invitations.map((i) => i.id),
  );
  const quotedNow = (id: string) => quotes.get(id)?.bout === row.bout;
  return (
    invitations.every((i) => i.quoteStatus === '4' || quotedNow(i.id)) &&
    invitations.some((i) => quotedNow(i.id))
  );
}

/**
 * End quoting now (buyer, issue #33; generated action `endQuote`, under the "enquiry quote end" approval
 * when configured — then this runs when the last approver approves, as the buyer who asked): '400'
 * enquiryNotAllAnswered unless every invited supplier of the round has quoted or declined (at least one
 * quote). Quoting ends (2), the timer is cancelled and the buyer told, as at the deadline.
 */
async function endQuote(ctx: ActionContext) {
  const row = ctx.row as unknown as EnquiryRow;
  if (!(await allAnswered(ctx.tx, row))) throw badRequest('enquiryNotAllAnswered');
  await cancelJob(ctx.tx, QUOTE_END_JOB, row.id);
  await tellQuotesClosed(ctx.tx, ctx.env, row);
  return { set: { enquiryStatus: '2' } };
}

/** Withdraw an early end that waits for its approval (buyer): the tasks are cancelled, the request dropped. */
async function withdrawEndQuote(ctx: ActionContext) {
  await dropActionRequest(ctx.tx, 'enquiryQuoteEnd', ctx.row);
  return undefined;
}

/** Tells the RFQ's creator, in their language, that quoting has ended and what comes next. */
async function tellQuotesClosed(tx: Tx, env: string, row: EnquiryRow) {
  await notify(tx, env, {
    receivers: { users: [enquiryKind.creatorOf(row as unknown as DocRow)] },
    msgTitle: fillText(
      { zh_cn: '报价已截止：询价单 {number}', en: 'Quotes closed: request for quotation {number}' },
      { number: row.enquiryNumber },
    ),
    msgContent:
      row.passWordSet === '1'
        ? fillText(
            {
              zh_cn: '请由另一位同事输入开标密码后查看比价',
              en: 'Another colleague must enter the opening password before the comparison opens',
            },
            {},
          )
        : fillText({ zh_cn: '可以查看比价并定标', en: 'The comparison is open for the award' }, {}),
    businessType: def.kind,
    businessId: row.id,
    linkUrl: `/rfq/#/v2/detail?id=${row.id}`,
  });
}

/**
 * "Open early once all have answered" (openOnAllQuoted 1): after a supplier's quote or decline, a quoting
 * RFQ whose every invitation has quoted or declined — at least one quote — ends quoting now. The row must
 * be locked by the caller.
 */
async function endIfAllAnswered(tx: Tx, env: string, row: EnquiryRow) {
  if (row.openOnAllQuoted !== '1' || row.enquiryStatus !== '1') return;
  if (!(await allAnswered(tx, row))) return;
  const [current] = await tx.select().from(enquiry).where(eq(enquiry.id, row.id));
  await cancelJob(tx, QUOTE_END_JOB, row.id);
  await endQuoting(tx, env, current);
}

/**
 * '400' naming the rule when the lines' invitations break it (at least the buyer's minimum per line — not
 * for a public RFQ, whose invitations are optional) or name a supplier not linked to the buyer. An order's
 * one-round RFQ (`orderBidding`, enquiryType 3) needs one supplier per line, each once: the order's own flow
 * decided whom to ask (issue #13), the company minimum does not apply.
 */
async function checkInvitations(
  tx: Queryable,
  buyer: string,
  lines: Array<{ suppliers: string[] }>,
  orderBidding = false,
  publicEnquiry = false,
  /** The lines are the save body's (issue #33): a refusal names the line's suppliers field. */
  fromBody = false,
) {
  // Issue #19: the buyer's preset parameter may raise the spec's minimum of 3 suppliers per line.
  const problem = orderBidding
    ? invitationProblem(lines, 1, 1)
    : invitationProblem(
        lines,
        await readPresetParameter(tx, buyer, MIN_SUPPLIERS_PARAMETER),
        MIN_SUPPLIERS_PER_LINE,
        publicEnquiry,
      );
  if (problem) {
    const error = badRequest(problem.key as never, problem.params);
    throw fromBody && problem.at ? error.at(problem.at) : error;
  }
  const accounts = [...new Set(lines.flatMap((l) => l.suppliers))];
  if (accounts.length === 0) return new Map<string, string>();
  const linked = await findLinkedSuppliers(tx, buyer, accounts);
  for (const account of accounts)
    if (!linked.some((l) => l.account === account)) throw badRequest('supplierNotLinked', { account });
  // Issue #16: only suppliers whose stage allows invitations (potential and better, not frozen).
  await assertSupplierRights(tx, buyer, accounts, 'invite');
  return new Map(linked.map((l) => [l.account, l.name]));
}

/** A JSON part of the save body checked by its schema (absent: empty); '400' naming `body.<field>`. */
function parsed<T>(schema: z.ZodType<T[]>, value: unknown, field: string): T[] {
  const result = schema.safeParse(value ?? []);
  if (!result.success) throw badRequest('rule.format', { field: `body.${field}` });
  return result.data;
}

/**
 * Save (buyer, while unpublished): the buyer's materials (materialId) with quantity > 0 and a requested
 * date, each line inviting `suppliers` (linked suppliers, at least 3, each once); a quote deadline in the
 * future; prices valid until `priceValidDate`. A cost-breakdown RFQ's items come from
 * `costConstituteJson`, or when it is empty from the buyer's template `costTemplateId` ('400'
 * costTemplateUnknown); `currencyRateJson` lists the other quote currencies with the buyer's fixed rates.
 */
async function saveEnquiry(ctx: SaveContext) {
  const { tx, auth, body } = ctx;
  // An order's one-round RFQ (createFromOrder): only that function's own body object, never a request's.
  const fromOrder = orderBodies.has(body);
  if (!fromOrder && (body.enquiryType === ORDER_BIDDING || ctx.current?.enquiryType === ORDER_BIDDING))
    throw badRequest('enquiryTypeOrderOnly');
  const lines = body.lines.map((l) => ({
    ...l,
    suppliers: lineSuppliersSchema.parse(l.suppliers ?? []),
  })) as Array<{
    materialId: string;
    quantity: string;
    deliveryDate: string;
    suppliers: string[];
    /** createFromOrder only: the order line's number, description and unit. */
    orderLine?: { itemNumber: number; materialDesc: string; unit: string };
  }>;
  const publicEnquiry = body.enquiryMethod === PUBLIC_ENQUIRY_METHOD;
  await checkInvitations(tx, auth.elsAccount, lines, fromOrder, publicEnquiry, true);
  const quoteEnd = new Date(body.quoteEndTime as string);
  if (quoteEnd.getTime() <= now()) throw badRequest('enquiryEndInPast').at(['quoteEndTime']);
  // A public RFQ (issue #13): an optional registration deadline, in the future and not after the quote
  // deadline; no early opening (anyone may still take part). An RFQ by invitation keeps none.
  const joinEnd =
    publicEnquiry && typeof body.joinEndTime === 'string' && body.joinEndTime !== ''
      ? new Date(body.joinEndTime)
      : null;
  if (joinEnd && joinEnd.getTime() <= now()) throw badRequest('enquiryJoinEndInPast');
  if (joinEnd && joinEnd.getTime() > quoteEnd.getTime()) throw badRequest('enquiryJoinEndAfterQuoteEnd');
  if (publicEnquiry && body.openOnAllQuoted === '1') throw badRequest('enquiryPublicOpenEarly');
  // The cost structure and the additional fees: names, each once (a cost-breakdown RFQ needs one).
  let costItems = parsed(costItemsSchema, body.costConstituteJson, 'costConstituteJson');
  // A template picked from the buyer's library fills the cost structure when no items are given.
  if (body.costTemplateId !== undefined && body.costTemplateId !== null && body.costTemplateId !== '') {
    const templateId = z.uuid().safeParse(body.costTemplateId);
    if (!templateId.success) throw badRequest('rule.format', { field: 'body.costTemplateId' });
    if (costItems.length === 0) costItems = await costTemplateItems(tx, auth.elsAccount, templateId.data);
  }
  const feeItems = parsed(feeItemsSchema, body.additionFeeJson, 'additionFeeJson');
  // The quote currencies and the buyer's fixed rates into the RFQ's currency (issue #13 conversion).
  const currency = (
    typeof body.currency === 'string' && body.currency !== '' ? body.currency : 'CNY'
  ).toUpperCase();
  const rates = parsed(currencyRatesSchema, body.currencyRateJson, 'currencyRateJson');
  rule(currencyRatesProblem(currency, rates));
  rule(itemNamesProblem(costItems));
  rule(itemNamesProblem(feeItems));
  if (body.quoteMethod === '3' && costItems.length === 0) throw badRequest('enquiryCostItemsMissing');
  const ids = [...new Set(lines.map((l) => l.materialId))];
  const materials = await tx
    .select()
    .from(material)
    .where(and(eq(material.elsAccount, auth.elsAccount), inArray(material.id, ids)));
  const buyer = { name: await findCompanyName(tx, auth.elsAccount) };
  const text = (name: string) =>
    typeof body[name] === 'string' && body[name] !== '' ? (body[name] as string) : null;
  // Each current line is kept at most once (a repeated id is a new line), and only for the same material.
  const taken = new Set<string>();
  const keptLines = lines.map((line) => {
    const kept = (ctx.currentLines as unknown as ItemRow[]).find(
      (c) => c.id === (line as { id?: string }).id && c.materialId === line.materialId && !taken.has(c.id),
    );
    if (kept) taken.add(kept.id);
    return kept;
  });
  if (ctx.current)
    await syncSources(
      tx,
      ctx.current,
      ctx.currentLines as unknown as ItemRow[],
      keptLines.map((kept, i) => (kept ? { kept, quantity: lines[i].quantity } : null)),
      userKey(auth),
    );
  return {
    header: {
      elsAccount: auth.elsAccount,
      toElsAccount: auth.elsAccount,
      buyerName: buyer?.name ?? auth.elsAccount,
      enquiryDesc: text('enquiryDesc'),
      enquiryDate: ctx.current?.enquiryDate ?? (await companyToday(tx, auth.elsAccount)),
      enquiryMethod: text('enquiryMethod') ?? '1',
      joinEndTime: joinEnd,
      enquiryType: fromOrder ? ORDER_BIDDING : (text('enquiryType') ?? '1'),
      // An order's RFQ is published at once (no RFQ approval: the order's flow decided) and opens as soon as
      // every invitee has answered, as the order's bidding did.
      ...(fromOrder ? { auditStatus: '2' } : {}),
      quoteMethod: text('quoteMethod') ?? '1',
      quoteEndTime: new Date(body.quoteEndTime as string),
      showQuoteInfo: text('showQuoteInfo') ?? '0',
      openOnAllQuoted: fromOrder ? '1' : (text('openOnAllQuoted') ?? '0'),
      costConstituteJson: text('quoteMethod') === '3' ? costItems : [],
      additionFeeJson: feeItems,
      // The opening password: a new one is hashed (argon2id); an edit without one keeps the current.
      ...(text('passWord')
        ? { passWordHash: await hashPassword(text('passWord') as string), passWordSet: '1' }
        : {
            passWordHash: (ctx.current?.passWordHash as string | null) ?? null,
            passWordSet: (ctx.current?.passWordSet as string | undefined) ?? '0',
          }),
      currency,
      exchangeRate: text('exchangeRate') ?? '1',
      currencyRateJson: rates.map((r) => ({
        currency: r.currency,
        exchangeRate: new Decimal(r.exchangeRate).toFixed(6),
      })),
      payMethod: text('payMethod'),
      incoterms: text('incoterms'),
      taxCode: text('taxCode'),
      taxRate: text('taxRate') ?? '13',
      priceValidDate: text('priceValidDate'),
      // An edit that sends no remark keeps the current one (a pool RFQ's "采购申请 / Requisition PR…").
      remark:
        body.remark === undefined && ctx.current
          ? ((ctx.current.remark as string | null) ?? null)
          : text('remark'),
    },
    lines: lines.map((line, i) => {
      const m = materials.find((x) => x.id === line.materialId);
      if (!m) throw badRequest('enquiryMaterialUnknown', { id: line.materialId });
      // A line's source (a demand-pool requisition line) is set by the pool's toEnquiry after the save and
      // kept when the draft is edited (the line's id, same material); the save body never sets it.
      const kept = keptLines[i];
      const orderLine = fromOrder ? line.orderLine : undefined;
      return {
        // An order's RFQ: each line is an order line (source 2: the order number and its line number), in the
        // order line's unit and description.
        ...(orderLine
          ? {
              sourceType: ORDER_SOURCE,
              sourceNumber: body.orderNumber as string,
              sourceItemNumber: String(orderLine.itemNumber),
            }
          : {}),
        ...(kept
          ? {
              sourceType: kept.sourceType,
              sourceNumber: kept.sourceNumber,
              sourceItemNumber: kept.sourceItemNumber,
            }
          : {}),
        materialId: m.id,
        materialNumber: m.materialNumber,
        materialDesc: orderLine?.materialDesc ?? (m.materialDesc || m.materialName),
        unit: orderLine?.unit ?? m.purchaseUnit ?? m.orderUnit ?? m.baseUnit,
        quantity: new Decimal(line.quantity).toFixed(3),
        deliveryDate: line.deliveryDate,
        supplierCount: line.suppliers.length,
        invitedSuppliers: line.suppliers,
      };
    }),
  };
}

/**
 * Publish (buyer, approved draft): the deadline must still be ahead; the invitations are checked again
 * (a supplier may have been unlinked since) and made, one row per line × supplier ('0' no response); each
 * invited supplier is told in its users' language with a link to its quote page. A public RFQ is also
 * announced to the buyer's other linked suppliers that may take part, once: publish only schedules the
 * notice job (public-notice.ts), which writes the messages after the commit in batches of 200 companies,
 * each batch its own transaction with its cursor, so publish answers before the notices exist.
 */
async function publish(ctx: ActionContext) {
  const { tx, row, lines } = ctx;
  if ((row.quoteEndTime as Date).getTime() <= now()) throw badRequest('enquiryEndInPast');
  const publicEnquiry = row.enquiryMethod === PUBLIC_ENQUIRY_METHOD;
  // A public RFQ whose registration deadline has passed could take no one (issue #13).
  if (publicEnquiry && row.joinEndTime && (row.joinEndTime as Date).getTime() <= now())
    throw badRequest('enquiryJoinEndInPast');
  const items = lines as unknown as ItemRow[];
  const names = await checkInvitations(
    tx,
    row.elsAccount,
    items.map((l) => ({ suppliers: l.invitedSuppliers })),
    row.enquiryType === ORDER_BIDDING,
    publicEnquiry,
  );
  const invitations = items.flatMap((item) =>
    item.invitedSuppliers.map((account) => ({
      enquiryId: row.id,
      itemId: item.id,
      elsAccount: row.elsAccount,
      toElsAccount: account,
      supplierName: names.get(account) ?? account,
    })),
  );
  // A public RFQ may invite nobody: every supplier company finds it in its Public RFQs list.
  if (invitations.length > 0) await tx.insert(enquirySupplier).values(invitations);
  // The invited suppliers' list rows (the transition after this effect sets their status).
  await enquiryKind.refreshSaleIndex(tx, row.id);
  const end = (row.quoteEndTime as Date).toISOString().slice(0, 16).replace('T', ' ');
  await notify(tx, ctx.env, {
    receivers: { companies: [...names.keys()] },
    msgTitle: fillText(
      { zh_cn: '询价邀请：{number}（{buyer}）', en: 'Request for quotation {number} from {buyer}' },
      { number: row.enquiryNumber, buyer: row.buyerName },
    ),
    msgContent: fillText(
      { zh_cn: '{desc}，报价截止 {end} UTC', en: '{desc}; quotes due by {end} UTC' },
      { desc: row.enquiryDesc, end },
    ),
    sender: { elsAccount: ctx.auth.elsAccount, elsSubAccount: ctx.auth.elsSubAccount },
    businessType: def.kind,
    businessId: row.id,
    linkUrl: quoteLink(row.id),
  });
  // A public RFQ is announced to the buyer's other linked suppliers that may take part (issue #13): by a
  // job after commit, in batches of its own transactions (public-notice.ts), not in this transaction.
  if (publicEnquiry)
    await schedulePublicNotice(tx, row.id, {
      elsAccount: row.elsAccount,
      sender: { elsAccount: ctx.auth.elsAccount, elsSubAccount: ctx.auth.elsSubAccount },
    });
  // The deadline is a timer that fires once across server processes (platform/jobs.ts).
  await scheduleJob(tx, {
    kind: QUOTE_END_JOB,
    key: row.id,
    runAt: row.quoteEndTime as Date,
    payload: { elsAccount: row.elsAccount },
  });
  return { set: { publishTime: nowDate() } };
}

/** Close (buyer): the invited suppliers hear that the RFQ is closed without award. */
async function close(ctx: ActionContext) {
  await cancelJob(ctx.tx, QUOTE_END_JOB, ctx.row.id);
  // Closed without award: the quantities taken from the demand pool go back to it.
  await releaseSources(ctx.tx, ctx.row, ctx.lines, userKey(ctx.auth));
  const dropped = await dropPendingQuoteEnd(ctx.tx, ctx.row);
  const invited = await ctx.tx
    .selectDistinct({ account: enquirySupplier.toElsAccount })
    .from(enquirySupplier)
    .where(eq(enquirySupplier.enquiryId, ctx.row.id));
  await notify(ctx.tx, ctx.env, {
    receivers: { companies: invited.map((i) => i.account) },
    msgTitle: fillText(
      { zh_cn: '询价已关闭：{number}', en: 'Request for quotation closed: {number}' },
      { number: ctx.row.enquiryNumber },
    ),
    msgContent: ctx.body.remark,
    sender: { elsAccount: ctx.auth.elsAccount, elsSubAccount: ctx.auth.elsSubAccount },
    businessType: def.kind,
    businessId: ctx.row.id,
    linkUrl: quoteLink(ctx.row.id),
  });
  return { set: dropped };
}

/**
 * What gives an RFQ line's quantity back to the document it came from when the RFQ is deleted or closed
 * without award, by the line's `sourceType` (1: a requisition line of the demand pool, registered by the
 * purchase-request module, so this module does not depend on it).
 */
export type SourceRelease = (
  tx: Tx,
  source: {
    elsAccount: string;
    sourceNumber: string;
    sourceItemNumber: string;
    quantity: string;
    /** The RFQ being deleted or closed. */
    enquiryId: string;
    enquiryNumber: string;
  },
  user: string,
) => Promise<void>;
const sourceReleases = new Map<string, SourceRelease>();
export function registerSourceRelease(sourceType: string, release: SourceRelease): void {
  sourceReleases.set(sourceType, release);
}
async function releaseSources(tx: Tx, row: DocRow, lines: DocRow[], user: string) {
  for (const line of lines as unknown as ItemRow[]) {
    const release = sourceReleases.get(line.sourceType);
    if (!release || !line.sourceNumber || !line.sourceItemNumber) continue;
    await release(
      tx,
      {
        elsAccount: row.elsAccount,
        sourceNumber: line.sourceNumber,
        sourceItemNumber: line.sourceItemNumber,
        quantity: line.quantity,
        enquiryId: row.id,
        enquiryNumber: row.enquiryNumber,
      },
      user,
    );
  }
}

/**
 * What moves more of a source line's quantity to an RFQ (an edited draft line taken from the demand pool
 * whose quantity grew), by `sourceType`; '400' naming the source line when more than is left.
 */
export type SourceClaim = SourceRelease;
const sourceClaims = new Map<string, SourceClaim>();
export function registerSourceClaim(sourceType: string, claim: SourceClaim): void {
  sourceClaims.set(sourceType, claim);
}

/**
 * An edited draft keeps the pool's quantities tied to it (issue #33): a current line with a source that
 * the save no longer keeps (removed, or its material changed) gives its quantity back; a kept line whose
 * quantity changed moves the difference (more: claimed from the source, '400' when more than is left;
 * less: given back). `next` is, per saved line, the current line it keeps (or null) and its new quantity.
 */
async function syncSources(
  tx: Tx,
  row: DocRow,
  current: ItemRow[],
  next: Array<{ kept: ItemRow; quantity: string } | null>,
  user: string,
) {
  const keptIds = new Map(next.filter((n) => n !== null).map((n) => [n.kept.id, n.quantity]));
  for (const line of current) {
    if (!line.sourceNumber || !line.sourceItemNumber) continue;
    const wanted = keptIds.get(line.id);
    const delta =
      wanted === undefined ? new Decimal(line.quantity).neg() : new Decimal(wanted).sub(line.quantity);
    if (delta.isZero()) continue;
    const move = (delta.gt(0) ? sourceClaims : sourceReleases).get(line.sourceType);
    if (!move) continue;
    await move(
      tx,
      {
        elsAccount: row.elsAccount as string,
        sourceNumber: line.sourceNumber,
        sourceItemNumber: line.sourceItemNumber,
        quantity: delta.abs().toFixed(3),
        enquiryId: row.id as string,
        enquiryNumber: row.enquiryNumber as string,
      },
      user,
    );
  }
}

/**
 * A source line's budget (issue #13 "savings against … the requisition's budget price"): the budget unit
 * price, **excluding tax, in CNY** (the requisition's definition: budget prices and amounts in CNY, used as
 * the order's price excl. tax by the pool's toOrder), per `unit`; null when the source has none.
 */
export type SourceBudget = { budgetPrice: string | null; unit: string };
/**
 * Reads the budgets of an RFQ's source lines of one `sourceType` in one query: the buying company and each
 * source's number and line number in, a map keyed `sourceKey(number, line)` out (missing sources absent).
 * Registered by the module that owns the source (1: the purchase-request module), as with SourceRelease.
 */
export type SourceBudgets = (
  db: Queryable,
  elsAccount: string,
  sources: ReadonlyArray<{ sourceNumber: string; sourceItemNumber: string }>,
) => Promise<Map<string, SourceBudget>>;
const sourceBudgets = new Map<string, SourceBudgets>();
export function registerSourceBudgets(sourceType: string, lookup: SourceBudgets): void {
  sourceBudgets.set(sourceType, lookup);
}
/** The key of a source line in a SourceBudgets map: its document number and line number. */
export const sourceKey = (sourceNumber: string, sourceItemNumber: string) =>
  `${sourceNumber}\u0000${sourceItemNumber}`;

/**
 * A unit price in `currency` as a unit price in the RFQ's currency (issue #13 conversion, the one used for
 * budgets and last prices): as is for the RFQ's own currency, else × the RFQ's fixed rate for `currency`
 * (its `currencyRateJson`: 1 `currency` = rate RFQ currency), half up to 6 decimals. Null when the RFQ
 * lists no rate for `currency` — such a price is never compared with the RFQ's prices.
 * inRfqCurrency({ currency: 'CNY', currencyRateJson: [{ currency: 'USD', exchangeRate: '7.1' }] }, '2', 'USD')
 * = '14.200000'.
 */
export function inRfqCurrency(
  row: Pick<EnquiryRow, 'currency' | 'currencyRateJson'>,
  price: string,
  currency: string,
): string | null {
  const rate = rateFor(row.currency, row.currencyRateJson ?? [], currency);
  return rate === null ? null : convert(price, rate, 6);
}

/**
 * Each RFQ line's budget unit price in the RFQ's currency (line id → price, 6 decimals), for the lines
 * whose source registered budgets and has a budget price: the CNY budget converted like a quote — as is
 * for a CNY RFQ, else × the RFQ's fixed rate for CNY (`currencyRateJson`, half up to 6 decimals). A line
 * gets no budget when its source is unknown or has no budget price, when its unit differs from the
 * source's (a budget per another unit compares nothing), or when the RFQ's rate table has no CNY rate.
 */
async function budgetPrices(
  db: Queryable,
  row: Pick<EnquiryRow, 'elsAccount' | 'currency' | 'currencyRateJson'>,
  items: ItemRow[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (rateFor(row.currency, row.currencyRateJson ?? [], 'CNY') === null) return out;
  const byType = new Map<string, ItemRow[]>();
  for (const item of items) {
    if (!item.sourceNumber || !item.sourceItemNumber || !sourceBudgets.has(item.sourceType)) continue;
    const list = byType.get(item.sourceType);
    if (list) list.push(item);
    else byType.set(item.sourceType, [item]);
  }
  for (const [sourceType, lines] of byType) {
    const found = await sourceBudgets.get(sourceType)!(
      db,
      row.elsAccount,
      lines.map((l) => ({ sourceNumber: l.sourceNumber!, sourceItemNumber: l.sourceItemNumber! })),
    );
    for (const line of lines) {
      const budget = found.get(sourceKey(line.sourceNumber!, line.sourceItemNumber!));
      const converted =
        budget?.budgetPrice && budget.unit === line.unit
          ? inRfqCurrency(row, budget.budgetPrice, 'CNY')
          : null;
      if (converted !== null) out.set(line.id, converted);
    }
  }
  return out;
}

/** The job that ends quoting at an RFQ's deadline (key: the RFQ's id). */
export const QUOTE_END_JOB = 'enquiry.quoteEnd';

/**
 * Quoting ends at the deadline (spec 001 §4; DESIGN §2 timers): a quoting RFQ whose quote end time has
 * passed becomes "quoted" (2) with one audit row by the system, and the buyer who created it is told in
 * their language that the comparison is open. Runs once, in the claiming transaction; an RFQ closed or
 * already ended by reading its comparison is left alone; a deadline moved later is scheduled again.
 */
registerJobHandler(QUOTE_END_JOB, async (tx, job, { env }) => {
  const [row] = await tx
    .select()
    .from(enquiry)
    .where(and(eq(enquiry.id, job.jobKey), eq(enquiry.elsAccount, String(job.payload.elsAccount))))
    .for('update');
  if (row?.enquiryStatus !== '1') return;
  if (row.quoteEndTime.getTime() > now()) {
    await scheduleJob(tx, {
      kind: QUOTE_END_JOB,
      key: row.id,
      runAt: row.quoteEndTime,
      payload: job.payload,
    });
    return;
  }
  await endQuoting(tx, env, row);
});

export const enquiryKind = defineKind({
  def,
  header: enquiry,
  lines: enquiryItem,
  documentId: enquiryItem.documentId,
  // Approval conditions (issue #19, both flows: edit and award): enquiry type and the lines' categories.
  approvalConditions: { documentType: 'enquiryType', category: { materialId: 'materialId' } },
  numberOwner: 'purchase',
  save: saveEnquiry,
  // A supplier reads the RFQs it has an invitation on (any line, any round): its list from the sale
  // index, one document by an EXISTS on enquiry_supplier.
  saleIndex: {
    table: enquirySaleIndex,
    source: {
      table: enquirySupplier,
      documentId: enquirySupplier.enquiryId,
      account: enquirySupplier.toElsAccount,
    },
  },
  // A supplier reads the lines it is invited to, not the RFQ's other materials.
  linesFor: async (db, auth, side, row, lines) => {
    if (side === 'purchase') return lines;
    const invited = await db
      .select({ itemId: enquirySupplier.itemId })
      .from(enquirySupplier)
      .where(and(eq(enquirySupplier.enquiryId, row.id), eq(enquirySupplier.toElsAccount, auth.elsAccount)));
    const ids = new Set(invited.map((i) => i.itemId));
    return lines.filter((line) => ids.has(line.id));
  },
  effects: { publish, close, withdrawAward, endQuote, withdrawEndQuote },
  // A deleted draft gives its quantities back to the demand pool.
  release: (tx, row, lines, auth) => releaseSources(tx, row, lines, userKey(auth)),
  // The award carries quota shares per line: its own route (award below), through the kernel's transition.
  ownRoutes: ['award', 'newRound', 'copy', 'quote', 'openQuotes'],
  approvalContent: (row) => String(row.enquiryDesc ?? ''),
});

/** How long a copied RFQ's quoting lasts when the source's deadline has passed (7 days, milliseconds). */
const COPY_QUOTE_WINDOW_MS = 7 * 86_400_000;

/**
 * Copies an RFQ into a new draft (buyer; POST PurchaseEnquiryService/copy/{id}, the kind's own copy):
 * every header input (description, methods, quote method — unit, ladder or cost breakdown —, currency,
 * exchange rate, quote currencies and their rates, payment, tax, validity, remark), the cost structure
 * (`costConstituteJson`) and the additional fees (`additionFeeJson`), custom fields, and per line the
 * material, quantity, requested date and invited suppliers. Not copied: numbers, statuses, quotes, the
 * opening password (write-only) and the lines' demand-pool sources (their quantities stay with the
 * source RFQ). A deadline already past becomes now + 7 days. Goes through the save, so its rules apply
 * (a supplier unlinked since is refused). '404' for another company's RFQ.
 */
export async function copyEnquiry(db: Queryable, auth: AuthContext, id: string): Promise<DocRow> {
  const source = await buyerRow(db, auth, id);
  const lines = (await enquiryKind.findLines(db, id)) as unknown as Array<
    ItemRow & { customFields: Record<string, string> }
  >;
  const inputs = Object.fromEntries(
    Object.entries(def.header as Record<string, FieldDef>)
      .filter(([, f]) => f.input && !f.secret)
      .flatMap(([name]) => {
        const value = (source as Record<string, unknown>)[name];
        if (value === null || value === undefined) return [];
        return [[name, value instanceof Date ? value.toISOString() : value]];
      }),
  );
  const end =
    source.quoteEndTime.getTime() > now() ? source.quoteEndTime : new Date(now() + COPY_QUOTE_WINDOW_MS);
  // A public RFQ's registration deadline already past is dropped (the copy takes part until its quote end).
  if (source.joinEndTime && source.joinEndTime.getTime() <= now()) delete inputs.joinEndTime;
  return enquiryKind.save(db, auth, 'purchase', {
    ...inputs,
    // A copy of an order's one-round RFQ is an ordinary RFQ (its rules apply: 3 suppliers per line).
    ...(source.enquiryType === ORDER_BIDDING ? { enquiryType: '1' } : {}),
    ...source.customFields,
    quoteEndTime: end.toISOString(),
    costConstituteJson: source.costConstituteJson,
    additionFeeJson: source.additionFeeJson,
    currencyRateJson: source.currencyRateJson,
    lines: lines.map((l) => ({
      materialId: l.materialId,
      quantity: l.quantity,
      deliveryDate: l.deliveryDate,
      suppliers: l.invitedSuppliers,
      ...l.customFields,
    })),
  });
}

// ——— the supplier's side ———

async function currentQuotes(db: Queryable, invitationIds: string[]): Promise<Map<string, QuoteRow>> {
  if (invitationIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(enquiryQuote)
    .where(and(inArray(enquiryQuote.invitationId, invitationIds), eq(enquiryQuote.status, '1')));
  return new Map(rows.map((q) => [q.invitationId, q]));
}

const quoteOut = (q: QuoteRow | undefined) =>
  q
    ? {
        priceExcludingTax: q.priceExcludingTax,
        taxRate: q.taxRate,
        ladder: q.ladderPriceJson ?? null,
        costs: q.costConstituteJson ?? null,
        fees: q.additionFeeJson ?? null,
        bout: q.bout,
        currency: q.currency,
        exchangeRate: q.exchangeRate,
        remark: q.remark,
        quoteTime: q.createDate.toISOString(),
      }
    : null;

/**
 * The current quote of every invitation of one RFQ, by invitation id (one index range on
 * enquiry_quote (enquiry_id, status), instead of a list of invitation ids: BENCHMARKS.md "Sourcing").
 */
async function currentQuotesOfEnquiry(db: Queryable, enquiryId: string): Promise<Map<string, QuoteRow>> {
  const rows = await db
    .select()
    .from(enquiryQuote)
    .where(and(eq(enquiryQuote.enquiryId, enquiryId), eq(enquiryQuote.status, '1')));
  return new Map(rows.map((q) => [q.invitationId, q]));
}

/** The caller's (supplier's) invitations on a visible RFQ, with its lines; '404' when not invited. */
export async function supplierInvitations(db: Queryable, auth: AuthContext, id: string, lock = false) {
  const row = (await enquiryKind.find(db, auth, 'sale', id, lock)) as unknown as EnquiryRow;
  const rows = await db
    .select({ invitation: enquirySupplier, item: enquiryItem })
    .from(enquirySupplier)
    .innerJoin(enquiryItem, eq(enquiryItem.id, enquirySupplier.itemId))
    .where(and(eq(enquirySupplier.enquiryId, id), eq(enquirySupplier.toElsAccount, auth.elsAccount)))
    .orderBy(enquiryItem.lineNumber);
  return { row, rows };
}

/** A supplier's awarded quantity of a line: quantity × quota % (3 decimals, rounded half up). */
export const awardedQuantity = (quantity: string, quota: string) =>
  new Decimal(quantity).mul(quota).div(100).toDecimalPlaces(3).toFixed(3);

/**
 * The supplier's quote page: the RFQ's header, whether it takes quotes now, and only the lines the caller
 * is invited to, each with its quote status and its own current quote (nobody else's).
 */
export async function findQuotePage(db: Queryable, auth: AuthContext, id: string) {
  const { row, rows } = await supplierInvitations(db, auth, id);
  const quotes = await currentQuotes(
    db,
    rows.map((r) => r.invitation.id),
  );
  const ranks = row.showQuoteInfo === '1' ? await quoteRanks(db, row.id, rows) : new Map<string, number>();
  return {
    record: enquiryKind.toRecord(row as unknown as DocRow),
    costItems: row.costConstituteJson,
    feeItems: row.additionFeeJson,
    // The currencies the caller may quote in: the RFQ's own (rate 1) and its quote currencies.
    currencies: [{ currency: row.currency, exchangeRate: '1.000000' }, ...row.currencyRateJson],
    open: isOpen(row),
    lines: rows.map(({ invitation, item }) => ({
      itemId: item.id,
      lineNumber: item.lineNumber,
      materialNumber: item.materialNumber,
      materialDesc: item.materialDesc,
      unit: item.unit,
      quantity: item.quantity,
      deliveryDate: item.deliveryDate,
      quoteStatus: invitation.quoteStatus,
      declineReason: invitation.declineReason,
      quota: invitation.quota,
      // The quantity awarded to the caller (its quota share of the line, as the award's order draft).
      awardedQuantity: invitation.quota === null ? null : awardedQuantity(item.quantity, invitation.quota),
      quote: quoteOut(quotes.get(invitation.id)),
      // showQuoteInfo 1: the caller's place among the line's current quotes (1 = lowest); never a price
      // or a name of another supplier.
      rank: ranks.get(invitation.id) ?? null,
      // Whether the caller quotes in the current round (bout) on this line.
      inRound: invitation.bout === row.bout,
    })),
  };
}

/**
 * The rank of each of the caller's quoted invitations on its line (showQuoteInfo "show rank"): 1 + the
 * number of other suppliers whose current quote gives a lower unit price for the line's quantity (equal
 * prices share a rank). Declined invitations and superseded quotes do not count.
 */
async function quoteRanks(
  db: Queryable,
  enquiryId: string,
  own: Array<{ invitation: InvitationRow; item: ItemRow }>,
): Promise<Map<string, number>> {
  const all = await db
    .select({ invitation: enquirySupplier, quote: enquiryQuote })
    .from(enquirySupplier)
    .innerJoin(
      enquiryQuote,
      and(eq(enquiryQuote.invitationId, enquirySupplier.id), eq(enquiryQuote.status, '1')),
    )
    .where(
      and(
        eq(enquirySupplier.enquiryId, enquiryId),
        inArray(
          enquirySupplier.itemId,
          own.map((o) => o.item.id),
        ),
      ),
    );
  const out = new Map<string, number>();
  for (const { invitation, item } of own) {
    const mine = all.find((a) => a.invitation.id === invitation.id);
    if (!mine || invitation.quoteStatus === '4') continue;
    const price = new Decimal(priceOf(mine.quote, item.quantity));
    const lower = all.filter(
      (a) =>
        a.invitation.itemId === item.id &&
        a.invitation.id !== invitation.id &&
        a.invitation.quoteStatus !== '4' &&
        new Decimal(priceOf(a.quote, item.quantity)).lt(price),
    );
    out.set(invitation.id, 1 + lower.length);
  }
  return out;
}

/**
 * Raises the RFQ's quote revision (`quote_rev`) in the caller's transaction: every write of its invitations
 * or quotes that does not move the header's version calls it (quote, participate, decline, join), so the
 * comparison summary cached under (id, version, quoteRev) is never served stale (summaryCache below).
 */
export async function touchQuotes(tx: Queryable, enquiryId: string): Promise<void> {
  await tx
    .update(enquiry)
    .set({ quoteRev: sql`${enquiry.quoteRev} + 1` })
    .where(eq(enquiry.id, enquiryId));
}

/** Participate (supplier, while open): its invitations without a response become "response successful". */
export async function participate(db: Queryable, auth: AuthContext, id: string) {
  return db.transaction(async (tx) => {
    const { row, rows } = await supplierInvitations(tx, auth, id, true);
    if (!isOpen(row)) throw badRequest('enquiryNotOpen');
    if (!rows.some((r) => r.invitation.bout === row.bout))
      throw badRequest('enquiryNotInRound', { bout: row.bout });
    await tx
      .update(enquirySupplier)
      .set({ quoteStatus: '1', lastUpdateDate: nowDate() })
      .where(
        and(
          eq(enquirySupplier.enquiryId, id),
          eq(enquirySupplier.toElsAccount, auth.elsAccount),
          eq(enquirySupplier.bout, row.bout),
          inArray(enquirySupplier.quoteStatus, ['0', '4']),
        ),
      );
    await touchQuotes(tx, id);
  });
}

/**
 * Decline (supplier, while open, with a reason): all its invitations on the RFQ become "rejected" and its
 * quotes are withdrawn; the buyer's creator hears of it (the supplier's name is the buyer's to know).
 */
export async function decline(db: Queryable, env: string, auth: AuthContext, id: string, reason: string) {
  return db.transaction(async (tx) => {
    const { row, rows } = await supplierInvitations(tx, auth, id, true);
    if (!isOpen(row)) throw badRequest('enquiryNotOpen');
    const ids = rows.filter((r) => r.invitation.bout === row.bout).map((r) => r.invitation.id);
    if (ids.length === 0) throw badRequest('enquiryNotInRound', { bout: row.bout });
    await tx
      .update(enquirySupplier)
      .set({ quoteStatus: '4', declineReason: reason, lastUpdateDate: nowDate() })
      .where(inArray(enquirySupplier.id, ids));
    await tx.update(enquiryQuote).set({ status: '0' }).where(inArray(enquiryQuote.invitationId, ids));
    await touchQuotes(tx, id);
    await notify(tx, env, {
      receivers: { users: [enquiryKind.creatorOf(row as unknown as DocRow)] },
      msgTitle: fillText(
        { zh_cn: '供应商 {supplier} 拒绝了询价 {number}', en: 'Supplier {supplier} declined RFQ {number}' },
        { supplier: rows[0]?.invitation.supplierName ?? auth.elsAccount, number: row.enquiryNumber },
      ),
      msgContent: reason,
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
      businessType: def.kind,
      businessId: row.id,
      linkUrl: `${def.detailPath}?id=${row.id}`,
    });
    await endIfAllAnswered(tx, env, row);
  });
}

/**
 * Quote (supplier, while open): one price per invited line — a unit price, or for a ladder RFQ a ladder
 * whose quantities rise (its first step's price is the line's price); tax rate defaults to the RFQ's. A
 * line quoted again is a re-quote (status 3); the earlier quote is kept, superseded. '400' for a line the
 * caller is not invited to, after declining, or when the RFQ is not open.
 */
export async function quote(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  body: EnquiryQuoteBody,
) {
  return db.transaction(async (tx) => {
    const { row, rows } = await supplierInvitations(tx, auth, id, true);
    if (!isOpen(row)) throw badRequest('enquiryNotOpen');
    const seen = new Set<string>();
    for (const [index, line] of body.lines.entries()) {
      // A business rule broken by one field of this line names it (issue #33): the quote page shows it there.
      const at = (...path: (string | number)[]) => ['lines', index, ...path];
      const ruleAt = (problem: RuleProblem | null, ...path: (string | number)[]) => {
        if (problem) throw badRequest(problem.key as never, problem.params).at(at(...path));
      };
      const found = rows.find((r) => r.item.id === line.itemId);
      if (!found) throw badRequest('enquiryLineNotInvited');
      if (seen.has(line.itemId)) throw badRequest('docLineRepeated', { line: found.item.lineNumber });
      seen.add(line.itemId);
      if (found.invitation.quoteStatus === '4') throw badRequest('enquiryDeclined');
      if (found.invitation.bout !== row.bout) throw badRequest('enquiryNotInRound', { bout: row.bout });
      let price = line.priceExcludingTax;
      let ladder: LadderStep[] | null = null;
      if (row.quoteMethod === '2') {
        if (!line.ladder)
          throw badRequest('enquiryPriceMissing', { line: found.item.lineNumber }).at(at('ladder'));
        const ladderStep = ladderProblem(line.ladder);
        // The step that breaks the rising quantities (its number from 1 in the message).
        if (ladderStep) ruleAt(ladderStep, 'ladder', Number(ladderStep.params.step) - 1, 'quantity');
        ladder = line.ladder.map((s) => ({
          quantity: new Decimal(s.quantity).toFixed(3),
          price: new Decimal(s.price).toFixed(6),
        }));
        price = ladder[0].price;
      }
      let costs: Array<{ name: string; amount: string }> | null = null;
      if (row.quoteMethod === '3') {
        if (!line.costs)
          throw badRequest('enquiryPriceMissing', { line: found.item.lineNumber }).at(at('costs'));
        ruleAt(costBreakdownProblem(found.item.lineNumber, row.costConstituteJson, line.costs), 'costs');
        costs = line.costs.map((c) => ({ name: c.name, amount: new Decimal(c.amount).toFixed(6) }));
        price = costTotal(costs);
      }
      let fees: Array<{ name: string; amount: string }> | null = null;
      if (line.fees && line.fees.length > 0) {
        ruleAt(feesProblem(found.item.lineNumber, row.additionFeeJson, line.fees), 'fees');
        fees = line.fees.map((f) => ({ name: f.name, amount: new Decimal(f.amount).toFixed(2) }));
      }
      if (price === undefined)
        throw badRequest('enquiryPriceMissing', { line: found.item.lineNumber }).at(at('priceExcludingTax'));
      // The quote's currency: the RFQ's, or one of its quote currencies at the RFQ's fixed rate.
      const currency = line.currency ?? row.currency;
      const exchangeRate = rateFor(row.currency, row.currencyRateJson, currency);
      if (exchangeRate === null)
        throw badRequest('enquiryCurrencyNotAllowed', { line: found.item.lineNumber, currency }).at(
          at('currency'),
        );
      const previous = ['2', '3'].includes(found.invitation.quoteStatus);
      await tx
        .update(enquiryQuote)
        .set({ status: '0' })
        .where(and(eq(enquiryQuote.invitationId, found.invitation.id), eq(enquiryQuote.status, '1')));
      await tx.insert(enquiryQuote).values({
        invitationId: found.invitation.id,
        enquiryId: row.id,
        toElsAccount: auth.elsAccount,
        bout: row.bout,
        priceExcludingTax: new Decimal(price).toFixed(6),
        taxRate: line.taxRate ?? row.taxRate,
        currency,
        exchangeRate,
        ladderPriceJson: ladder,
        costConstituteJson: costs,
        additionFeeJson: fees,
        remark: line.remark || null,
        createUser: userKey(auth),
      });
      await tx
        .update(enquirySupplier)
        .set({ quoteStatus: previous ? '3' : '2', lastUpdateDate: nowDate() })
        .where(eq(enquirySupplier.id, found.invitation.id));
    }
    await touchQuotes(tx, id);
    await endIfAllAnswered(tx, env, row);
    return findQuotePage(tx, auth, id);
  });
}

// ——— the buyer's side ———

/** The buyer's RFQ (any status) — '404' for another company's. */
async function buyerRow(db: Queryable, auth: AuthContext, id: string, lock = false) {
  return (await enquiryKind.find(db, auth, 'purchase', id, lock)) as unknown as EnquiryRow;
}

/**
 * Who is invited on each line and how they responded (no prices: safe before the deadline), paged by line
 * like the comparison (issue #13): up to `limit` lines (1–200, default 50) whose line number is ≥
 * `lineFrom` (keyset on (document_id, line_number); absent = the first line); `nextLineFrom` starts the
 * next page (null after the last), `lineCount` counts every line. A page reads only its lines' invitations
 * (enquiry_supplier by item ids). A draft answers its lines' chosen suppliers with their names and no
 * status. '404' another company's RFQ.
 */
export async function findInvitations(
  db: Queryable,
  auth: AuthContext,
  id: string,
  query: { lineFrom?: number; limit?: number } = {},
) {
  enquiryKind.assertSide(auth, 'purchase', 'edit', id);
  const row = await buyerRow(db, auth, id);
  const limit = query.limit ?? COMPARISON_PAGE_DEFAULT;
  const [found, [counted]] = await Promise.all([
    db
      .select()
      .from(enquiryItem)
      .where(and(eq(enquiryItem.documentId, id), gte(enquiryItem.lineNumber, query.lineFrom ?? 0)))
      .orderBy(asc(enquiryItem.lineNumber))
      .limit(limit + 1) as Promise<ItemRow[]>,
    db.select({ n: sql<number>`count(*)::int` }).from(enquiryItem).where(eq(enquiryItem.documentId, id)),
  ]);
  const items = found.slice(0, limit);
  const invitations =
    row.enquiryStatus === '0' || items.length === 0
      ? []
      : await db
          .select()
          .from(enquirySupplier)
          .where(
            inArray(
              enquirySupplier.itemId,
              items.map((i) => i.id),
            ),
          )
          .orderBy(asc(enquirySupplier.itemId), asc(enquirySupplier.toElsAccount));
  const accounts = row.enquiryStatus === '0' ? [...new Set(items.flatMap((i) => i.invitedSuppliers))] : [];
  const names = new Map(
    accounts.length === 0
      ? []
      : (await findLinkedSuppliers(db, auth.elsAccount, accounts)).map((l) => [l.account, l.name]),
  );
  return {
    costItems: row.costConstituteJson,
    feeItems: row.additionFeeJson,
    // The RFQ's quote currencies with the buyer's fixed rates (the edit form shows them).
    currencyRates: row.currencyRateJson,
    sealed: !isUnsealed(row) || !isOpened(row),
    // Past the deadline but locked by an opening password nobody has entered yet.
    needsPassword: isUnsealed(row) && !isOpened(row),
    lines: items.map((item) => ({
      itemId: item.id,
      lineNumber: item.lineNumber,
      suppliers:
        row.enquiryStatus === '0'
          ? item.invitedSuppliers.map((account) => ({
              toElsAccount: account,
              supplierName: names.get(account) ?? account,
              quoteStatus: null,
              declineReason: null,
              quota: null,
              joined: false,
            }))
          : invitations
              .filter((i) => i.itemId === item.id)
              .map((i) => ({
                toElsAccount: i.toElsAccount,
                supplierName: i.supplierName,
                quoteStatus: i.quoteStatus,
                declineReason: i.declineReason,
                quota: i.quota,
                // Not invited by the buyer: it took part in the public RFQ (issue #13).
                joined: !item.invitedSuppliers.includes(i.toElsAccount),
              })),
    })),
    nextLineFrom: found.length > limit ? found[limit].lineNumber : null,
    lineCount: Number(counted?.n ?? 0),
  };
}

/**
 * Opens the quotes of an RFQ with an opening password (spec 001 §3 passWord; issue #13 "entered by a
 * second person"): after quoting has ended (the deadline, or everyone answered), a buyer user other than
 * the RFQ's creator enters the password; it is checked against its argon2id hash, the opener and time are
 * recorded (an audit row 'open'), and a quoting RFQ past its deadline becomes "quoted". '400'
 * enquiryOpenNotNeeded (no password, or opened), enquirySealed (before the deadline), enquiryOpenerIsCreator,
 * enquiryPasswordWrong; '409' stale version. The password is a four-eyes check, not encryption: the
 * quotes are stored in clear and the server enforces the seal.
 */
export async function openQuotes(
  db: Queryable,
  auth: AuthContext,
  id: string,
  body: { version: number; passWord: string },
) {
  enquiryKind.assertSide(auth, 'purchase', 'award', id);
  return db.transaction(async (tx) => {
    const row = await buyerRow(tx, auth, id, true);
    if (row.version !== body.version) throw new AppError('409', 'staleVersion');
    if (isOpened(row) || !['1', '2'].includes(row.enquiryStatus)) throw badRequest('enquiryOpenNotNeeded');
    if (!isUnsealed(row))
      throw badRequest('enquirySealed', {
        end: row.quoteEndTime.toISOString().slice(0, 16).replace('T', ' '),
      });
    if (row.createUser === userKey(auth)) throw badRequest('enquiryOpenerIsCreator');
    if (!(await verifyPassword(row.passWordHash, body.passWord))) throw badRequest('enquiryPasswordWrong');
    const updated = await enquiryKind.transition(
      tx,
      auth,
      row as unknown as DocRow,
      { openUser: userKey(auth), openTime: nowDate(), enquiryStatus: '2' },
      'open',
    );
    return { record: enquiryKind.toRecord(updated) };
  });
}

/**
 * A new round of quotes (buyer; issue #13 "new round (bout) with selected suppliers and a message to
 * them"): on a quoted RFQ whose quotes are open, the chosen suppliers — each must have quoted some line —
 * are invited again on the lines they quoted (their invitation's bout becomes the new round; their last
 * quote stays current until they quote again); the others keep their last quote but cannot quote. The RFQ
 * goes back to quoting (bout + 1, the new deadline, one audit row 'newRound' with the message), an opening
 * password must be entered again, the deadline's timer is scheduled, and the chosen suppliers are told in
 * their language. '400' enquiryEndInPast, enquiryRoundSupplier (an account that did not quote), status;
 * '409' stale version.
 */
export async function newRound(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  body: EnquiryNewRoundBody,
) {
  enquiryKind.assertSide(auth, 'purchase', 'newRound', id);
  return db.transaction(async (tx) => {
    const row = await buyerRow(tx, auth, id, true);
    if (row.version !== body.version) throw new AppError('409', 'staleVersion');
    enquiryKind.assertAllowed(row as unknown as DocRow, 'purchase', 'newRound');
    if (row.enquiryType === ORDER_BIDDING) throw badRequest('enquiryOrderOneRound');
    assertReadable(row);
    const end = new Date(body.quoteEndTime);
    if (end.getTime() <= now()) throw badRequest('enquiryEndInPast');
    const invitations = await tx.select().from(enquirySupplier).where(eq(enquirySupplier.enquiryId, id));
    const chosen = new Set(body.suppliers);
    const again = invitations.filter(
      (i) => chosen.has(i.toElsAccount) && (QUOTED_STATUSES as readonly string[]).includes(i.quoteStatus),
    );
    for (const account of chosen)
      if (!again.some((i) => i.toElsAccount === account))
        throw badRequest('enquiryRoundSupplier', { account });
    const bout = row.bout + 1;
    await tx
      .update(enquirySupplier)
      .set({ bout, lastUpdateDate: nowDate() })
      .where(
        inArray(
          enquirySupplier.id,
          again.map((i) => i.id),
        ),
      );
    const updated = await enquiryKind.transition(
      tx,
      auth,
      row as unknown as DocRow,
      { enquiryStatus: '1', bout, quoteEndTime: end, openTime: null, openUser: null },
      'newRound',
      body.message,
    );
    await scheduleJob(tx, {
      kind: QUOTE_END_JOB,
      key: row.id,
      runAt: end,
      payload: { elsAccount: row.elsAccount },
    });
    await notify(tx, env, {
      receivers: { companies: [...chosen] },
      msgTitle: fillText(
        {
          zh_cn: '询价单 {number} 第 {bout} 轮报价邀请',
          en: 'Request for quotation {number}: round {bout} of quotes',
        },
        { number: row.enquiryNumber, bout },
      ),
      msgContent: body.message
        ? body.message
        : fillText(
            {
              zh_cn: '请在 {end} UTC 前重新报价',
              en: 'Please quote again by {end} UTC',
            },
            { end: end.toISOString().slice(0, 16).replace('T', ' ') },
          ),
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
      businessType: def.kind,
      businessId: row.id,
      linkUrl: quoteLink(row.id),
    });
    return { record: enquiryKind.toRecord(updated) };
  });
}

/**
 * The buyer's last price of a material (newest price-master record, any supplier): per unit (excl. tax ÷
 * the record's price base, 6 decimals) in the record's own `currency` (not converted here).
 */
async function lastPrices(db: Queryable, buyer: string, materialIds: string[]) {
  const out = new Map<string, { price: string; currency: string; toElsAccount: string }>();
  if (materialIds.length === 0) return out;
  const rows = await db
    .select()
    .from(priceMaster)
    .where(and(eq(priceMaster.elsAccount, buyer), inArray(priceMaster.materialId, materialIds)))
    .orderBy(desc(priceMaster.validStartDate), desc(priceMaster.createDate));
  for (const r of rows)
    if (!out.has(r.materialId))
      out.set(r.materialId, {
        price: new Decimal(r.priceExcludingTax).div(r.priceBase).toDecimalPlaces(6).toFixed(6),
        currency: r.currency,
        toElsAccount: r.toElsAccount,
      });
  return out;
}

/** The unit price a quote gives a quantity, in the quote's currency: its ladder's step, else its unit price. */
const quotedPriceOf = (q: QuoteRow, quantity: string) =>
  q.ladderPriceJson && q.ladderPriceJson.length > 0
    ? ladderPriceFor(q.ladderPriceJson, quantity)
    : q.priceExcludingTax;

/**
 * The unit price a quote gives a quantity in the RFQ's currency (issue #13 conversion): the quoted price ×
 * the quote's rate (the RFQ's fixed rate for its currency), rounded half up to 6 decimals; what the
 * comparison, ranks and the award use.
 */
const priceOf = (q: QuoteRow, quantity: string) => convert(quotedPriceOf(q, quantity), q.exchangeRate, 6);

/** A quote's additional fees in the RFQ's currency: each fee × the quote's rate, half up to 2 decimals. */
const feesIn = (q: QuoteRow) =>
  q.additionFeeJson
    ? q.additionFeeJson.map((f) => ({ name: f.name, amount: convert(f.amount, q.exchangeRate, 2) }))
    : null;

/**
 * Savings of a quote against a reference unit price (the last price-master price, the requisition's
 * budget): `{name}` = (reference − price) × quantity and `{name}Rate` = (reference − price) / reference × 100,
 * exact, half up to 2 decimals; null without a reference or a price (the rate also for a reference of 0).
 */
function savingsAgainst<N extends string>(
  reference: string | null,
  price: Decimal | null,
  quantity: string,
  name: N,
): Record<N | `${N}Rate`, string | null> {
  const ref = price && reference ? new Decimal(reference) : null;
  const gain = ref && price ? ref.sub(price) : null;
  return {
    [name]: gain ? gain.mul(quantity).toFixed(2, Decimal.ROUND_HALF_UP) : null,
    [`${name}Rate`]:
      gain && ref && !ref.isZero() ? gain.div(ref).mul(100).toFixed(2, Decimal.ROUND_HALF_UP) : null,
  } as Record<N | `${N}Rate`, string | null>;
}

/**
 * The price comparison (buyer, after the deadline; '400' sealed before it): per line every invited
 * supplier with its quote status and current quote — unit price for the line's quantity (per unit,
 * excl. tax, the RFQ's currency), ladder, line amount, lowest/highest marked — and the savings against
 * the last price-master price ((last − price) × quantity, and as a percent of the last price), and the
 * award waiting for its approval (`pendingAward`, null when none).
 *
 * The last price (issue #13): `lastPriceOriginal` per unit excl. tax in `lastPriceCurrency` (the newest
 * price-master record's currency), and `lastPrice` the same converted into the RFQ's currency with
 * `inRfqCurrency` (as the budget). When the RFQ has no rate for that currency, `lastPrice` and every quote's
 * `savings`/`savingsRate` are null and `lastPriceMissing` = 'noRate' (never compared across currencies);
 * 'none' without a price-master record; null when the last price is compared. Reading it
 * after the deadline moves a quoting RFQ to "quoted" (2) — the deadline is checked on read.
 *
 * Savings against the budget (issue #13): a line taken from the demand pool answers its requisition
 * line's `budgetPrice` — per unit, excl. tax, converted from CNY into the RFQ's currency (see
 * `budgetPrices`; null for a line without a requisition, a requisition line without a budget price, a
 * different unit, or an RFQ currency without a CNY rate) — and each quote `budgetSavings` = (budget −
 * price) × quantity and `budgetSavingsRate` = (budget − price) / budget × 100, both exact (decimal.js),
 * rounded half up to 2 decimals; negative when the quote is above the budget, null without a budget or a
 * price (the rate also for a budget of 0).
 */
export async function findComparison(db: Queryable, auth: AuthContext, id: string) {
  const row = await comparisonRow(db, auth, id);
  const items = (await enquiryKind.findLines(db, id)) as unknown as ItemRow[];
  return {
    record: enquiryKind.toRecord(row as unknown as DocRow),
    costItems: row.costConstituteJson,
    feeItems: row.additionFeeJson,
    pendingAward: await findPendingAward(db, row),
    lines: await comparisonLines(db, row, items, true),
  };
}

/**
 * The RFQ a buyer may compare: '404' for another company's, '400' `enquirySealed` before the deadline,
 * '400' `enquiryPasswordRequired` until the opening password is entered. Reading it after the deadline
 * moves a quoting RFQ to "quoted" (2) with its `quoteEnd` audit row (the deadline is checked on read).
 */
async function comparisonRow(db: Queryable, auth: AuthContext, id: string): Promise<EnquiryRow> {
  enquiryKind.assertSide(auth, 'purchase', 'award', id);
  let row = await buyerRow(db, auth, id);
  if (!isUnsealed(row))
    throw badRequest('enquirySealed', { end: row.quoteEndTime.toISOString().slice(0, 16).replace('T', ' ') });
  if (row.enquiryStatus === '1' && isOpened(row))
    row = await db.transaction(async (tx) => {
      const locked = await buyerRow(tx, auth, id, true);
      if (locked.enquiryStatus !== '1') return locked;
      return (await enquiryKind.transition(
        tx,
        auth,
        locked as unknown as DocRow,
        { enquiryStatus: '2' },
        'quoteEnd',
      )) as unknown as EnquiryRow;
    });
  assertReadable(row);
  return row;
}

/**
 * The comparison of some lines of a readable RFQ (all of them, or one page): per line its last price,
 * budget and every invited supplier's cell (see findComparison), suppliers in account order. `whole`
 * reads the RFQ's invitations and quotes by RFQ (one index range each); a page reads those of its lines.
 */
async function comparisonLines(db: Queryable, row: EnquiryRow, items: ItemRow[], whole: boolean) {
  if (items.length === 0) return [];
  const itemIds = items.map((i) => i.id);
  const [invitations, quotes, last, budgets] = await Promise.all([
    db
      .select()
      .from(enquirySupplier)
      .where(
        whole
          ? eq(enquirySupplier.enquiryId, row.id)
          : and(eq(enquirySupplier.enquiryId, row.id), inArray(enquirySupplier.itemId, itemIds)),
      )
      .orderBy(enquirySupplier.toElsAccount),
    whole
      ? currentQuotesOfEnquiry(db, row.id)
      : db
          .select()
          .from(enquiryQuote)
          .where(
            and(
              eq(enquiryQuote.enquiryId, row.id),
              eq(enquiryQuote.status, '1'),
              inArray(
                enquiryQuote.invitationId,
                db
                  .select({ id: enquirySupplier.id })
                  .from(enquirySupplier)
                  .where(inArray(enquirySupplier.itemId, itemIds)),
              ),
            ),
          )
          .then((rows) => new Map(rows.map((q) => [q.invitationId, q]))),
    lastPrices(
      db,
      row.elsAccount,
      items.map((i) => i.materialId),
    ),
    budgetPrices(db, row, items),
  ]);
  // Invitations by line once (a 500-line × 20-supplier RFQ: no scan of every invitation per line).
  const byLine = new Map<string, InvitationRow[]>();
  for (const i of invitations) {
    const list = byLine.get(i.itemId);
    if (list) list.push(i);
    else byLine.set(i.itemId, [i]);
  }
  return items.map((item) => {
    // The last price in the RFQ's currency; none (and no savings) when the RFQ has no rate for its currency.
    const lastRecord = last.get(item.materialId) ?? null;
    const lastPrice = lastRecord ? inRfqCurrency(row, lastRecord.price, lastRecord.currency) : null;
    const budgetPrice = budgets.get(item.id) ?? null;
    const offers = (byLine.get(item.id) ?? []).map((i) => {
      const q = quotes.get(i.id);
      return { invitation: i, q, price: q ? new Decimal(priceOf(q, item.quantity)) : null };
    });
    const prices = offers.flatMap((o) => (o.price ? [o.price] : []));
    const lowest = prices.length ? Decimal.min(...prices) : null;
    const highest = prices.length ? Decimal.max(...prices) : null;
    return {
      itemId: item.id,
      lineNumber: item.lineNumber,
      materialNumber: item.materialNumber,
      materialDesc: item.materialDesc,
      unit: item.unit,
      quantity: item.quantity,
      deliveryDate: item.deliveryDate,
      lastPrice,
      lastPriceCurrency: lastRecord?.currency ?? null,
      lastPriceOriginal: lastRecord?.price ?? null,
      lastPriceMissing: lastRecord ? (lastPrice === null ? ('noRate' as const) : null) : ('none' as const),
      budgetPrice,
      quotes: offers.map(({ invitation, q, price }) => {
        const fees = q ? feesIn(q) : null;
        const lineAmount = price ? price.mul(item.quantity).toDecimalPlaces(2) : null;
        return {
          toElsAccount: invitation.toElsAccount,
          supplierName: invitation.supplierName,
          quoteStatus: invitation.quoteStatus,
          declineReason: invitation.declineReason,
          quota: invitation.quota,
          priceExcludingTax: price ? price.toFixed(6) : null,
          // As quoted: its currency, the rate it is converted with, and the unit price in it.
          quoteCurrency: q?.currency ?? null,
          quoteExchangeRate: q?.exchangeRate ?? null,
          quotedPrice: q ? new Decimal(quotedPriceOf(q, item.quantity)).toFixed(6) : null,
          taxRate: q?.taxRate ?? null,
          ladder: q?.ladderPriceJson ?? null,
          // The round the current quote was given in, and whether the supplier is in the current round.
          bout: q?.bout ?? null,
          inRound: invitation.bout === row.bout,
          lineAmount: lineAmount ? lineAmount.toFixed(2) : null,
          // The cost breakdown (per unit) and the line's additional fees; the line's total with fees.
          costs: q?.costConstituteJson ?? null,
          fees,
          feeTotal: fees ? feeTotal(fees) : null,
          totalAmount: lineAmount ? lineAmount.add(fees ? feeTotal(fees) : '0').toFixed(2) : null,
          lowest: !!price && !!lowest && price.eq(lowest),
          highest: !!price && !!highest && price.eq(highest) && prices.length > 1,
          // Against the last price-master price and the requisition's budget (in the RFQ's currency).
          ...savingsAgainst(lastPrice, price, item.quantity, 'savings'),
          ...savingsAgainst(budgetPrice, price, item.quantity, 'budgetSavings'),
        };
      }),
    };
  });
}

/**
 * The whole comparison in pages of `size` lines (the Excel export): the readable RFQ's record once, then
 * each page's full lines, so no more than one page of cells is held at a time. Same rules as findComparison.
 */
export async function* comparisonLinePages(db: Queryable, auth: AuthContext, id: string, size = 100) {
  const row = await comparisonRow(db, auth, id);
  let from: number | null = 0;
  while (from !== null) {
    const found = (await db
      .select()
      .from(enquiryItem)
      .where(and(eq(enquiryItem.documentId, id), gte(enquiryItem.lineNumber, from)))
      .orderBy(asc(enquiryItem.lineNumber))
      .limit(size + 1)) as ItemRow[];
    const items = found.slice(0, size);
    from = found.length > size ? found[size].lineNumber : null;
    yield {
      record: enquiryKind.toRecord(row as unknown as DocRow),
      lines: await comparisonLines(db, row, items, false),
    };
  }
}

/** A full comparison cell as the page sends it: the supplier as an index, empty fields left out. */
function slimCell(q: ComparisonQuoteFull, supplier: number, rfqCurrency: string): ComparisonCell {
  const cell: ComparisonCell = { supplier, quoteStatus: q.quoteStatus };
  if (q.declineReason) cell.declineReason = q.declineReason;
  if (q.quota !== null) cell.quota = q.quota;
  if (q.priceExcludingTax !== null) cell.priceExcludingTax = q.priceExcludingTax;
  if (
    q.quoteCurrency !== null &&
    (q.quoteCurrency !== rfqCurrency ||
      q.quotedPrice !== q.priceExcludingTax ||
      q.quoteExchangeRate !== '1.000000')
  )
    cell.quoted = {
      currency: q.quoteCurrency,
      exchangeRate: q.quoteExchangeRate ?? '',
      price: q.quotedPrice ?? '',
    };
  if (q.taxRate !== null) cell.taxRate = q.taxRate;
  if (q.ladder && q.ladder.length > 0) cell.ladder = q.ladder;
  if (q.bout !== null) cell.bout = q.bout;
  if (!q.inRound) cell.outOfRound = true;
  if (q.lineAmount !== null) cell.lineAmount = q.lineAmount;
  if (q.costs) cell.costs = q.costs;
  if (q.fees) cell.fees = q.fees;
  if (q.feeTotal !== null) cell.feeTotal = q.feeTotal;
  if (q.totalAmount !== null && q.fees) cell.totalAmount = q.totalAmount;
  if (q.lowest) cell.lowest = true;
  if (q.highest) cell.highest = true;
  if (q.savings !== null) cell.savings = q.savings;
  if (q.savingsRate !== null) cell.savingsRate = q.savingsRate;
  if (q.budgetSavings !== null) cell.budgetSavings = q.budgetSavings;
  if (q.budgetSavingsRate !== null) cell.budgetSavingsRate = q.budgetSavingsRate;
  return cell;
}

/**
 * One page of the price comparison (issue #13, packages/contracts/src/enquiry-comparison.ts): up to `limit`
 * lines (default 50, ≤ 200) with line number ≥ `lineFrom` (keyset; absent = the first line), each line's
 * cells naming their supplier by index into the page's `suppliers`, empty fields left out; `nextLineFrom`
 * the next page's start (null after the last line); `summary` on the first page only (one SQL statement,
 * `comparisonSummary`); `pendingAward` limited to the page's lines. Same rules as findComparison: '404'
 * another company's RFQ, '400' sealed / password required; the first read after the deadline ends quoting.
 */
export async function findComparisonPage(
  db: Queryable,
  auth: AuthContext,
  id: string,
  query: ComparisonPageQuery,
) {
  const row = await comparisonRow(db, auth, id);
  const first = query.lineFrom === undefined;
  const limit = query.limit ?? COMPARISON_PAGE_DEFAULT;
  const found = (await db
    .select()
    .from(enquiryItem)
    .where(
      first
        ? eq(enquiryItem.documentId, id)
        : and(eq(enquiryItem.documentId, id), gte(enquiryItem.lineNumber, query.lineFrom as number)),
    )
    .orderBy(asc(enquiryItem.lineNumber))
    .limit(limit + 1)) as ItemRow[];
  const items = found.slice(0, limit);
  const [lines, pending, summary] = await Promise.all([
    comparisonLines(db, row, items, false),
    findPendingAward(db, row),
    first ? cachedComparisonSummary(db, row) : Promise.resolve(null),
  ]);
  const currency = row.currency;
  const suppliers: Array<{ toElsAccount: string; supplierName: string }> = [];
  const index = new Map<string, number>();
  const pageIds = new Set(items.map((i) => i.id));
  return {
    record: enquiryKind.toRecord(row as unknown as DocRow),
    costItems: row.costConstituteJson,
    feeItems: row.additionFeeJson,
    pendingAward: pending && { ...pending, lines: pending.lines.filter((l) => pageIds.has(l.itemId)) },
    suppliers,
    lines: lines.map((line) => ({
      ...line,
      quotes: line.quotes.map((q) => {
        let at = index.get(q.toElsAccount);
        if (at === undefined) {
          at = suppliers.length;
          index.set(q.toElsAccount, at);
          suppliers.push({ toElsAccount: q.toElsAccount, supplierName: q.supplierName });
        }
        return slimCell(q, at, currency);
      }),
    })),
    nextLineFrom: found.length > limit ? found[limit].lineNumber : null,
    summary,
  };
}

/**
 * The comparison summaries computed in this process (issue #13: ~2 s on an RFQ of 500 lines × 20
 * suppliers), keyed by RFQ id, header version and quote revision — the version moves with every header
 * transition (publish, new round, award, close …) and `quote_rev` with every invitation or quote write that
 * leaves the version alone (touchQuotes), both in the writing transaction, so a changed RFQ is always a miss,
 * in any process. Bounded by size (the summaries' JSON length, 8 MB in all), least recently used first out.
 */
const summaryCache = new LRUCache<string, ComparisonSummary>({
  maxSize: 8 * 1024 * 1024,
  sizeCalculation: (summary) => Math.max(1, JSON.stringify(summary).length),
});

/** How many summaries this process holds (tests). */
export const comparisonSummaryCacheSize = () => summaryCache.size;

/**
 * Empties the summary cache: the routes call it when a server is built (registerEnquiryRoutes), since its keys
 * (RFQ id, version, quote revision) name rows of one database. A process serves one database, but the test
 * suite builds a server per file on copies of one seeded database — the same ids, versions that move
 * differently — and a test file or a worker without per-file isolation builds several in one process.
 */
export function forgetComparisonSummaries(): void {
  summaryCache.clear();
}

/**
 * The comparison's summary from the per-process cache, computed (comparisonSummary) on a miss. The RFQ
 * row is read before the summary, so a cached summary is never older than its key.
 */
async function cachedComparisonSummary(db: Queryable, row: EnquiryRow): Promise<ComparisonSummary> {
  const key = `${row.id}:${row.version}:${row.quoteRev}`;
  const hit = summaryCache.get(key);
  if (hit) return hit;
  const summary = await comparisonSummary(db, row);
  summaryCache.set(key, summary);
  return summary;
}

/**
 * The comparison's summary (first page), in one SQL statement over the RFQ's invitations and current
 * quotes: each quote's unit price for its line's quantity as findComparison prices it (the ladder step
 * reached, else the first step, else the unit price; × the quote's rate, half up to 6 decimals), its line
 * amount (× quantity, half up to 2) and fees (each × rate, half up to 2). Per supplier: lines invited,
 * quoted (with a price), declined (quote status 4), lowest (its price equals the line's lowest), sum of line
 * amounts and of totals with fees; for the RFQ: lines, lines with a price, sum of each line's lowest amount.
 */
async function comparisonSummary(db: Queryable, row: EnquiryRow): Promise<ComparisonSummary> {
  const result = await db.execute(sql`
    with inv as (
      select s.id, s.item_id, s.to_els_account, s.supplier_name, s.quote_status, i.quantity
      from enquiry_supplier s join enquiry_item i on i.id = s.item_id
      where s.enquiry_id = ${row.id}
    ), priced as (
      select inv.item_id, inv.to_els_account, inv.supplier_name, inv.quote_status, inv.quantity,
        round((case when jsonb_typeof(q.ladder_price_json) = 'array' and jsonb_array_length(q.ladder_price_json) > 0
          then coalesce(
            (select (st.value ->> 'price')::numeric
               from jsonb_array_elements(q.ladder_price_json) with ordinality as st(value, n)
              where trunc((st.value ->> 'quantity')::numeric, 3) <= inv.quantity
              order by st.n desc limit 1),
            (q.ladder_price_json -> 0 ->> 'price')::numeric)
          else q.price_excluding_tax end) * q.exchange_rate, 6) as price,
        case when jsonb_typeof(q.addition_fee_json) = 'array'
          then (select coalesce(sum(round((f.value ->> 'amount')::numeric * q.exchange_rate, 2)), 0)
                  from jsonb_array_elements(q.addition_fee_json) as f(value))
          else 0 end as fees
      from inv left join enquiry_quote q
        on q.invitation_id = inv.id and q.status = '1' and q.enquiry_id = ${row.id}
    ), amounts as (
      select priced.*, round(price * quantity, 2) as amount,
        min(price) over (partition by item_id) as line_min
      from priced
    ), per_supplier as (
      select to_els_account as "toElsAccount", max(supplier_name) as "supplierName",
        count(*)::int as "invitedLines", count(price)::int as "quotedLines",
        (count(*) filter (where quote_status = '4'))::int as "declinedLines",
        (count(*) filter (where price = line_min))::int as "lowestLines",
        coalesce(sum(amount), 0)::numeric(20, 2)::text as "amount",
        coalesce(sum(amount + fees) filter (where price is not null), 0)::numeric(20, 2)::text as "totalAmount"
      from amounts group by to_els_account
    ), per_line as (
      select item_id, min(line_min) as low, min(quantity) as quantity from amounts group by item_id
    )
    select
      (select count(*)::int from enquiry_item where document_id = ${row.id}) as "lineCount",
      (select count(*)::int from per_line where low is not null) as "quotedLines",
      (select coalesce(sum(round(low * quantity, 2)), 0)::numeric(20, 2)::text from per_line where low is not null)
        as "lowestTotal",
      (select coalesce(json_agg(p order by p."toElsAccount"), '[]'::json) from per_supplier p) as "suppliers"`);
  const [first] = ((result as { rows?: unknown[] }).rows ?? []) as Array<
    ComparisonSummary & { suppliers: unknown }
  >;
  const suppliers = (
    typeof first.suppliers === 'string' ? JSON.parse(first.suppliers) : first.suppliers
  ) as ComparisonSummary['suppliers'];
  return { ...first, suppliers };
}
/**
 * Checks an award body against the RFQ as it is now: each line once, quota shares totalling exactly
 * 100 % (spec 001 §5/§9), every named supplier invited on the line with a current quote. Answers the
 * winners (supplier → lines with share, price for the line's quantity, tax rate), the invitations awarded
 * (id → share) and the RFQ's invitations as read. '400' naming the rule otherwise.
 */
async function checkAward(tx: Queryable, row: EnquiryRow, body: EnquiryAwardBody) {
  const items = (await enquiryKind.findLines(tx, row.id)) as unknown as ItemRow[];
  const invitations = await tx.select().from(enquirySupplier).where(eq(enquirySupplier.enquiryId, row.id));
  const quotes = await currentQuotes(
    tx,
    invitations.map((i) => i.id),
  );
  await checkPublicParticipation(tx, row, items, invitations, body);
  const seenLines = new Set<string>();
  const winners = new Map<string, AwardedLine[]>();
  const awardedInvitations = new Map<string, string>();
  for (const [li, line] of body.lines.entries()) {
    const item = items.find((i) => i.id === line.itemId);
    if (!item) throw badRequest('enquiryLineUnknown', { id: line.itemId });
    const number = item.lineNumber;
    if (seenLines.has(item.id)) throw badRequest('docLineRepeated', { line: number });
    seenLines.add(item.id);
    // A quota problem names the line's awards in the body (issue #33): the comparison marks that line.
    const quota = quotaProblem(number, line.awards);
    if (quota) throw badRequest(quota.key as never, quota.params).at(['lines', li, ...(quota.at ?? [])]);
    for (const a of line.awards) {
      const invitation = invitations.find((i) => i.itemId === item.id && i.toElsAccount === a.toElsAccount);
      const q =
        invitation && (QUOTED_STATUSES as readonly string[]).includes(invitation.quoteStatus)
          ? quotes.get(invitation.id)
          : undefined;
      if (!invitation || !q)
        throw badRequest('enquiryAwardNotQuoted', { line: number, account: a.toElsAccount });
      awardedInvitations.set(invitation.id, new Decimal(a.quota).toFixed(2));
      const list = winners.get(a.toElsAccount) ?? [];
      list.push({
        materialId: item.materialId,
        materialNumber: item.materialNumber,
        materialDesc: item.materialDesc,
        unit: item.unit,
        quantity: awardedQuantity(item.quantity, a.quota),
        price: priceOf(q, item.quantity),
        taxRate: q.taxRate,
        deliveryDate: item.deliveryDate,
        quota: new Decimal(a.quota).toFixed(2),
        sourceItemNumber: item.sourceItemNumber,
        lineNumber: item.lineNumber,
        // A ladder quote keeps its steps on the price record, in the RFQ's currency like the price.
        ladder: q.ladderPriceJson?.map((step) => ({
          quantity: step.quantity,
          price: convert(step.price, q.exchangeRate, 6),
        })),
      });
      winners.set(a.toElsAccount, list);
    }
  }
  // An order's one-round RFQ is awarded whole to one supplier: every line, the same winner, 100 %.
  if (
    row.enquiryType === ORDER_BIDDING &&
    (winners.size !== 1 ||
      seenLines.size !== items.length ||
      [...winners.values()][0].some((l) => !new Decimal(l.quota).eq(100)))
  )
    throw badRequest('enquiryOrderOneSupplier');
  return { winners, awardedInvitations, invitations };
}

/**
 * The award of an order's one-round RFQ (enquiryType 3): the price-master records as any award, then the
 * order module's write-back (registerOrderAward) moves the winner and its prices onto the source order and
 * returns it to '0'. Answers that order as `orders`.
 */
async function awardToOrder(
  tx: Tx,
  env: string,
  auth: AuthContext,
  row: EnquiryRow,
  winners: Map<string, AwardedLine[]>,
  award: Parameters<typeof recordPrices>[2],
) {
  const items = (await enquiryKind.findLines(tx, row.id)) as unknown as ItemRow[];
  const orderNumber = items[0]?.sourceNumber;
  if (!orderAward || !orderNumber) throw new Error('enquiry: no order write-back registered');
  const prices = await recordPrices(tx, auth, award);
  const [[account, lines]] = [...winners];
  const order = await orderAward(
    tx,
    env,
    auth,
    { elsAccount: row.elsAccount, orderNumber, enquiryId: row.id, enquiryNumber: row.enquiryNumber },
    {
      toElsAccount: account,
      lines: lines.map((l) => ({
        itemNumber: Number(l.sourceItemNumber),
        priceExcludingTax: new Decimal(l.price).toFixed(6),
        taxRate: l.taxRate,
      })),
    },
  );
  return { orders: [{ ...order, toElsAccount: account }], prices };
}

/**
 * Writes an order RFQ's award back to its order (issue #13), registered by the order module: the order
 * (buyer `elsAccount`, `orderNumber`) must still be in bidding on this RFQ ('400' otherwise); it takes the
 * winner as its supplier and the prices per line (order line number → unit price excl. tax in the order's
 * currency, 6 decimals; tax rate %) and goes back to '0'. Answers the order's id and number.
 */
export type OrderAward = (
  tx: Tx,
  env: string,
  auth: AuthContext,
  source: { elsAccount: string; orderNumber: string; enquiryId: string; enquiryNumber: string },
  winner: {
    toElsAccount: string;
    lines: Array<{ itemNumber: number; priceExcludingTax: string; taxRate: string }>;
  },
) => Promise<{ id: string; orderNumber: string }>;
let orderAward: OrderAward | null = null;
export function registerOrderAward(writeBack: OrderAward): void {
  orderAward = writeBack;
}

/** The enquiryType of an order's one-round RFQ, and the line source type of its order lines. */
export const ORDER_BIDDING = '3';
export const ORDER_SOURCE = '2';
/** The save bodies made by createFromOrder (a request's body is never one of them). */
const orderBodies = new WeakSet<object>();

/**
 * Starts an order's price bidding as a one-round RFQ (issue #13), in the caller's transaction: an RFQ of
 * enquiryType 3 saved through the kind's save (its rules, numbering and audit row) with one line per active
 * order line — the master material (`materialId`), quantity, unit, description and delivery date, source 2 =
 * the order number and line — every line inviting `suppliers` (linked, invitable, at least 1, each once: the
 * company's minimum per line does not apply), quote end time `quoteEndTime` (later than now), prices valid a
 * year past it, in the order's currency and exchange rate with the first line's tax rate as the default;
 * approved at once (no RFQ approval: the order's own flow decided) and published (invitations made, the
 * suppliers told, the deadline's timer set), quotes open once every invitee has answered. Answers the
 * published RFQ row. '400' naming the rule (enquiryMinSuppliers, enquirySupplierRepeated, supplierNotLinked,
 * enquiryEndInPast …).
 */
export async function createFromOrder(
  tx: Tx,
  env: string,
  auth: AuthContext,
  input: {
    orderNumber: string;
    currency: string;
    exchangeRate: string;
    taxRate: string;
    quoteEndTime: Date;
    remark: string | null;
    suppliers: string[];
    lines: Array<{
      itemNumber: number;
      materialId: string;
      materialDesc: string;
      unit: string;
      quantity: string;
      deliveryDate: string;
    }>;
  },
): Promise<EnquiryRow> {
  // A year after the quote end, in the buyer's calendar (issue #35).
  const validUntil = addMonths(dateOf(input.quoteEndTime, await companyTimeZone(tx, auth.elsAccount)), 12);
  const body = {
    orderNumber: input.orderNumber,
    enquiryDesc: `采购订单 ${input.orderNumber} 竞价 / Bidding on purchase order ${input.orderNumber}`.slice(
      0,
      200,
    ),
    quoteMethod: '1',
    quoteEndTime: input.quoteEndTime.toISOString(),
    priceValidDate: validUntil,
    currency: input.currency,
    exchangeRate: input.exchangeRate,
    taxRate: input.taxRate,
    ...(input.remark ? { remark: input.remark } : {}),
    lines: input.lines.map((l) => ({
      materialId: l.materialId,
      quantity: l.quantity,
      deliveryDate: l.deliveryDate,
      suppliers: input.suppliers,
      orderLine: { itemNumber: l.itemNumber, materialDesc: l.materialDesc, unit: l.unit },
    })),
  };
  orderBodies.add(body);
  const saved = await enquiryKind.save(tx, auth, 'purchase', body);
  const published = await enquiryKind.applyAction(tx, env, auth, 'purchase', 'publish', saved, {
    version: saved.version as number,
  });
  return published as unknown as EnquiryRow;
}

/**
 * Closes the RFQ of an order's bidding (the order's cancelBidding, issue #13) in the caller's transaction:
 * the kind's close (timer cancelled, invitees told) whose source release returns the order to '0'. '400'
 * when the RFQ is no longer quoting or quoted (awarded or closed).
 */
export async function closeOrderEnquiry(
  tx: Tx,
  env: string,
  auth: AuthContext,
  enquiryId: string,
  remark: string | undefined,
): Promise<void> {
  const [row] = await tx
    .select()
    .from(enquiry)
    .where(and(eq(enquiry.id, enquiryId), eq(enquiry.elsAccount, auth.elsAccount)))
    .for('update');
  if (!row)
    throw new AppError('404', 'documentNotFound', {}, null, (locale) => ({
      title: locale === 'en' ? def.title.en.toLowerCase() : def.title.zh_cn,
    }));
  await enquiryKind.applyAction(tx, env, auth, 'purchase', 'close', row as unknown as DocRow, {
    version: row.version,
    ...(remark ? { remark } : {}),
  });
}

/**
 * A public RFQ's minimum at the award (issue #13; contracts `publicParticipationProblem`): every awarded
 * line needs the buyer's minimum of suppliers per line (3, or the preset parameter) among its invitees
 * and the suppliers that took part. '400' enquiryPublicMinParticipants naming the line otherwise. Nothing
 * for an RFQ by invitation (its minimum was checked at publish).
 */
async function checkPublicParticipation(
  tx: Queryable,
  row: EnquiryRow,
  items: ItemRow[],
  invitations: InvitationRow[],
  body: EnquiryAwardBody,
) {
  if (row.enquiryMethod !== PUBLIC_ENQUIRY_METHOD) return;
  const minSuppliers = await readPresetParameter(tx, row.elsAccount, MIN_SUPPLIERS_PARAMETER);
  const awarded = new Set(body.lines.map((l) => l.itemId));
  rule(
    publicParticipationProblem(
      items
        .filter((i) => awarded.has(i.id))
        .map((i) => ({
          line: i.lineNumber,
          participants: new Set(invitations.filter((v) => v.itemId === i.id).map((v) => v.toElsAccount)).size,
        })),
      minSuppliers,
    ),
  );
}

/** The award's answer: the RFQ, the order drafts made, how many prices were written, whether it waits. */
export type AwardResult = {
  record: Record<string, unknown>;
  orders: Array<{ id: string; orderNumber: string; toElsAccount: string }>;
  prices: number;
  /** The award waits for its approval (task type "enquiry end"): nothing was written yet. */
  pending: boolean;
};

/**
 * Runs an award (at once, or when its approval ends — then as the buyer who asked, on the current RFQ):
 * the body is checked again; price-master records and a purchase-order draft per awarded supplier
 * (order/from-award.ts: quantity × share, the quoted price, valid until priceValidDate) — for an order's
 * RFQ (enquiryType 3) instead the winner and its prices written back to the source order —, the
 * invitations accepted (5) or not won (6), the RFQ awarded (3, one audit row), and every supplier that
 * quoted hears won or not won in its language, with what follows for its type (order drafts to come, or
 * the named order now its own).
 */
export async function applyAward(
  tx: Tx,
  env: string,
  auth: AuthContext,
  row: EnquiryRow,
  body: EnquiryAwardBody,
): Promise<AwardResult> {
  enquiryKind.assertAllowed(row as unknown as DocRow, 'purchase', 'award');
  const { winners, awardedInvitations, invitations } = await checkAward(tx, row, body);
  const award = {
    currency: row.currency,
    exchangeRate: row.exchangeRate,
    validUntil: row.priceValidDate,
    remark: `${row.enquiryNumber} ${row.enquiryDesc}`,
    source: { type: 'enquiry' as const, number: row.enquiryNumber },
    winners,
  };
  // An order's one-round RFQ writes the winner and its prices back to the source order (registered by the
  // order module) instead of making a new order draft; the price master as any award.
  const { orders, prices } =
    row.enquiryType === ORDER_BIDDING
      ? await awardToOrder(tx, env, auth, row, winners, award)
      : await recordAward(tx, auth, award);
  const now = nowDate();
  for (const invitation of invitations) {
    const quota = awardedInvitations.get(invitation.id);
    if (quota !== undefined)
      await tx
        .update(enquirySupplier)
        .set({ quoteStatus: '5', quota, lastUpdateDate: now })
        .where(eq(enquirySupplier.id, invitation.id));
    else if (['2', '3'].includes(invitation.quoteStatus))
      await tx
        .update(enquirySupplier)
        .set({ quoteStatus: '6', lastUpdateDate: now })
        .where(eq(enquirySupplier.id, invitation.id));
  }
  const updated = await enquiryKind.transition(
    tx,
    auth,
    row as unknown as DocRow,
    { enquiryStatus: '3' },
    'award',
    body.remark,
  );
  // Read before the updates above: the suppliers with a live quote on some line.
  const quoted = [
    ...new Set(invitations.filter((i) => ['2', '3'].includes(i.quoteStatus)).map((i) => i.toElsAccount)),
  ];
  // What the award does differs by type, and the messages say so: an order's RFQ puts the winner back on
  // the source order (the buyer sends it as usual); any other RFQ makes order drafts per winner.
  const orderNumber = row.enquiryType === ORDER_BIDDING ? orders[0]?.orderNumber : undefined;
  for (const account of quoted) {
    const won = winners.get(account);
    const shares = won && {
      zh_cn: won
        .map(
          (l) =>
            `${l.materialNumber} 配额 ${l.quota}%（数量 ${new Decimal(l.quantity).toString()} ${l.unit}）`,
        )
        .join('；'),
      en: won
        .map(
          (l) =>
            `${l.materialNumber} quota ${l.quota}% (quantity ${new Decimal(l.quantity).toString()} ${l.unit})`,
        )
        .join('; '),
    };
    await notify(tx, env, {
      receivers: { companies: [account] },
      msgTitle: fillText(
        orderNumber
          ? won
            ? {
                zh_cn: '恭喜中标：采购订单 {order} 的竞价（询价单 {number}）',
                en: 'You won the bidding on purchase order {order} (RFQ {number})',
              }
            : {
                zh_cn: '未中标：采购订单 {order} 的竞价（询价单 {number}）',
                en: 'Not awarded: the bidding on purchase order {order} (RFQ {number})',
              }
          : won
            ? { zh_cn: '恭喜中标：询价单 {number}', en: 'You won request for quotation {number}' }
            : { zh_cn: '未中标：询价单 {number}', en: 'Not awarded: request for quotation {number}' },
        { number: row.enquiryNumber, order: orderNumber ?? '' },
      ),
      msgContent: shares
        ? orderNumber
          ? {
              zh_cn: `${shares.zh_cn}。贵司已成为采购订单 ${orderNumber} 的供应商，单价按贵司报价；采购方提交审批后将向贵司发送该订单。`,
              en: `${shares.en}. You are now the supplier of purchase order ${orderNumber} at your quoted prices; the buyer sends you the order once it is approved.`,
            }
          : {
              zh_cn: `${shares.zh_cn}。中标价格已记入采购方的价格主数据，采购方将按配额生成采购订单并发送给贵司。`,
              en: `${shares.en}. The awarded prices are recorded in the buyer’s price master; the buyer makes purchase orders by these shares and sends them to you.`,
            }
        : undefined,
      sender: { elsAccount: auth.elsAccount, elsSubAccount: auth.elsSubAccount },
      businessType: def.kind,
      businessId: row.id,
      linkUrl: quoteLink(row.id),
    });
  }
  return { record: enquiryKind.toRecord(updated), orders, prices, pending: false };
}

/**
 * Award (buyer, after the deadline): per line one or several suppliers that quoted it, with quota shares
 * totalling exactly 100 %. The body is checked now; then, when the company configured steps for the award
 * (task type "enquiry end", platform/document/action-approval.ts), it waits for them — awardAuditStatus 1,
 * approvers told, nothing written (`pending`) — else it runs at once (applyAward). '409' stale version.
 */
export async function award(
  db: Queryable,
  env: string,
  auth: AuthContext,
  id: string,
  body: EnquiryAwardBody,
): Promise<AwardResult> {
  enquiryKind.assertSide(auth, 'purchase', 'award', id);
  return db.transaction(async (tx) => {
    const row = await buyerRow(tx, auth, id, true);
    if (row.version !== body.version) throw new AppError('409', 'staleVersion');
    enquiryKind.assertAllowed(row as unknown as DocRow, 'purchase', 'award');
    assertReadable(row);
    await checkAward(tx, row, body);
    const asked = await requestAction<EnquiryAwardBody, AwardResult>(
      tx,
      env,
      auth,
      'enquiryEnd',
      row as unknown as DocRow,
      body,
      body.remark,
    );
    if (asked.state === 'done') return asked.result;
    return { record: enquiryKind.toRecord(asked.row), orders: [], prices: 0, pending: true };
  });
}

/** Registers the award's approval (task type "enquiry end"): the approved award runs as its requester. */
export function registerAwardApproval(env: string): void {
  registerActionApproval<EnquiryAwardBody, AwardResult>(env, enquiryKind, {
    action: 'award',
    run: (tx, actor, row, body) => applyAward(tx, env, actor, row as unknown as EnquiryRow, body),
  });
}

/** Withdraw the award's approval (buyer): the tasks are cancelled, the asked award dropped. */
async function withdrawAward(ctx: ActionContext) {
  await dropActionRequest(ctx.tx, 'enquiryEnd', ctx.row);
  return undefined;
}

/**
 * The award waiting for its approval (the approver's page shows it on the comparison): per line the
 * proposed shares, the remark, who asked and when (ISO-8601); null when none waits.
 */
async function findPendingAward(db: Queryable, row: EnquiryRow) {
  const pending = await pendingAction(db, row.elsAccount, 'enquiryEnd', row.id);
  if (!pending) return null;
  const body = pending.payload as EnquiryAwardBody;
  return {
    lines: body.lines,
    remark: pending.remark,
    requestedBy: pending.requestedBy,
    requestedAt: pending.createDate.toISOString(),
  };
}

export type { InvitationRow, Tx };
