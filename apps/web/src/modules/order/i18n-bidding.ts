import i18n from '../../lib/i18n.ts';
import './i18n-order.ts';

/**
 * Texts of an order's price bidding (issue #5, seed 001 §4 "in bidding"; since issue #13 a one-round RFQ):
 * the buyer's start dialog, the card linking to the order's RFQ, and the audit-trail actions. Merged into
 * the 'order' namespace; same keys in both languages (i18n-bidding.test.ts).
 */
const BIDDING_TEXTS = {
  zh_cn: {
    actions: { startBidding: '发起竞价' },
    trail: { startBidding: '发起竞价', quote: '供应商报价', award: '授标', cancelBidding: '取消竞价' },
    bidding: {
      card: '竞价询价单 {{number}}',
      start: {
        title: '发起竞价：{{orderNumber}}',
        suppliers: '邀请供应商',
        suppliersHint:
          '从供应商主数据中选择，可多选。将生成一张一轮询价单并立即发布；供应商在询价中报价，定标后订单的供应商和单价改为中标报价，需重新提交审批。',
        suppliersRequired: '请至少选择一家供应商',
        search: '输入供应商编码或名称搜索',
        noSupplier: '没有匹配的供应商',
        quoteEndTime: '报价截止时间',
        quoteEndTimeRequired: '请选择报价截止时间',
        quoteEndTimeFuture: '报价截止时间必须晚于当前时间',
        remark: '邀请说明',
        ok: '发起竞价',
        done: '已发起竞价：询价单已发布，已通知 {{count}} 家供应商',
      },
      live: '报价、比价和定标在询价单中进行：报价在截止时间到达或全部供应商答复后开启；定标给一家供应商后，其单价写回本订单。',
      awarded: '本订单的供应商和单价来自询价单 {{number}} 的定标。',
      openRfq: '打开询价单',
      cancel: '取消竞价',
      cancelConfirm: '取消竞价？询价单将关闭，已邀请的供应商将收到通知，订单回到未发送状态。',
      cancelled: '已取消竞价',
    },
    bids: { title: '竞价邀请' },
  },
  en: {
    actions: { startBidding: 'Start bidding' },
    trail: {
      startBidding: 'Bidding started',
      quote: 'Supplier quoted',
      award: 'Awarded',
      cancelBidding: 'Bidding cancelled',
    },
    bidding: {
      card: 'Bidding RFQ {{number}}',
      start: {
        title: 'Start bidding: {{orderNumber}}',
        suppliers: 'Suppliers to invite',
        suppliersHint:
          'Chosen from the supplier master, several allowed. A one-round RFQ is made and published at once; suppliers quote in it, and the award makes the winner the order’s supplier with its quoted prices (the order is then submitted for approval again).',
        suppliersRequired: 'Select at least one supplier',
        search: 'Search by supplier code or name',
        noSupplier: 'No matching supplier',
        quoteEndTime: 'Quote end time',
        quoteEndTimeRequired: 'Choose the quote end time',
        quoteEndTimeFuture: 'The quote end time must be later than now',
        remark: 'Invitation remarks',
        ok: 'Start bidding',
        done: 'Bidding started: the RFQ is published, {{count}} suppliers notified',
      },
      live: 'Quotes, comparison and award happen in the RFQ: quotes open at the quote end time or once every supplier has answered; awarding one supplier writes its prices back to this order.',
      awarded: 'This order’s supplier and prices come from the award of RFQ {{number}}.',
      openRfq: 'Open the RFQ',
      cancel: 'Cancel bidding',
      cancelConfirm:
        'Cancel the bidding? The RFQ is closed, the invited suppliers are notified and the order goes back to not sent.',
      cancelled: 'Bidding cancelled',
    },
    bids: { title: 'Bid invitations' },
  },
} as const;

i18n.addResourceBundle('zh_cn', 'order', BIDDING_TEXTS.zh_cn, true, false);
i18n.addResourceBundle('en', 'order', BIDDING_TEXTS.en, true, false);

export { BIDDING_TEXTS };
