import { z } from 'zod';
import { elsAccountSchema } from './auth.ts';
import { Decimal, fixed, fromUnits, mul, round, sub, sum, toUnits } from './decimal.ts';
import { decimalSchema, defineDocument } from './document/define.ts';
import { type RuleProblem, scaledDecimal } from './enquiry.ts';
import { describedField } from './field-labels.ts';

/**
 * Live reverse auctions (e-bidding), kind `ebidding` (issue #14; spec 001 §3 "Bidding / auction" fields,
 * §4 "Bidding" statuses, §5 "auction offer greater than 0 and at most the starting price …, add times a
 * positive integer, bidding end time later than the current time and the start time", §2 approval task
 * types "edit e-bidding", "e-bidding end", "result e-bidding", "bidding bargain").
 *
 * One header per auction, owned by the buyer (`elsAccount`; `toElsAccount` repeats the buyer: an auction
 * has many suppliers, its invitations name them). Lines are the materials bid for. By total price
 * (`ebiddingMethod` 1) a supplier offers one amount for the whole lot; per line (2) an amount per line.
 * Offers are in the auction's currency, excluding tax: the lot's total, or a line's unit price.
 *
 * The rules below are pure (exact integer arithmetic on scaled decimals, no floats, DESIGN §4) and shared
 * by the server, which decides, and the bidding room, which explains before sending.
 */

/**
 * Auction status (spec 001 §4 Bidding: unpublished, published, bidding, bidding finished, won, bid failed,
 * closed). '4' is the auction's "won" — a winner was awarded — labelled "Awarded" (已定标): every invited
 * supplier sees the auction's status, and a loser must not read "Won" (issue #33); its own outcome is
 * BIDDER_STATUS ('3' won, '4' not won).
 */
export const EBIDDING_STATUS = {
  '0': { zh_cn: '未发布', en: 'Unpublished' },
  '1': { zh_cn: '已发布', en: 'Published' },
  '2': { zh_cn: '竞价中', en: 'Bidding' },
  '3': { zh_cn: '竞价结束', en: 'Bidding finished' },
  '4': { zh_cn: '已定标', en: 'Awarded' },
  '5': { zh_cn: '竞价失败', en: 'Bid failed' },
  '6': { zh_cn: '已关闭', en: 'Closed' },
} as const;
export type EbiddingStatus = keyof typeof EBIDDING_STATUS;

/** Approval of the auction before it is published (task type "edit e-bidding"). */
export const EBIDDING_AUDIT_STATUS = {
  '0': { zh_cn: '未提交审批', en: 'Not submitted' },
  '1': { zh_cn: '审批中', en: 'Under approval' },
  '2': { zh_cn: '审批通过', en: 'Approved' },
  '3': { zh_cn: '审批拒绝', en: 'Rejected' },
  '4': { zh_cn: '已撤回', en: 'Withdrawn' },
} as const;

/**
 * Auction type: English reverse (open descending offers), Dutch (the price falls a step every
 * `quoteInterval` minutes until a supplier accepts), Japanese (the price steps down each round; whoever
 * does not accept a round drops out; the last one standing wins).
 */
export const EBIDDING_TYPE = {
  '1': { zh_cn: '英式反向竞价', en: 'English reverse' },
  '2': { zh_cn: '荷兰式竞价', en: 'Dutch' },
  '3': { zh_cn: '日式竞价', en: 'Japanese' },
} as const;
export type EbiddingType = keyof typeof EBIDDING_TYPE;

/** What is bid: one total for the whole lot, or a unit price per line. */
export const EBIDDING_METHOD = {
  '1': { zh_cn: '按总价', en: 'Total price' },
  '2': { zh_cn: '按行', en: 'Per line' },
} as const;

/** What is bought (spec 001 §3 projectType). */
export const PROJECT_TYPE = {
  '1': { zh_cn: '物料', en: 'Materials' },
  '2': { zh_cn: '服务', en: 'Services' },
  '3': { zh_cn: '工程', en: 'Works' },
} as const;

/** How the auction starts: by the buyer's hand, or at `startTime` by the server's clock. */
export const START_METHOD = {
  '1': { zh_cn: '手动开始', en: 'Manual' },
  '2': { zh_cn: '定时开始', en: 'At the start time' },
} as const;

/** The least improvement of an offer (`priceReviseExtent`): an amount, or a percentage of the price it beats. */
export const PRICE_REVISE_TYPE = {
  '1': { zh_cn: '按金额', en: 'Amount' },
  '2': { zh_cn: '按百分比', en: 'Percentage' },
} as const;

/**
 * How an offer in the last `quotePostponeMinute` minutes moves the end (anti-sniping): to the offer's time
 * plus `postponeMinute` (1), or the current end plus `postponeMinute` (2).
 */
export const POSTPONE_RULE = {
  '1': { zh_cn: '从出价时间顺延', en: 'From the offer time' },
  '2': { zh_cn: '从结束时间顺延', en: 'From the end time' },
} as const;

