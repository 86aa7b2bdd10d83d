import { z } from 'zod';
import { elsAccountSchema } from './auth.ts';
import { compare, Decimal, fixed, mul, round, sum, toUnits } from './decimal.ts';
import { defineDocument } from './document/define.ts';
import { describedField, lineNumberAt } from './field-labels.ts';

/**
 * Requests for quotation (RFQ), kind `enquiry` (issue #13; spec 001 §2 "Inquiry and quotation", §3
 * Inquiry fields, §4 "Demand and inquiry" and "Quotation" statuses, §5/§9 "each material needs at least 3
 * suppliers to quote; a supplier cannot repeat", "ladder quantity greater than the previous ladder",
 * "total quota 100%"; spec 000 §2 task links /rfq/#/v2/…, §7 `/inquiry/SaleEnquiryService/findPageList`).
 *
 * One header per RFQ, owned by the buyer (`elsAccount`; `toElsAccount` repeats the buyer: an RFQ has many
 * suppliers). Its lines are materials with quantity, unit and delivery date; each line invites its own
 * suppliers (an invitation row per line × supplier, server table enquiry_supplier), and each invitation
 * carries that supplier's quotes (enquiry_quote). A supplier reads an RFQ only once it is published and
 * only when invited (the kernel's scope extension `saleIndex`).
 */

/** RFQ status (spec 001 §4 demand and inquiry: unpublished, quoting, quoted, won bid, closed). */
export const ENQUIRY_STATUS = {
  '0': { zh_cn: '未发布', en: 'Unpublished' },
  '1': { zh_cn: '报价中', en: 'Quoting' },
  '2': { zh_cn: '已报价', en: 'Quoted' },
  '3': { zh_cn: '已定标', en: 'Awarded' },
  '4': { zh_cn: '已关闭', en: 'Closed' },
} as const;

/** Approval of the RFQ before it is published (task type "enquiry edit"). */
export const ENQUIRY_AUDIT_STATUS = {
  '0': { zh_cn: '未提交审批', en: 'Not submitted' },
  '1': { zh_cn: '审批中', en: 'Under approval' },
  '2': { zh_cn: '审批通过', en: 'Approved' },
  '3': { zh_cn: '审批拒绝', en: 'Rejected' },
  '4': { zh_cn: '已撤回', en: 'Withdrawn' },
} as const;

/**
 * The award's own approval (seed 001 §2 task type "enquiry end", link /rfq/#/v2/detail): not asked, under
 * approval, approved (the award ran), rejected, withdrawn. Without configured steps an award runs at once
 * and this stays 0.
 */
export const ENQUIRY_AWARD_AUDIT_STATUS = {
  '0': { zh_cn: '未提交', en: 'Not submitted' },
  '1': { zh_cn: '定标审批中', en: 'Award under approval' },
  '2': { zh_cn: '定标审批通过', en: 'Award approved' },
  '3': { zh_cn: '定标审批拒绝', en: 'Award rejected' },
  '4': { zh_cn: '定标审批已撤回', en: 'Award withdrawn' },
} as const;

/**
 * One supplier's invitation on one line (spec 001 §4 Quotation: no response, response successful,
 * quoted, re-quote, rejected, accepted; and not won once another supplier is awarded).
 */
export const QUOTE_STATUS = {
  '0': { zh_cn: '未响应', en: 'No response' },
  '1': { zh_cn: '响应成功', en: 'Response successful' },
  '2': { zh_cn: '已报价', en: 'Quoted' },
  '3': { zh_cn: '重新报价', en: 'Re-quote' },
  /** The supplier declined to quote (its own answer, not the buyer's). */
  '4': { zh_cn: '已拒绝报价', en: 'Declined' },
  '5': { zh_cn: '已接受', en: 'Accepted' },
  '6': { zh_cn: '未中标', en: 'Not won' },
} as const;
/** Quote statuses in which the supplier has a price on the line. */
export const QUOTED_STATUSES = ['2', '3', '5', '6'] as const;

/**
 * Enquiry method (spec 001 §3 enquiryMethod): by invitation — only the suppliers the buyer invites per line,
 * at least 3 per line (§5/§9) — or public (issue #13 public RFQs): published to every supplier company of the
 * portal, which may take part until the registration deadline; invitations are optional and the
 * minimum per line is checked at the award over invitees and participants (`publicParticipationProblem`).
 */