/** Paused by the buyer (no offers while paused; the time paused is added to the end on resuming). */
export const PAUSE_STATUS = {
  '0': { zh_cn: '正常', en: 'Running' },
  '1': { zh_cn: '已暂停', en: 'Paused' },
} as const;

/** Whether suppliers see each other's names in the ranking (never by default). */
export const SHOW_SUPPLIER = {
  '0': { zh_cn: '匿名', en: 'Anonymous' },
  '1': { zh_cn: '显示名称', en: 'Show names' },
} as const;

/** One supplier on one auction (spec 001 §4 Bidding: not bid, bidding, won, bid failed …). */
export const BIDDER_STATUS = {
  '0': { zh_cn: '未出价', en: 'Not bid' },
  '1': { zh_cn: '已出价', en: 'Bidding' },
  '2': { zh_cn: '已退出', en: 'Dropped out' },
  '3': { zh_cn: '中标', en: 'Won' },
  '4': { zh_cn: '未中标', en: 'Not won' },
} as const;

/**
 * What a supplier's own status reads, given the auction's status (issue #33: never "bidding" after the
 * end, never "won" to a loser): while the auction takes offers its BIDDER_STATUS (not bid, bidding,
 * dropped out); once ended, awaiting the award (or not bid); awarded, won or not won; failed or closed,
 * closed. The bidding room's status line and the supplier's auction record (PDF) both read it.
 */
export const BIDDER_VIEW_STATUS = {
  notBid: { zh_cn: '未出价', en: 'Not bid' },
  bidding: { zh_cn: '已出价', en: 'Bidding' },
  droppedOut: { zh_cn: '已退出', en: 'Dropped out' },
  awaitingAward: { zh_cn: '等待定标', en: 'Awaiting the award' },
  won: { zh_cn: '中标', en: 'Won' },
  notWon: { zh_cn: '未中标', en: 'Not won' },
  closed: { zh_cn: '竞价已关闭', en: 'Auction closed' },
} as const;
export type BidderViewStatus = keyof typeof BIDDER_VIEW_STATUS;

/** The supplier's own status (BIDDER_VIEW_STATUS) from the auction's and its BIDDER_STATUS codes. */
export function bidderViewStatus(ebiddingStatus: string, bidderStatus: string): BidderViewStatus {
  if (ebiddingStatus === '4') return bidderStatus === '3' ? 'won' : 'notWon';
  if (ebiddingStatus === '5' || ebiddingStatus === '6') return 'closed';
  if (ebiddingStatus === '3') return bidderStatus === '0' ? 'notBid' : 'awaitingAward';
  return bidderStatus === '2' ? 'droppedOut' : bidderStatus === '1' ? 'bidding' : 'notBid';
}

/**
 * The award's own approval (seed 001 §2 task type "result e-bidding"): not asked, under approval, approved
 * (the award ran), rejected, withdrawn. Without configured steps an award runs at once and this stays 0.
 */
export const EBIDDING_RESULT_AUDIT_STATUS = {
  '0': { zh_cn: '未提交', en: 'Not submitted' },
  '1': { zh_cn: '定标审批中', en: 'Award under approval' },
  '2': { zh_cn: '定标审批通过', en: 'Award approved' },
  '3': { zh_cn: '定标审批拒绝', en: 'Award rejected' },
  '4': { zh_cn: '定标审批已撤回', en: 'Award withdrawn' },
} as const;

/**
 * The approval of ending an auction early (seed 001 §2 task type "e-bidding end"): not asked, under approval
 * (bidding goes on meanwhile), approved (it ended), rejected, withdrawn — also when the auction ended by its
 * clock or was closed while the request waited.
 */
export const EBIDDING_END_AUDIT_STATUS = {
  '0': { zh_cn: '未提交', en: 'Not submitted' },
  '1': { zh_cn: '结束审批中', en: 'End under approval' },
  '2': { zh_cn: '结束审批通过', en: 'End approved' },
  '3': { zh_cn: '结束审批拒绝', en: 'End rejected' },
  '4': { zh_cn: '结束审批已撤回', en: 'End withdrawn' },
} as const;

/**
 * The bargain round after the bidding (seed 001 §2 task type "bidding bargain"; issue #14): none yet,
 * bargaining (the asked bidders may answer once, until `bargainEndTime`), ended (all answered, or the
 * deadline passed). Another round may follow an ended one.
 */
export const EBIDDING_BARGAIN_STATUS = {
  '0': { zh_cn: '未议价', en: 'No bargain' },
  '1': { zh_cn: '议价中', en: 'Bargaining' },
  '2': { zh_cn: '议价结束', en: 'Bargain ended' },
} as const;

/** The bargain round's approval (task type "bidding bargain"): as the other action approvals. */
export const EBIDDING_BARGAIN_AUDIT_STATUS = {
  '0': { zh_cn: '未提交', en: 'Not submitted' },
  '1': { zh_cn: '议价审批中', en: 'Bargain under approval' },
  '2': { zh_cn: '议价审批通过', en: 'Bargain approved' },
  '3': { zh_cn: '议价审批拒绝', en: 'Bargain rejected' },
  '4': { zh_cn: '议价审批已撤回', en: 'Bargain withdrawn' },
} as const;

/** One bidder in the bargain round: not asked, asked for a final offer, answered (once), no answer by the deadline. */
export const BIDDER_BARGAIN_STATUS = {
  '0': { zh_cn: '未邀请议价', en: 'Not asked' },
  '1': { zh_cn: '待议价', en: 'Asked for a final offer' },
  '2': { zh_cn: '已议价', en: 'Final offer given' },
  '3': { zh_cn: '未响应议价', en: 'No final offer' },
} as const;

/** Where an auction line came from (as an RFQ line's): made by hand, or a demand-pool requisition line. */
export const EBIDDING_SOURCE_TYPE = {
  '0': { zh_cn: '手工创建', en: 'Manual' },
  '1': { zh_cn: '采购申请', en: 'Purchase requisition' },
  /** A line of an RFQ whose quotes were open (fromEnquiry): the RFQ's number and line number. */
  '2': { zh_cn: '询价单', en: 'Request for quotation' },
} as const;