export const ENQUIRY_METHOD = {
  '1': { zh_cn: '邀请询价', en: 'By invitation' },
  '2': { zh_cn: '公开询价', en: 'Public' },
} as const;
/** The public enquiry method: any supplier company may take part (issue #13). */
export const PUBLIC_ENQUIRY_METHOD = '2';
/** Enquiry type. */
export const ENQUIRY_TYPE = {
  '1': { zh_cn: '普通询价', en: 'Standard' },
  '2': { zh_cn: '紧急询价', en: 'Urgent' },
  /**
   * A one-round RFQ started from an unsent purchase order ("in bidding", issue #13): made only by the
   * order's startBidding (the save route refuses it), published at once, at least one supplier (the
   * company's minimum per line does not apply: the order's own flow decided whom to ask), awarded to one
   * supplier for every line, which writes the supplier and prices back to the order.
   */
  '3': { zh_cn: '订单竞价', en: 'Order bidding' },
} as const;
/**
 * Quote method: one unit price per line, a ladder (quantity steps), or a cost breakdown (the RFQ's cost
 * items, `costConstituteJson`, whose amounts per unit sum to the unit price).
 */
export const QUOTE_METHOD = {
  '1': { zh_cn: '单价报价', en: 'Unit price' },
  '2': { zh_cn: '阶梯报价', en: 'Ladder price' },
  '3': { zh_cn: '成本构成报价', en: 'Cost breakdown' },
} as const;
/** Whether invited suppliers see their rank (never another's price or name). */
export const SHOW_QUOTE_INFO = {
  '0': { zh_cn: '不显示', en: 'Hidden' },
  '1': { zh_cn: '显示排名', en: 'Show rank' },
} as const;

/**
 * A public RFQ at the award (issue #13: for a public RFQ the spec's "at least 3 suppliers per material" is
 * not checked at publish — invitations are optional — but at the award): each awarded line needs `min`
 * participants, counting invited suppliers and suppliers that took part (one invitation row each, any
 * status). `lines` in screen order, each named by its line number (10, 20 …). First problem or null.
 */
export function publicParticipationProblem(
  lines: ReadonlyArray<{ line: number; participants: number }>,
  minSuppliers: number = MIN_SUPPLIERS_PER_LINE,
): RuleProblem | null {
  const min = Math.max(minSuppliers, MIN_SUPPLIERS_PER_LINE);
  for (const l of lines)
    if (l.participants < min)
      return { key: 'enquiryPublicMinParticipants', params: { line: l.line, count: l.participants, min } };
  return null;
}

/** A yes/no choice of the RFQ's header. */
export const YES_NO = {
  '0': { zh_cn: '否', en: 'No' },
  '1': { zh_cn: '是', en: 'Yes' },
} as const;
/** Whether the RFQ has an opening password (its value is never answered). */
export const PASSWORD_SET = {
  '0': { zh_cn: '无', en: 'None' },
  '1': { zh_cn: '已设置', en: 'Set' },
} as const;

/**
 * Ending quoting early (issue #33, task type "enquiry quote end"): once every invited supplier of the round
 * has quoted or declined, the buyer may end quoting before the deadline, under the company's approval
 * when it configured steps for it.
 */
export const ENQUIRY_QUOTE_END_AUDIT_STATUS = {
  '0': { zh_cn: '未提交', en: 'Not submitted' },
  '1': { zh_cn: '提前截止审批中', en: 'Early end under approval' },
  '2': { zh_cn: '提前截止审批通过', en: 'Early end approved' },
  '3': { zh_cn: '提前截止审批拒绝', en: 'Early end rejected' },
  '4': { zh_cn: '提前截止审批已撤回', en: 'Early end withdrawn' },
} as const;

/** Where an RFQ line came from: entered on the RFQ, or a purchase requisition line of the demand pool. */
export const ENQUIRY_SOURCE_TYPE = {
  '0': { zh_cn: '手工创建', en: 'Manual' },
  '1': { zh_cn: '采购申请', en: 'Purchase requisition' },
  /** A line of the purchase order the RFQ was started from (sourceNumber the order, sourceItemNumber its line). */
  '2': { zh_cn: '采购订单', en: 'Purchase order' },
} as const;

/** Fewest suppliers invited on each material line (spec 001 §5, §9). */
export const MIN_SUPPLIERS_PER_LINE = 3;

export const enquiryDefinition = defineDocument({
  kind: 'enquiry',
  module: 'inquiry',
  service: 'Enquiry',
  title: { zh_cn: '询价单', en: 'Request for quotation' },
  prefix: 'RFQ',
  numberField: 'enquiryNumber',
  dateField: 'enquiryDate',
  detailPath: '/rfq/#/v2/detail',
  customFields: 30,
  header: {
    enquiryNumber: {
      label: { zh_cn: '询价单号', en: 'RFQ number' },
      type: 'text',
      list: true,
      filter: 'prefix',
    },
    enquiryDesc: {
      label: { zh_cn: '询价描述', en: 'Description' },
      type: 'text',
      max: 200,
      input: true,
      required: true,
      list: true,
    },
    buyerName: { label: { zh_cn: '采购方', en: 'Buyer' }, type: 'text', list: true },
    enquiryDate: {
      label: { zh_cn: '询价日期', en: 'RFQ date' },
      type: 'date',
      list: true,
      filter: 'range',
    },
    enquiryMethod: {
      label: { zh_cn: '询价方式', en: 'Enquiry method' },
      type: 'code',
      codes: ENQUIRY_METHOD,
      default: '1',
      input: true,
      list: true,
    },
    // A public RFQ's participation requirement (issue #13): suppliers take part until this time (empty:
    // until the quote deadline); at most the quote deadline. Not used by an RFQ by invitation.
    joinEndTime: {
      label: { zh_cn: '报名截止时间', en: 'Registration deadline' },
      type: 'datetime',
      input: true,
    },
    enquiryType: {
      label: { zh_cn: '询价类型', en: 'Enquiry type' },
      type: 'code',
      codes: ENQUIRY_TYPE,
      default: '1',
      input: true,
      list: true,
    },
    quoteMethod: {
      label: { zh_cn: '报价方式', en: 'Quote method' },
      type: 'code',
      codes: QUOTE_METHOD,
      default: '1',
      input: true,
      list: true,
    },
    quoteEndTime: {
      label: { zh_cn: '报价截止时间', en: 'Quote deadline' },
      type: 'datetime',
      input: true,
      required: true,
      list: true,
    },
    showQuoteInfo: {
      label: { zh_cn: '报价信息', en: 'Quote information' },
      type: 'code',
      codes: SHOW_QUOTE_INFO,
      default: '0',
      input: true,
    },
    openOnAllQuoted: {
      label: { zh_cn: '全部响应后提前开标', en: 'Open early once all have answered' },
      type: 'code',
      codes: YES_NO,
      default: '0',
      input: true,
    },
    // The opening password (spec 001 §3 passWord): write-only — stored as an argon2id hash (column
    // pass_word_hash), never answered; `passWordSet` says whether there is one. Empty on an edit keeps it.
    passWord: {
      label: { zh_cn: '开标密码', en: 'Opening password' },
      type: 'text',
      max: 32,
      input: true,
      secret: true,
    },
    passWordSet: {
      label: { zh_cn: '开标密码状态', en: 'Opening password set' },
      type: 'code',
      codes: PASSWORD_SET,
    },
    openUser: { label: { zh_cn: '开标人', en: 'Opened by' }, type: 'text' },
    openTime: { label: { zh_cn: '开标时间', en: 'Opened at' }, type: 'datetime' },
    bout: { label: { zh_cn: '轮次', en: 'Round' }, type: 'integer', list: true },
    currency: { label: { zh_cn: '币别', en: 'Currency' }, type: 'text', max: 3, input: true, default: 'CNY' },
    exchangeRate: {
      label: { zh_cn: '汇率', en: 'Exchange rate' },
      type: 'decimal',
      digits: [4, 6],
      positive: true,
      input: true,
    },
    payMethod: { label: { zh_cn: '付款方式', en: 'Payment method' }, type: 'text', max: 100, input: true },
    incoterms: { label: { zh_cn: '国际贸易条款', en: 'Incoterms' }, type: 'text', max: 20, input: true },
    taxCode: { label: { zh_cn: '税码', en: 'Tax code' }, type: 'text', max: 10, input: true },
    taxRate: {
      label: { zh_cn: '税率 %', en: 'Tax rate %' },
      type: 'decimal',
      digits: [3, 2],
      input: true,
    },
    priceValidDate: {
      label: { zh_cn: '价格有效期至', en: 'Prices valid until' },
      type: 'date',
      input: true,
      required: true,
      list: true,
    },
    publishTime: { label: { zh_cn: '发布时间', en: 'Published at' }, type: 'datetime', list: true },
    remark: { label: { zh_cn: '备注', en: 'Remark' }, type: 'text', max: 500, input: true },
  },
  lines: {
    label: { zh_cn: '询价物料', en: 'Materials' },
    // Large sourcing events (issue #13 measures 500 lines × 20 suppliers).
    max: 500,
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
        label: { zh_cn: '需求数量', en: 'Quantity' },
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
      supplierCount: { label: { zh_cn: '邀请供应商数', en: 'Suppliers invited' }, type: 'integer' },
      // Where the line came from: a demand-pool line turned into this RFQ (set by the pool's toEnquiry,
      // never by the save body; kept when the draft is edited).
      sourceType: {
        label: { zh_cn: '来源类型', en: 'Source type' },
        type: 'code',
        codes: ENQUIRY_SOURCE_TYPE,
      },
      sourceNumber: { label: { zh_cn: '来源单号', en: 'Source number' }, type: 'text' },
      sourceItemNumber: { label: { zh_cn: '来源行号', en: 'Source line' }, type: 'text' },
    },
  },
  statuses: {
    enquiryStatus: ENQUIRY_STATUS,
    auditStatus: ENQUIRY_AUDIT_STATUS,
    awardAuditStatus: ENQUIRY_AWARD_AUDIT_STATUS,
    quoteEndAuditStatus: ENQUIRY_QUOTE_END_AUDIT_STATUS,
  },
  // A supplier sees a published RFQ it is invited to (the invitation: the kind's saleIndex), never a draft.
  visible: { sale: { enquiryStatus: ['1', '2', '3', '4'] } },
  editable: { purchase: { enquiryStatus: ['0'] } },
  actions: {
    publish: {
      label: { zh_cn: '发布', en: 'Publish' },
      sides: { purchase: { enquiryStatus: ['0'], auditStatus: ['2'] } },
      target: { enquiryStatus: '1' },
    },
    award: {
      label: { zh_cn: '定标', en: 'Award' },
      // Not while an award waits for its approval (task type "enquiry end").
      sides: { purchase: { enquiryStatus: ['1', '2'], awardAuditStatus: ['0', '2', '3', '4'] } },
      target: { enquiryStatus: '3' },
      approval: { kind: 'enquiryEnd', statusField: 'awardAuditStatus' },
    },
    withdrawAward: {
      label: { zh_cn: '撤回定标审批', en: 'Withdraw award approval' },
      sides: { purchase: { enquiryStatus: ['1', '2'], awardAuditStatus: ['1'] } },
      target: { awardAuditStatus: '4' },
    },
    // A further round of quotes (bout + 1) for chosen suppliers, with a new deadline and a message to
    // them: its own route (the suppliers), through the kernel's transition.
    newRound: {
      label: { zh_cn: '发起新一轮报价', en: 'New round' },
      sides: { purchase: { enquiryStatus: ['2'], awardAuditStatus: ['0', '3', '4'] } },
      target: { enquiryStatus: '1' },
    },
    // Ending quoting before the deadline (issue #33): once every invitee of the round has quoted or
    // declined ('400' enquiryNotAllAnswered otherwise), under its own approval when configured.
    endQuote: {
      label: { zh_cn: '提前截止报价', en: 'End quoting now' },
      sides: { purchase: { enquiryStatus: ['1'], quoteEndAuditStatus: ['0', '2', '3', '4'] } },
      remark: 'optional',
      danger: true,
      approval: { kind: 'enquiryQuoteEnd', statusField: 'quoteEndAuditStatus' },
    },
    withdrawEndQuote: {
      label: { zh_cn: '撤回提前截止审批', en: 'Withdraw early end approval' },
      sides: { purchase: { enquiryStatus: ['1'], quoteEndAuditStatus: ['1'] } },
      target: { quoteEndAuditStatus: '4' },
    },
    close: {
      label: { zh_cn: '关闭', en: 'Close' },
      sides: { purchase: { enquiryStatus: ['1', '2'] } },
      target: { enquiryStatus: '4' },
      remark: 'optional',
      danger: true,
    },
    // The supplier's own steps (participate, decline, quote, the Excel quote sheet's upload) and the
    // password opening of sealed quotes: their own routes, each under its function permission (issue #19).
    quote: {
      label: { zh_cn: '报价', en: 'Quote' },
      sides: { sale: { enquiryStatus: ['1'] } },
    },
    openQuotes: {
      label: { zh_cn: '开标', en: 'Open quotes' },
      sides: { purchase: { enquiryStatus: ['1', '2'] } },
    },
  },
  approval: { kind: 'enquiryEdit', link: '/rfq/#/v2/edit' },
  print: {
    header: ['enquiryNumber', 'enquiryDesc', 'buyerName', 'quoteEndTime', 'priceValidDate', 'payMethod'],
    lines: ['materialNumber', 'materialDesc', 'quantity', 'unit', 'deliveryDate'],
  },
});