export const ebiddingDefinition = defineDocument({
  kind: 'ebidding',
  module: 'ebidding',
  service: 'Ebidding',
  title: { zh_cn: '在线竞价', en: 'E-auction' },
  prefix: 'EB',
  numberField: 'ebiddingNumber',
  dateField: 'ebiddingDate',
  detailPath: '/ebidding/#/v2/detail',
  customFields: 30,
  header: {
    ebiddingNumber: {
      label: { zh_cn: '竞价单号', en: 'Auction number' },
      type: 'text',
      list: true,
      filter: 'prefix',
    },
    ebiddingName: {
      label: { zh_cn: '竞价名称', en: 'Auction name' },
      type: 'text',
      max: 100,
      input: true,
      required: true,
      list: true,
    },
    buyerName: { label: { zh_cn: '采购方', en: 'Buyer' }, type: 'text', list: true },
    ebiddingDate: {
      label: { zh_cn: '创建日期', en: 'Created on' },
      type: 'date',
      list: true,
      filter: 'range',
    },
    ebiddingType: {
      label: { zh_cn: '竞价类型', en: 'Auction type' },
      type: 'code',
      codes: EBIDDING_TYPE,
      default: '1',
      input: true,
      list: true,
      filter: 'eq',
    },
    ebiddingMethod: {
      label: { zh_cn: '竞价方式', en: 'Bid on' },
      type: 'code',
      codes: EBIDDING_METHOD,
      default: '1',
      input: true,
      list: true,
    },
    projectType: {
      label: { zh_cn: '项目类型', en: 'Project type' },
      type: 'code',
      codes: PROJECT_TYPE,
      default: '1',
      input: true,
    },
    startMethod: {
      label: { zh_cn: '开始方式', en: 'Start' },
      type: 'code',
      codes: START_METHOD,
      default: '2',
      input: true,
    },
    startTime: {
      label: { zh_cn: '开始时间', en: 'Start time' },
      type: 'datetime',
      input: true,
      required: true,
      list: true,
    },
    endTime: {
      label: { zh_cn: '结束时间', en: 'End time' },
      type: 'datetime',
      input: true,
      required: true,
      list: true,
    },
    /** The bargain round's deadline (set by the bargain, not by the save). */
    bargainEndTime: { label: { zh_cn: '议价截止时间', en: 'Final offers due' }, type: 'datetime' },
    currency: { label: { zh_cn: '币别', en: 'Currency' }, type: 'text', max: 3, input: true, default: 'CNY' },
    taxRate: {
      label: { zh_cn: '税率 %', en: 'Tax rate %' },
      type: 'decimal',
      digits: [3, 2],
      input: true,
    },
    startingPrice: {
      label: { zh_cn: '起拍价', en: 'Starting price' },
      type: 'decimal',
      digits: [14, 2],
      positive: true,
      input: true,
      list: true,
    },
    lowestPrice: {
      label: { zh_cn: '最低价', en: 'Floor price' },
      type: 'decimal',
      digits: [14, 2],
      input: true,
    },
    priceReviseType: {
      label: { zh_cn: '降价方式', en: 'Decrement by' },
      type: 'code',
      codes: PRICE_REVISE_TYPE,
      default: '1',
      input: true,
    },
    priceReviseExtent: {
      label: { zh_cn: '最小降价幅度', en: 'Minimum decrement' },
      type: 'decimal',
      digits: [12, 6],
      positive: true,
      input: true,
      required: true,
    },
    /**
     * Seed 001 quoteInterval (minutes): an English auction's least time between one supplier's offers
     * (optional; placeBid refuses an earlier one naming the seconds left), a Dutch or Japanese clock's
     * time between its steps (required).
     */
    quoteInterval: {
      label: { zh_cn: '报价间隔（分钟）', en: 'Quote interval (minutes)' },
      type: 'integer',
      positive: true,
      input: true,
    },
    quoteNumber: {
      label: { zh_cn: '每家最多出价次数', en: 'Most offers per supplier' },
      type: 'integer',
      input: true,
    },
    quotePostponeMinute: {
      label: { zh_cn: '结束前（分钟）出价延时', en: 'Extend on offers in the last (minutes)' },
      type: 'integer',
      input: true,
    },
    postponeMinute: {
      label: { zh_cn: '每次延时（分钟）', en: 'Extension (minutes)' },
      type: 'integer',
      input: true,
    },
    postponeRule: {
      label: { zh_cn: '延时规则', en: 'Extension rule' },
      type: 'code',
      codes: POSTPONE_RULE,
      default: '1',
      input: true,
    },
    canPostponeBout: {
      label: { zh_cn: '最多延时次数', en: 'Most extensions' },
      type: 'integer',
      input: true,
    },
    postponeCount: { label: { zh_cn: '已延时次数', en: 'Extensions so far' }, type: 'integer' },
    showSupplier: {
      label: { zh_cn: '供应商名称', en: 'Supplier names' },
      type: 'code',
      codes: SHOW_SUPPLIER,
      default: '0',
      input: true,
    },
    remind: {
      label: { zh_cn: '开始前提醒（分钟）', en: 'Remind before start (minutes)' },
      type: 'integer',
      input: true,
    },
    bout: { label: { zh_cn: '轮次', en: 'Round' }, type: 'integer' },
    bestPrice: { label: { zh_cn: '当前最优价', en: 'Best offer' }, type: 'decimal', list: true },
    organizationCode: {
      label: { zh_cn: '采购组织', en: 'Purchasing organisation' },
      type: 'text',
      org: 'purchaseOrganization',
      max: 20,
      input: true,
    },
    publishTime: { label: { zh_cn: '发布时间', en: 'Published at' }, type: 'datetime', list: true },
    publishUser: { label: { zh_cn: '发布人', en: 'Published by' }, type: 'text' },
    remark: { label: { zh_cn: '备注', en: 'Remark' }, type: 'text', max: 500, input: true },
  },
  lines: {
    label: { zh_cn: '竞价物料', en: 'Materials' },
    max: 200,
    fields: {
      materialId: {
        label: { zh_cn: '物料', en: 'Material' },
        type: 'uuid',
        input: true,
        required: true,
      },
      materialNumber: { label: { zh_cn: '物料编码', en: 'Material number' }, type: 'text' },
      materialDesc: { label: { zh_cn: '物料描述', en: 'Material description' }, type: 'text' },
      unit: { label: { zh_cn: '单位', en: 'Unit' }, type: 'text' },
      quantity: {
        label: { zh_cn: '数量', en: 'Quantity' },
        type: 'decimal',
        digits: [12, 3],
        positive: true,
        input: true,
        required: true,
      },
      deliveryDate: {
        label: { zh_cn: '要求交期', en: 'Requested date' },
        type: 'date',
        input: true,
        required: true,
      },
      startingPrice: {
        label: { zh_cn: '起拍单价', en: 'Starting unit price' },
        type: 'decimal',
        digits: [12, 6],
        input: true,
      },
      bestPrice: { label: { zh_cn: '当前最优单价', en: 'Best unit price' }, type: 'decimal' },
      // Where the line came from: a demand-pool line turned into this auction (set by the pool's
      // toBidding, never by the save body; kept when the draft is edited).
      sourceType: {
        label: { zh_cn: '来源类型', en: 'Source type' },
        type: 'code',
        codes: EBIDDING_SOURCE_TYPE,
      },
      sourceNumber: { label: { zh_cn: '来源单号', en: 'Source number' }, type: 'text' },
      sourceItemNumber: { label: { zh_cn: '来源行号', en: 'Source line' }, type: 'text' },
    },
  },
  statuses: {
    ebiddingStatus: EBIDDING_STATUS,
    auditStatus: EBIDDING_AUDIT_STATUS,
    pauseStatus: PAUSE_STATUS,
    resultAuditStatus: EBIDDING_RESULT_AUDIT_STATUS,
    endAuditStatus: EBIDDING_END_AUDIT_STATUS,
    bargainStatus: EBIDDING_BARGAIN_STATUS,
    bargainAuditStatus: EBIDDING_BARGAIN_AUDIT_STATUS,
  },
  // A supplier sees a published auction it is invited to (the kind's saleIndex), never a draft.
  visible: { sale: { ebiddingStatus: ['1', '2', '3', '4', '5', '6'] } },
  editable: { purchase: { ebiddingStatus: ['0'] } },
  actions: {
    publish: {
      label: { zh_cn: '发布', en: 'Publish' },
      sides: { purchase: { ebiddingStatus: ['0'], auditStatus: ['2'] } },
      target: { ebiddingStatus: '1' },
    },
    start: {
      label: { zh_cn: '开始竞价', en: 'Start now' },
      sides: { purchase: { ebiddingStatus: ['1'] } },
      target: { ebiddingStatus: '2' },
    },
    pause: {
      label: { zh_cn: '暂停', en: 'Pause' },
      sides: { purchase: { ebiddingStatus: ['2'], pauseStatus: ['0'] } },
      target: { pauseStatus: '1' },
      remark: 'required',
    },
    resume: {
      label: { zh_cn: '继续', en: 'Resume' },
      sides: { purchase: { ebiddingStatus: ['2'], pauseStatus: ['1'] } },
      target: { pauseStatus: '0' },
    },
    extend: {
      label: { zh_cn: '延长', en: 'Extend' },
      sides: { purchase: { ebiddingStatus: ['2'] } },
      input: {
        minutes: {
          label: { zh_cn: '延长（分钟）', en: 'Extend by (minutes)' },
          type: 'integer',
          positive: true,
          required: true,
        },
      },
      remark: 'optional',
    },
    // Ending early may be put under the company's approval (task type "e-bidding end"); bidding goes on
    // while it waits, and the clock may end the auction first.
    finish: {
      label: { zh_cn: '结束竞价', en: 'End now' },
      sides: { purchase: { ebiddingStatus: ['2'], endAuditStatus: ['0', '2', '3', '4'] } },
      remark: 'optional',
      danger: true,
      approval: { kind: 'ebiddingEnd', statusField: 'endAuditStatus' },
    },
    withdrawFinish: {
      label: { zh_cn: '撤回结束审批', en: 'Withdraw end approval' },
      sides: { purchase: { ebiddingStatus: ['2'], endAuditStatus: ['1'] } },
      target: { endAuditStatus: '4' },
    },
    award: {
      label: { zh_cn: '定标', en: 'Award' },
      // Not while an award waits for its approval (task type "result e-bidding"), nor while a bargain
      // round is open or waits for its approval ("bidding bargain").
      sides: {
        purchase: {
          ebiddingStatus: ['3'],
          resultAuditStatus: ['0', '2', '3', '4'],
          bargainStatus: ['0', '2'],
          bargainAuditStatus: ['0', '2', '3', '4'],
        },
      },
      target: { ebiddingStatus: '4' },
      approval: { kind: 'ebiddingResult', statusField: 'resultAuditStatus' },
    },
    withdrawAward: {
      label: { zh_cn: '撤回定标审批', en: 'Withdraw award approval' },
      sides: { purchase: { ebiddingStatus: ['3'], resultAuditStatus: ['1'] } },
      target: { resultAuditStatus: '4' },
    },
    // The bargain round (issue #14 "bidding bargain"): the buyer asks chosen bidders of a finished auction
    // for a final offer by a deadline — its own route (the bidders, the deadline), under the company's
    // approval where configured; not while an award waits for its approval.
    bargain: {
      label: { zh_cn: '议价', en: 'Bargain' },
      sides: {
        purchase: {
          ebiddingStatus: ['3'],
          bargainStatus: ['0', '2'],
          bargainAuditStatus: ['0', '2', '3', '4'],
          resultAuditStatus: ['0', '3', '4'],
        },
      },
      approval: { kind: 'ebiddingBargain', statusField: 'bargainAuditStatus' },
    },
    withdrawBargain: {
      label: { zh_cn: '撤回议价审批', en: 'Withdraw bargain approval' },
      sides: { purchase: { ebiddingStatus: ['3'], bargainAuditStatus: ['1'] } },
      target: { bargainAuditStatus: '4' },
    },
    close: {
      label: { zh_cn: '关闭', en: 'Close' },
      sides: { purchase: { ebiddingStatus: ['1', '2', '3'] } },
      target: { ebiddingStatus: '6' },
      remark: 'required',
      danger: true,
    },
    // The supplier's offers in the room and its final offer of a bargain round: their own routes, under
    // this function permission (issue #19).
    bid: {
      label: { zh_cn: '出价', en: 'Bid' },
      sides: { sale: { ebiddingStatus: ['1', '2', '3'] } },
    },
  },
  approval: { kind: 'ebiddingEdit', link: '/ebidding/#/v2/edit' },
  print: {
    header: [
      'ebiddingNumber',
      'ebiddingName',
      'buyerName',
      'ebiddingType',
      'ebiddingMethod',
      'currency',
      'startingPrice',
      'bestPrice',
      'startTime',
      'endTime',
      'postponeCount',
      'canPostponeBout',
    ],
    lines: ['materialNumber', 'materialDesc', 'quantity', 'unit', 'deliveryDate', 'startingPrice'],
  },
});