// ——— the RFQ's own bodies ———

const decimal = (integerDigits: number, scale: number) =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,${integerDigits}}(\\.\\d{1,${scale}})?$`), {
      message: `must be a decimal with at most ${integerDigits} integer digits and ${scale} decimals`,
    });

/**
 * A price: a decimal greater than 0 (spec 001 §5; the quote sheet's rule too). The sign is checked first, so
 * '-1' and '0' answer "must be greater than 0" (rule.positive) and only a malformed value the number rule.
 */
const positivePrice = (integerDigits: number, scale: number) =>
  z
    .string()
    .trim()
    .refine((v) => !/^-/.test(v) && !/^0*(\.0*)?$/.test(v), { message: 'rule.positive', abort: true })
    .pipe(decimal(integerDigits, scale));

/** The suppliers invited on one line of the save body: linked supplier accounts (3 or more, each once). */
export const lineSuppliersSchema = z.array(elsAccountSchema).max(50);

/** One ladder step: from `quantity` (in the line's unit) up, `price` (excl. tax, per unit). */
export const ladderStepSchema = z.object({
  quantity: describedField(decimal(12, 3), { label: { zh_cn: '阶梯数量', en: 'Ladder quantity' } }),
  price: describedField(positivePrice(12, 6), { label: { zh_cn: '阶梯单价', en: 'Ladder price' } }),
});
export type LadderStep = z.infer<typeof ladderStepSchema>;

/**
 * POST /apis/inquiry/SaleEnquiryService/quote/{id}: the supplier's prices, one entry per invited line.
 * A unit-price RFQ takes `priceExcludingTax`; a ladder RFQ takes `ladder` (1–10 steps, quantities rising);
 * a cost-breakdown RFQ takes `costs` (the unit price is their sum). `fees` may accompany any method.
 */
/** A cost or fee item's name on the RFQ (spec 001 §5: names within 50 characters). */
const itemName = z.string().trim().min(1).max(50);
/**
 * The RFQ's cost structure (`costConstituteJson`: the items a cost-breakdown quote prices, e.g. material,
 * processing, packaging) and its additional fees (`additionFeeJson`: per line amounts such as freight or
 * tooling); on the save body, each a list of names.
 */
export const costItemsSchema = z.array(itemName).max(20);
export const feeItemsSchema = z.array(itemName).max(10);
/** One priced cost item (per unit of the line, excl. tax) or fee (for the whole line, excl. tax). */
export const costAmountSchema = z.object({ name: itemName, amount: decimal(12, 6) });
export const feeAmountSchema = z.object({ name: itemName, amount: decimal(14, 2) });
export type CostAmount = z.infer<typeof costAmountSchema>;
export type FeeAmount = z.infer<typeof feeAmountSchema>;

/** A currency code: three capital letters (ISO 4217, e.g. USD). */
export const currencySchema = z
  .string()
  .trim()
  .regex(/^[A-Z]{3}$/, { message: 'must be three capital letters (ISO 4217, e.g. USD)' });

/**
 * The RFQ's quote currencies (`currencyRateJson` on the save body; issue #13 "converted to the RFQ
 * currency"): the other currencies suppliers may quote in, each with the buyer's fixed rate — how many
 * units of the RFQ's currency one unit of it is worth (spec 001 §3/§5 exchange rate format 10.6, above 0).
 * The RFQ's own currency is always allowed at rate 1 and is not listed.
 */
export const currencyRateSchema = z.object({ currency: currencySchema, exchangeRate: decimal(4, 6) });
export const currencyRatesSchema = z.array(currencyRateSchema).max(10);
export type CurrencyRate = z.infer<typeof currencyRateSchema>;

export const enquiryQuoteBodySchema = z.object({
  // Errors name a quote line by the RFQ line's number the body gives (`lineNumber`), else by its position
  // in the body, and its fields by their labels (issue #33).
  lines: describedField(
    z
      .array(
        z.object({
          itemId: z.uuid(),
          /**
           * The RFQ line's number (10, 20 …) as the quote page shows it: names the line in messages only;
           * the line quoted is the one `itemId` names.
           */
          lineNumber: z.number().int().positive().optional(),
          priceExcludingTax: describedField(positivePrice(12, 6).optional(), {
            label: { zh_cn: '未税单价', en: 'Unit price excl. tax' },
          }),
          ladder: describedField(z.array(ladderStepSchema).min(1).max(10).optional(), {
            label: { zh_cn: '阶梯', en: 'Ladder step' },
          }),
          /** Cost-breakdown RFQ: every cost item of the RFQ once; their sum is the unit price. */
          costs: describedField(z.array(costAmountSchema).min(1).max(20).optional(), {
            label: { zh_cn: '成本构成', en: 'Cost breakdown' },
          }),
          /** The RFQ's additional fees this supplier charges on the line (others are 0). */
          fees: describedField(z.array(feeAmountSchema).max(10).optional(), {
            label: { zh_cn: '附加费用', en: 'Additional fees' },
          }),
          taxRate: decimal(3, 2).optional(),
          /** The quote's currency: the RFQ's (default) or one of its quote currencies (currencyRateJson). */
          currency: describedField(currencySchema.optional(), {
            label: { zh_cn: '报价币种', en: 'Quote currency' },
          }),
          remark: z.string().trim().max(200).optional(),
        }),
      )
      .min(1)
      .max(500),
    { label: { zh_cn: '报价行', en: 'Quote line' }, lineNumberKey: 'lineNumber' },
  ),
});
export type EnquiryQuoteBody = z.infer<typeof enquiryQuoteBodySchema>;

/**
 * POST /apis/inquiry/PurchaseEnquiryService/newRound/{id}: a further round (bout + 1) for `suppliers`
 * (accounts that quoted on some line), quotes due by `quoteEndTime` (ISO-8601, in the future), with an
 * optional message to them.
 */
export const enquiryNewRoundBodySchema = z.object({
  version: z.number().int().min(0),
  quoteEndTime: z.iso.datetime({ offset: true }),
  suppliers: z.array(elsAccountSchema).min(1).max(50),
  message: z.string().trim().max(500).optional(),
});
export type EnquiryNewRoundBody = z.infer<typeof enquiryNewRoundBodySchema>;

/** POST /apis/inquiry/PurchaseEnquiryService/award/{id}: per line, the winners and their quota shares (%). */
export const enquiryAwardBodySchema = z.object({
  version: z.number().int().min(0),
  lines: z
    .array(
      z.object({
        itemId: z.uuid(),
        awards: z
          .array(z.object({ toElsAccount: elsAccountSchema, quota: decimal(3, 2) }))
          .min(1)
          .max(20),
      }),
    )
    .min(1)
    .max(500),
  remark: z.string().trim().max(500).optional(),
});
export type EnquiryAwardBody = z.infer<typeof enquiryAwardBodySchema>;

// ——— the RFQ's rules (spec 001 §5, §9), pure ———

/** A broken rule: a message key of the server's catalogue (both languages) and its parameters. */
export type RuleProblem = {
  key: string;
  params: Record<string, string | number>;
  /** The save body's field the problem is about (issue #33), e.g. ['lines', 0, 'suppliers']; absent: none. */
  at?: (string | number)[];
};

/**
 * Invitations per line (spec 001 §5/§9 "each material needs at least 3 suppliers to quote; a supplier
 * cannot repeat"): the first problem, or null. Lines are named by the number the save gives them (10, 20 …:
 * lineNumberAt), as the form shows them. `minSuppliers`:
 * the buyer's preset parameter Enquiry_Group/minSuppliersPerLine (issue #19), never below the spec's 3.
 */
export function invitationProblem(
  lines: ReadonlyArray<{ suppliers: readonly string[] }>,
  minSuppliers: number = MIN_SUPPLIERS_PER_LINE,
  /** The lowest minimum allowed: the spec's 3, or 1 for an order's one-round RFQ (enquiryType 3). */
  floor: number = MIN_SUPPLIERS_PER_LINE,
  /** A public RFQ (issue #13): invitations are optional (no minimum), still each supplier once. */
  publicEnquiry = false,
): RuleProblem | null {
  const min = publicEnquiry ? 0 : Math.max(minSuppliers, floor);
  for (const [i, line] of lines.entries()) {
    const seen = new Set<string>();
    for (const account of line.suppliers) {
      if (seen.has(account))
        return {
          key: 'enquirySupplierRepeated',
          params: { line: lineNumberAt(i), account },
          at: ['lines', i, 'suppliers'],
        };
      seen.add(account);
    }
    if (seen.size < min)
      return {
        key: 'enquiryMinSuppliers',
        params: { line: lineNumberAt(i), min },
        at: ['lines', i, 'suppliers'],
      };
  }
  return null;
}

/**
 * A decimal string exactly, cut to `scale` decimals (no floats: DESIGN §4; the one decimal module). As the
 * rules always read them: blanks around are ignored, an empty text is 0, '.5' is 0.5 and '5.' is 5; any
 * other text that is not plain decimal text throws.
 */
export function scaledDecimal(value: string, scale: number): Decimal {
  const text =
    value
      .trim()
      .replace(/^(-?)\./, '$10.')
      .replace(/\.$/, '') || '0';
  return round(text, scale, 'down');
}

/** A decimal string as an exact integer of 10^-scale units, extra decimals cut (see `scaledDecimal`). */
export function scaled(value: string, scale: number): bigint {
  return toUnits(scaledDecimal(value, scale), scale);
}

/** Ladder steps (spec 001 §5 "ladder quantity greater than the previous ladder"); first problem or null. */
export function ladderProblem(steps: readonly LadderStep[]): RuleProblem | null {
  for (let i = 1; i < steps.length; i++)
    if (compare(scaledDecimal(steps[i].quantity, 3), scaledDecimal(steps[i - 1].quantity, 3)) <= 0)
      return { key: 'enquiryLadderNotRising', params: { step: i + 1 } };
  return null;
}

/** The ladder step's unit price for a quantity: the last step whose quantity it reaches (else the first). */
export function ladderPriceFor(steps: readonly LadderStep[], quantity: string): string {
  let price = steps[0].price;
  for (const step of steps)
    if (compare(scaledDecimal(quantity, 3), scaledDecimal(step.quantity, 3)) >= 0) price = step.price;
  return price;
}

/**
 * Quota shares of one line (spec 001 §5/§9 "total quota 100%"): each share above 0, each supplier once,
 * together exactly 100 (two decimals). First problem or null; `line` is the line's number (10, 20 …); the
 * problem's `at` is relative to the line (['awards', i, 'quota'], or ['awards'] for the total).
 */
export function quotaProblem(
  line: number,
  awards: ReadonlyArray<{ toElsAccount: string; quota: string }>,
): RuleProblem | null {
  const seen = new Set<string>();
  let total = new Decimal(0);
  for (const [i, a] of awards.entries()) {
    if (seen.has(a.toElsAccount))
      return {
        key: 'enquirySupplierRepeated',
        params: { line, account: a.toElsAccount },
        at: ['awards', i, 'toElsAccount'],
      };
    seen.add(a.toElsAccount);
    const share = scaledDecimal(a.quota, 2);
    if (share.lte(0))
      return { key: 'enquiryQuotaTotal', params: { line, total: '0' }, at: ['awards', i, 'quota'] };
    total = total.add(share);
  }
  if (!total.eq(100)) {
    const text = total.isInteger() ? total.toFixed(0) : fixed(total, 2);
    return { key: 'enquiryQuotaTotal', params: { line, total: text }, at: ['awards'] };
  }
  return null;
}

/** Names of cost or fee items: each once (spec 001 §5 "duplicate item names rejected"). */
export function itemNamesProblem(names: readonly string[]): RuleProblem | null {
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) return { key: 'enquiryItemNameRepeated', params: { name } };
    seen.add(name);
  }
  return null;
}

/**
 * A line's cost breakdown against the RFQ's cost items: every item exactly once, no other, each amount
 * ≥ 0, the total above 0. First problem or null; `line` is the line's number (10, 20 …).
 */
export function costBreakdownProblem(
  line: number,
  items: readonly string[],
  costs: readonly CostAmount[],
): RuleProblem | null {
  const seen = new Set<string>();
  for (const c of costs) {
    if (!items.includes(c.name)) return { key: 'enquiryCostUnknown', params: { line, name: c.name } };
    if (seen.has(c.name)) return { key: 'enquiryItemNameRepeated', params: { name: c.name } };
    seen.add(c.name);
  }
  const missing = items.find((i) => !seen.has(i));
  if (missing) return { key: 'enquiryCostMissing', params: { line, name: missing } };
  if (compare(costTotal(costs), 0) <= 0) return { key: 'enquiryPriceMissing', params: { line } };
  return null;
}

/** The unit price of a cost breakdown: the exact sum of its amounts (6 decimals, no floats). */
export function costTotal(costs: readonly CostAmount[]): string {
  return fixed(sum(costs.map((c) => scaledDecimal(c.amount, 6))), 6);
}

/** A line's fees against the RFQ's fee items: known names, each once. First problem or null. */
export function feesProblem(
  line: number,
  items: readonly string[],
  fees: readonly FeeAmount[],
): RuleProblem | null {
  const seen = new Set<string>();
  for (const f of fees) {
    if (!items.includes(f.name)) return { key: 'enquiryFeeUnknown', params: { line, name: f.name } };
    if (seen.has(f.name)) return { key: 'enquiryItemNameRepeated', params: { name: f.name } };
    seen.add(f.name);
  }
  return null;
}

/** The total of a line's fees (2 decimals, exact). */
export function feeTotal(fees: readonly FeeAmount[]): string {
  return fixed(sum(fees.map((f) => scaledDecimal(f.amount, 2))), 2);
}

/**
 * The RFQ's quote currencies (spec 001 §3 exchangeRate, format 10.6): each a currency other than the RFQ's
 * own, listed once, with a rate above 0. First problem or null.
 */
export function currencyRatesProblem(own: string, rates: readonly CurrencyRate[]): RuleProblem | null {
  const seen = new Set<string>();
  for (const r of rates) {
    if (r.currency === own || seen.has(r.currency))
      return { key: 'enquiryCurrencyRepeated', params: { currency: r.currency } };
    seen.add(r.currency);
    if (scaledDecimal(r.exchangeRate, 6).lte(0))
      return { key: 'enquiryRateNotPositive', params: { currency: r.currency } };
  }
  return null;
}

/**
 * The rate a quote in `currency` is converted with into the RFQ's currency: '1.000000' for the RFQ's own,
 * the RFQ's fixed rate for a listed quote currency, null when the RFQ does not take that currency.
 */
export function rateFor(own: string, rates: readonly CurrencyRate[], currency: string): string | null {
  if (currency === own) return '1.000000';
  const found = rates.find((r) => r.currency === currency);
  return found ? fixed(scaledDecimal(found.exchangeRate, 6), 6) : null;
}

/**
 * An amount in a quote's currency converted into the RFQ's currency: amount × rate, rounded half up to
 * `scale` decimals (6 for unit prices, 2 for fees and line amounts), exact (no floats: DESIGN §4).
 * convert('1.234567', '7.123456', 6) = '8.794384'.
 */
export function convert(amount: string, rate: string, scale: number): string {
  return fixed(mul(scaledDecimal(amount, 12), scaledDecimal(rate, 6)), scale, 'halfUp');
}

// ——— the buyer's cost-structure templates (issue #13) ———

/** POST /apis/inquiry/PurchaseCostTemplateService/save: create (no id) or edit (id + version) a template. */
export const costTemplateBodySchema = z.object({
  id: z.uuid().optional(),
  version: z.number().int().min(0).optional(),
  templateName: z.string().trim().min(1).max(50),
  costItems: z.array(itemName).min(1).max(20),
  remark: z.string().trim().max(200).optional(),
});
export type CostTemplateBody = z.infer<typeof costTemplateBodySchema>;

/** POST /apis/inquiry/PurchaseCostTemplateService/findPageList: a page by name, after `cursor` (a name). */
export const costTemplateFilterSchema = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().trim().min(1).max(50).optional(),
  templateName: z.string().trim().max(50).optional(),
});

/** A cost template as answered. */
export type CostTemplate = {
  id: string;
  templateName: string;
  costItems: string[];
  remark: string | null;
  version: number;
  lastUpdateDate: string;
};