// ——— bodies ———

/** The invited suppliers of the save body: linked supplier accounts, each once (at least 2 to compete). */
export const ebiddingSuppliersSchema = z.array(elsAccountSchema).min(1).max(500);
/** Fewest suppliers invited to an auction: an auction of one is a negotiation. */
export const MIN_BIDDERS = 2;

/**
 * POST /apis/ebidding/SaleEbiddingService/bid/{id}: an offer — the lot's total (by total price, no
 * `itemId`) or a line's unit price (per line, `itemId`), excluding tax, in the auction's currency.
 * Dutch and Japanese auctions take `accept` instead (the current step's price).
 */
export const ebiddingBidBodySchema = z.union([
  // Named by its label in errors (issue #33): "Offer must be greater than 0", not "body.price".
  z.object({
    price: describedField(decimalSchema(14, 6, true), { label: { zh_cn: '出价', en: 'Offer' } }),
    itemId: z.uuid().optional(),
  }),
  z.object({ accept: z.literal(true), itemId: z.uuid().optional() }),
]);
export type EbiddingBidBody = z.infer<typeof ebiddingBidBodySchema>;

// ——— the auction's rules (spec 001 §5, issue #14), pure ———

/** Scale of offers and steps (6 decimals: line unit prices; totals use 2 of them). */
export const PRICE_SCALE = 6;
/** A price as an exact decimal of PRICE_SCALE decimals (extra digits cut). */
const p = (value: string) => scaledDecimal(value, PRICE_SCALE);
/** A scaled integer of PRICE_SCALE units (the form of this file's bigint answers) as a decimal, and back. */
const price = (units: bigint) => new Decimal(fromUnits(units, PRICE_SCALE));
const units = (value: Decimal) => toUnits(value, PRICE_SCALE);
/** An exact price of PRICE_SCALE decimals back as text with `decimals` places (truncated). */
export function priceText(value: bigint, decimals = PRICE_SCALE): string {
  return fixed(price(value), decimals, 'down');
}

/** `percent` % off `value`, at PRICE_SCALE rounded down (toward zero). */
const lessPercent = (value: Decimal, percent: Decimal) =>
  round(mul(value, sub(100, percent)).div(100), PRICE_SCALE, 'down');
/** `percent` % of `value`, at PRICE_SCALE rounded down (toward zero). */
const percentDown = (value: Decimal, percent: Decimal) =>
  round(mul(value, percent).div(100), PRICE_SCALE, 'down');

/**
 * The highest offer that still improves on `reference` by the least decrement: reference − extent
 * (amount), or reference × (1 − extent / 100) (percentage), at PRICE_SCALE, rounded down so that an offer
 * at the bound improves by at least the decrement. Prices as integers of PRICE_SCALE units.
 */
export function improvedBound(reference: bigint, reviseType: string, extent: string): bigint {
  const bound =
    reviseType === '2' ? lessPercent(price(reference), p(extent)) : sub(price(reference), p(extent));
  return units(bound);
}

/** What an English reverse offer is checked against (all prices as decimal text). */
export type EnglishBidInput = {
  offer: string;
  startingPrice: string;
  /** The bidder's own last accepted offer on the same lot or line, if any. */
  ownLast: string | null;
  /** The best (lowest) accepted offer so far on the lot or line, if any. */
  best: string | null;
  priceReviseType: string;
  priceReviseExtent: string;
};

/**
 * An English reverse offer (spec 001 §5 "auction offer greater than 0 and at most the starting price",
 * issue #14 "below the bidder's last offer and the current best by at least priceReviseExtent, as an
 * amount or a percentage per priceReviseType"): the first problem, or null. The message parameters are the
 * bound the offer must meet, as text.
 */
export function englishBidProblem(input: EnglishBidInput): RuleProblem | null {
  const offer = p(input.offer);
  if (offer.lte(0)) return { key: 'ebidOfferNotPositive', params: {} };
  const start = p(input.startingPrice);
  if (offer.gt(start)) return { key: 'ebidOfferAboveStart', params: { start: input.startingPrice } };
  for (const [reference, key] of [
    [input.ownLast, 'ebidOfferNotBelowOwn'],
    [input.best, 'ebidOfferNotBelowBest'],
  ] as const) {
    if (reference === null) continue;
    const bound = improvedBound(units(p(reference)), input.priceReviseType, input.priceReviseExtent);
    if (offer.gt(price(bound))) return { key, params: { bound: priceText(bound) } };
  }
  return null;
}

/**
 * Automatic extension (anti-sniping, issue #14): an offer at `at` within the last `windowMinutes` before
 * `end` moves the end — to at + extendMinutes (rule 1) or end + extendMinutes (rule 2) — unless
 * `maxExtensions` have already been made (`done`). Answers the new end, or null when the end stays. A
 * window or extension of 0 means no extensions; a new end never comes before the old one.
 */
export function extendedEnd(input: {
  end: Date;
  at: Date;
  windowMinutes: number;
  extendMinutes: number;
  rule: string;
  done: number;
  maxExtensions: number;
}): Date | null {
  const { end, at, windowMinutes, extendMinutes } = input;
  if (windowMinutes <= 0 || extendMinutes <= 0 || input.done >= input.maxExtensions) return null;
  const remaining = end.getTime() - at.getTime();
  if (remaining <= 0 || remaining > windowMinutes * 60_000) return null;
  const base = input.rule === '2' ? end.getTime() : at.getTime();
  const next = base + extendMinutes * 60_000;
  return next > end.getTime() ? new Date(next) : null;
}

/**
 * The price a descending-clock auction (Dutch, Japanese) asks at `now`: the starting price lowered by one
 * step (priceReviseExtent as an amount, or a percentage of the starting price) every `intervalMinutes`
 * since `start`, never below the floor (`lowestPrice`, or one step above 0). Answers the step number
 * (0 at the start) and the price (scaled integer).
 */
export function clockPrice(input: {
  startingPrice: string;
  lowestPrice: string | null;
  priceReviseType: string;
  priceReviseExtent: string;
  intervalMinutes: number;
  start: Date;
  now: Date;
}): { step: number; price: bigint; floor: boolean } {
  const start = p(input.startingPrice);
  const stepSize =
    input.priceReviseType === '2'
      ? percentDown(start, p(input.priceReviseExtent))
      : p(input.priceReviseExtent);
  const elapsed = Math.max(0, input.now.getTime() - input.start.getTime());
  const step = input.intervalMinutes > 0 ? Math.floor(elapsed / (input.intervalMinutes * 60_000)) : 0;
  // no floor set: one step above 0, or the smallest price (one unit of PRICE_SCALE)
  const floor = input.lowestPrice
    ? p(input.lowestPrice)
    : stepSize.gt(0)
      ? stepSize
      : new Decimal(`1e-${PRICE_SCALE}`);
  const current = sub(start, mul(stepSize, step));
  return current.lte(floor)
    ? { step, price: units(floor), floor: true }
    : { step, price: units(current), floor: false };
}

/**
 * Settings of an auction before it is published (spec 001 §5 "bidding end time later than the current
 * time and the start time", "add times a positive integer"): the first problem, or null.
 */
export function scheduleProblem(input: {
  ebiddingType: string;
  startMethod: string;
  startTime: Date;
  endTime: Date;
  now: Date;
  quoteInterval: number | null;
  quotePostponeMinute: number | null;
  postponeMinute: number | null;
  canPostponeBout: number | null;
}): RuleProblem | null {
  if (input.endTime.getTime() <= input.now.getTime() || input.endTime.getTime() <= input.startTime.getTime())
    return { key: 'ebidEndBeforeStart', params: {} };
  if (input.startMethod === '2' && input.startTime.getTime() <= input.now.getTime())
    return { key: 'ebidStartInPast', params: {} };
  if (input.ebiddingType !== '1' && !(input.quoteInterval && input.quoteInterval > 0))
    return { key: 'ebidIntervalRequired', params: {} };
  const extending = (input.quotePostponeMinute ?? 0) > 0 || (input.postponeMinute ?? 0) > 0;
  if (extending) {
    for (const value of [input.quotePostponeMinute, input.postponeMinute, input.canPostponeBout])
      if (!(value !== null && Number.isInteger(value) && value > 0))
        return { key: 'ebidPostponeNotPositive', params: {} };
  }
  return null;
}

// ——— live pushes (issue #14: "pushed over the existing broker with the per-user topic ACL") ———

/**
 * The MQTT topic of one side's live view of an auction: `srm/{env}/ebidding/{id}/sale` for the invited
 * suppliers (no identities, no other supplier's price), `…/purchase` for the buyer company's console.
 * The embedded broker lets a connection subscribe only to the view its company may see (an invited
 * supplier; the buyer that owns the auction, purchase station).
 */
export const ebiddingTopic = (env: string, id: string, side: 'purchase' | 'sale') =>
  `srm/${env}/ebidding/${id}/${side}`;

/** One lot's or line's standing in a push: best price, how many offered, and the ranking as bid-log seqs. */
export type EbiddingStanding = {
  /** null for the lot (by total price). */
  itemId: string | null;
  bestPrice: string | null;
  bidders: number;
  /**
   * The current offers' bid-log numbers, best first: a supplier finds its rank at the position of its own
   * current offer's seq (`ownSeq` in the room) — no price or name of another supplier.
   */
  ranking: number[];
};

/**
 * What a push carries after a committed change (an offer, an extension, a start, an end): the auction's
 * status, end (ISO-8601, the server's clock; it moves with extensions), extensions so far and the
 * server's time of the push; the standings that changed. The buyer's view adds the offer itself.
 */
export type EbiddingPush = {
  ebiddingId: string;
  event: 'bid' | 'status';
  ebiddingStatus: string;
  /** Paused by the buyer: no offers until resumed. */
  paused: boolean;
  endTime: string;
  postponeCount: number;
  serverTime: string;
  standings: EbiddingStanding[];
  bid?: {
    seq: number;
    itemId: string | null;
    toElsAccount: string;
    supplierName: string;
    price: string;
    bidTime: string;
  };
};

/**
 * POST /apis/ebidding/PurchaseEbiddingService/award/{id} (buyer, a finished auction): one winner per lot
 * (by total price) or per line (per line), usually rank 1 (any supplier with a current offer may be
 * chosen, with a remark saying why). By total price the award also splits the winning total into line
 * unit prices (`linePrices`, every line once) whose amounts (unit price × quantity, 2 decimals) sum to the
 * winning total exactly: they become the price-master records and the order draft's prices.
 */
export const ebiddingAwardBodySchema = z.object({
  version: z.number().int().min(0),
  awards: z
    .array(z.object({ itemId: z.uuid().nullable(), toElsAccount: elsAccountSchema }))
    .min(1)
    .max(200),
  linePrices: z
    .array(z.object({ itemId: z.uuid(), price: decimalSchema(12, 6) }))
    .max(200)
    .optional(),
  /** Last day the awarded prices are valid (YYYY-MM-DD); default one year after the award. */
  priceValidDate: z.iso.date().optional(),
  remark: z.string().trim().max(500).optional(),
});
export type EbiddingAwardBody = z.infer<typeof ebiddingAwardBodySchema>;

/**
 * POST /apis/ebidding/PurchaseEbiddingService/bargain/{id} (buyer, a finished auction): ask `suppliers`
 * (bidders with an offer) for a final offer by `bargainEndTime` (ISO-8601, in the future), with an
 * optional message to them.
 */
export const ebiddingBargainBodySchema = z.object({
  version: z.number().int().min(0),
  suppliers: z.array(elsAccountSchema).min(1).max(50),
  bargainEndTime: z.iso.datetime({ offset: true }),
  message: z.string().trim().max(500).optional(),
});
export type EbiddingBargainBody = z.infer<typeof ebiddingBargainBodySchema>;

/**
 * POST /apis/ebidding/SaleEbiddingService/bargainOffer/{id} (an asked supplier, once): a final offer for
 * every lot or line it has an offer on — by total price one entry without `itemId`, per line one per line.
 * A line's offer may name the auction line's number (`lineNumber`, 10, 20 …, as the room shows it): its
 * errors then name that line ("Line 20, Final offer must be greater than 0"); it is not checked otherwise.
 */
export const ebiddingBargainOfferBodySchema = z.object({
  // Named by their labels in errors (issue #33): "Final offer must be greater than 0" for the lot's one offer,
  // "Line 20, Final offer …" per line (by the lineNumber given, else "Final offers 2, …"), not
  // "body.offers.0.price".
  offers: describedField(
    z
      .array(
        z.object({
          itemId: z.uuid().optional(),
          lineNumber: z.number().int().positive().optional(),
          price: describedField(decimalSchema(14, 6, true), {
            label: { zh_cn: '议价', en: 'Final offer' },
          }),
        }),
      )
      .min(1)
      .max(500),
    { label: { zh_cn: '议价', en: 'Final offers' }, unnumberedAlone: true, lineNumberKey: 'lineNumber' },
  ),
});
export type EbiddingBargainOfferBody = z.infer<typeof ebiddingBargainOfferBodySchema>;

/**
 * A final offer of the bargain round against the bidder's last offer there (issue #14 "a price ≤ its last
 * offer"): above 0 and at most the last offer. First problem or null.
 */
export function bargainOfferProblem(offer: string, last: string): RuleProblem | null {
  if (p(offer).lte(0)) return { key: 'ebidOfferNotPositive', params: {} };
  if (p(offer).gt(p(last)))
    return { key: 'ebidBargainAboveLast', params: { last: fixed(p(last), PRICE_SCALE) } };
  return null;
}

/**
 * A line's amount under the award's rule: unit price (PRICE_SCALE) × quantity (3 decimals), rounded
 * half-up to PRICE_SCALE and then half-up to cents (the two roundings are the rule; 2 decimals).
 */
export function awardLineAmount(unitPrice: Decimal | string, quantity: Decimal | string): Decimal {
  const q = typeof quantity === 'string' ? scaledDecimal(quantity, 3) : quantity;
  const unit = typeof unitPrice === 'string' ? p(unitPrice) : unitPrice;
  return round(mul(unit, q, PRICE_SCALE, 'halfUp'), 2, 'halfUp');
}

/**
 * A total-price award's split into line unit prices: each line's amount is unit price × quantity rounded
 * half-up to cents, and the amounts must sum to the winning total (rounded to cents) exactly. Answers the
 * first problem (the sum and the total as text), or null.
 */
export function splitProblem(
  total: string,
  lines: ReadonlyArray<{ quantity: string; price: string }>,
): RuleProblem | null {
  const amounts = sum(lines.map((line) => awardLineAmount(line.price, line.quantity)));
  const want = round(p(total), 2, 'halfUp');
  return amounts.eq(want)
    ? null
    : { key: 'ebidSplitMismatch', params: { sum: fixed(amounts, 2), total: fixed(want, 2) } };
}
