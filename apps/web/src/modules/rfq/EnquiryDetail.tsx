import { enquiryDefinition as def, QUOTE_STATUS } from '@srm/contracts/enquiry';
import { type ComparisonSummary, expandComparisonLines } from '@srm/contracts/enquiry-comparison';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import { errorText } from '../../lib/http.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import {
  auctionFromEnquiry,
  awardEnquiry,
  type Comparison,
  copyEnquiry,
  downloadComparison,
  findComparison,
  findInvitations,
  openQuotes,
  startNewRound,
} from './api.ts';
import './i18n-rfq.ts';
import { appUrl } from '../../lib/base-path.ts';
import { now } from '../../lib/clock.ts';
import { serverFieldErrors } from '../../lib/field-errors.ts';

/** Copy into a new draft (cost structure, fees, quote method, currencies and invitations kept), then edit it. */
function CopyButton({ id }: { id: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  return (
    <Button
      onClick={async () => {
        try {
          const copy = await copyEnquiry(id);
          void message.success(t('rfq:detail.copied'));
          navigate(`/v2/edit?id=${copy.id}`);
        } catch (e) {
          void message.error(errorText(e));
        }
      }}
    >
      {t('rfq:detail.copy')}
    </Button>
  );
}

/**
 * The comparison line's last price (issue #13): in the RFQ's currency; with the price as recorded when the
 * price-master record is in another currency; the recorded price and why nothing is compared when the RFQ
 * has no rate for that currency; '—' without a last price.
 */
export function lastPriceText(
  line: Pick<Comparison['lines'][number], 'lastPrice' | 'lastPriceCurrency' | 'lastPriceOriginal'>,
  rfqCurrency: string,
  t: (key: string, params?: Record<string, string>) => string,
): string {
  if (!line.lastPriceOriginal || !line.lastPriceCurrency) return '—';
  const recorded = { price: line.lastPriceOriginal, currency: line.lastPriceCurrency };
  if (line.lastPrice === null) return t('rfq:detail.lastPriceNoRate', recorded);
  if (line.lastPriceCurrency === rfqCurrency) return line.lastPrice;
  return `${line.lastPrice} (${t('rfq:detail.lastPriceAsRecorded', recorded)})`;
}

/** ECharts loads only when a buyer opens a line's chart. */
const ComparisonChart = lazy(() => import('./ComparisonChart.tsx'));

/**
 * The whole RFQ at a glance (the first page's summary, computed by the server over every line): per
 * supplier the lines invited, quoted, declined and lowest, and its totals; the sum of the lowest amounts.
 */
function ComparisonSummaryTable({ summary }: { summary: ComparisonSummary }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="toElsAccount"
      pagination={false}
      style={{ marginBottom: 12 }}
      title={() =>
        t('rfq:detail.summaryTitle', {
          lines: summary.lineCount,
          quoted: summary.quotedLines,
          lowest: summary.lowestTotal,
        })
      }
      dataSource={summary.suppliers}
      columns={[
        { title: t('rfq:detail.supplier'), render: (_, s) => `${s.toElsAccount} ${s.supplierName}` },
        { title: t('rfq:detail.summaryInvited'), dataIndex: 'invitedLines' },
        { title: t('rfq:detail.summaryQuoted'), dataIndex: 'quotedLines' },
        { title: t('rfq:detail.summaryDeclined'), dataIndex: 'declinedLines' },
        { title: t('rfq:detail.summaryLowest'), dataIndex: 'lowestLines' },
        { title: t('rfq:detail.summaryAmount'), dataIndex: 'amount' },
        { title: t('rfq:detail.totalWithFees'), dataIndex: 'totalAmount' },
      ]}
    />
  );
}

/** The price comparison with a quota input per quoted supplier and the award (quotas per line total 100). */
function ComparisonTable({
  id,
  data,
  canAward,
  orderNumber,
  more,
}: {
  id: string;
  data: Comparison;
  canAward: boolean;
  /**
   * An order's RFQ (enquiryType 3): its source order's number. Its award puts the winner back on that order
   * instead of making order drafts, and the hint and messages say so.
   */
  orderNumber?: string;
  /** Loads the next page of lines; absent after the last line. */
  more?: { load: () => void; loading: boolean };
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const client = useQueryClient();
  const [quotas, setQuotas] = useState<Record<string, number | null>>({});
  // The award's refusals that name a line (issue #33: data.errors), shown under that line's quotas.
  const [awardErrors, setAwardErrors] = useState<Record<string, string>>({});
  const [charts, setCharts] = useState<Record<string, boolean>>({});
  const key = (itemId: string, account: string) => `${itemId}:${account}`;
  // The comparison's .xlsx needs `enquiry.export` (issue #19; hidden while the permissions load).
  const may = useCan();
  async function onAward() {
    const lines = data.lines
      .map((l) => ({
        itemId: l.itemId,
        awards: l.quotes
          .filter((q) => (quotas[key(l.itemId, q.toElsAccount)] ?? 0) > 0)
          .map((q) => ({
            toElsAccount: q.toElsAccount,
            quota: String(quotas[key(l.itemId, q.toElsAccount)]),
          })),
      }))
      .filter((l) => l.awards.length > 0);
    setAwardErrors({});
    try {
      const result = await awardEnquiry(id, { version: data.record.version, lines });
      const numbers = result.orders.map((o) => o.orderNumber).join(', ');
      void message.success(
        orderNumber
          ? result.pending
            ? t('rfq:detail.awardPendingOrder', { order: orderNumber })
            : t('rfq:detail.awardedOrder', { order: numbers || orderNumber })
          : result.pending
            ? t('rfq:detail.awardPending')
            : `${t('rfq:detail.awarded')}: ${numbers}`,
      );
      await client.invalidateQueries();
    } catch (e) {
      // A refusal naming a line of the award body goes under that line; anything else is one message.
      const placed: Record<string, string> = {};
      for (const fieldError of serverFieldErrors(e)) {
        const [part, index] = fieldError.segments;
        const line = part === 'lines' && typeof index === 'number' ? lines[index] : undefined;
        if (line) placed[line.itemId] = fieldError.message;
      }
      if (Object.keys(placed).length > 0) setAwardErrors(placed);
      else void message.error(errorText(e));
    }
  }
  const proposed = (itemId: string, account: string) =>
    data.pendingAward?.lines.find((l) => l.itemId === itemId)?.awards.find((a) => a.toElsAccount === account)
      ?.quota;
  return (
    <Card
      title={t('rfq:detail.comparison')}
      size="small"
      extra={
        may(kindCode(def, 'export')) && (
          <Button
            onClick={() =>
              downloadComparison(id, `comparison-${String(data.record.enquiryNumber)}.xlsx`).catch((e) =>
                message.error(errorText(e)),
              )
            }
          >
            {t('rfq:detail.exportComparison')}
          </Button>
        )
      }
    >
      {data.pendingAward && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('rfq:detail.awardUnderApproval', {
            user: data.pendingAward.requestedBy,
            time: dayjs(data.pendingAward.requestedAt).format('YYYY-MM-DD HH:mm'),
          })}
          description={data.pendingAward.remark ?? undefined}
        />
      )}
      {data.summary && <ComparisonSummaryTable summary={data.summary} />}
      {data.lines.map((line) => (
        <div key={line.itemId}>
          <Table
            size="small"
            rowKey="toElsAccount"
            pagination={false}
            title={() => (
              <Space wrap>
                <span>
                  {`${line.lineNumber} · ${line.materialNumber} ${line.materialDesc} · ${line.quantity} ${line.unit} · ${t('rfq:detail.lastPrice')} ${lastPriceText(line, String(data.record.currency ?? 'CNY'), t)}`}
                  {line.budgetPrice !== null && ` · ${t('rfq:detail.budgetPrice')} ${line.budgetPrice}`}
                </span>
                <Button
                  size="small"
                  type="link"
                  aria-expanded={!!charts[line.itemId]}
                  onClick={() => setCharts((c) => ({ ...c, [line.itemId]: !c[line.itemId] }))}
                >
                  {t('rfq:detail.chart')}
                </Button>
              </Space>
            )}
            dataSource={line.quotes}
            columns={[
              { title: t('rfq:detail.supplier'), render: (_, q) => `${q.toElsAccount} ${q.supplierName}` },
              {
                title: t('rfq:quote.status'),
                render: (_, q) => QUOTE_STATUS[q.quoteStatus as keyof typeof QUOTE_STATUS]?.[locale],
              },
              {
                title: t('rfq:detail.price'),
                render: (_, q) => (
                  <>
                    {q.priceExcludingTax ?? '—'}{' '}
                    {q.lowest && <Tag color="green">{t('rfq:detail.lowest')}</Tag>}
                    {q.quoteCurrency && q.quoteCurrency !== String(data.record.currency) && (
                      <div>
                        {t('rfq:detail.quotedIn', {
                          price: q.quotedPrice,
                          currency: q.quoteCurrency,
                          rate: q.quoteExchangeRate,
                        })}
                      </div>
                    )}
                    {q.highest && <Tag color="red">{t('rfq:detail.highest')}</Tag>}
                    {q.ladder && <div>{q.ladder.map((s) => `≥${s.quantity}: ${s.price}`).join('; ')}</div>}
                    {q.costs && <div>{q.costs.map((c) => `${c.name} ${c.amount}`).join('; ')}</div>}
                  </>
                ),
              },
              {
                title: t('rfq:detail.bout'),
                render: (_, q) => (q.bout === null ? '—' : `${q.bout}${q.inRound ? '' : ' ✕'}`),
              },
              { title: t('rfq:detail.amount'), dataIndex: 'lineAmount' },
              ...(data.feeItems.length > 0
                ? [
                    {
                      title: t('rfq:detail.fees'),
                      render: (_: unknown, q: (typeof line.quotes)[number]) =>
                        q.fees ? q.fees.map((f) => `${f.name} ${f.amount}`).join('; ') : '—',
                    },
                    { title: t('rfq:detail.totalWithFees'), dataIndex: 'totalAmount' },
                  ]
                : []),
              {
                title: t('rfq:detail.savings'),
                render: (_, q) => (q.savings === null ? '—' : `${q.savings} (${q.savingsRate ?? '—'}%)`),
              },
              {
                title: t('rfq:detail.budgetSavings'),
                render: (_, q) =>
                  q.budgetSavings === null ? '—' : `${q.budgetSavings} (${q.budgetSavingsRate ?? '—'}%)`,
              },
              {
                title: t('rfq:detail.quota'),
                render: (_, q) =>
                  canAward && q.priceExcludingTax ? (
                    <InputNumber
                      // Named by what it sets (issue #33): "配额 % 物料 供应商" / "Quota % material supplier".
                      aria-label={t('rfq:detail.quotaOf', {
                        material: line.materialNumber,
                        supplier: `${q.toElsAccount} ${q.supplierName}`,
                      })}
                      min={0}
                      max={100}
                      value={quotas[key(line.itemId, q.toElsAccount)] ?? null}
                      status={awardErrors[line.itemId] ? 'error' : undefined}
                      aria-invalid={awardErrors[line.itemId] ? true : undefined}
                      aria-describedby={awardErrors[line.itemId] ? `award-error-${line.itemId}` : undefined}
                      onChange={(v) => {
                        setQuotas((s) => ({ ...s, [key(line.itemId, q.toElsAccount)]: v }));
                        setAwardErrors(({ [line.itemId]: _gone, ...rest }) => rest);
                      }}
                    />
                  ) : (
                    (q.quota ??
                    (proposed(line.itemId, q.toElsAccount)
                      ? `${proposed(line.itemId, q.toElsAccount)} (${t('rfq:detail.proposed')})`
                      : '—'))
                  ),
              },
            ]}
          />
          {awardErrors[line.itemId] && (
            <Typography.Text
              type="danger"
              role="alert"
              id={`award-error-${line.itemId}`}
              // Under the line's table, level with its cells' text, apart from the next line's title.
              style={{ display: 'block', padding: '6px 8px 12px' }}
            >
              {awardErrors[line.itemId]}
            </Typography.Text>
          )}
          {charts[line.itemId] && (
            <Suspense fallback={null}>
              <ComparisonChart
                line={line}
                label={`${t('rfq:detail.chart')} ${line.materialNumber}`}
                lastPriceLabel={t('rfq:detail.lastPrice')}
              />
            </Suspense>
          )}
        </div>
      ))}
      {more && (
        <Button block style={{ marginTop: 12 }} loading={more.loading} onClick={more.load}>
          {t('rfq:detail.moreLines', {
            shown: data.lines.length,
            total: data.summary?.lineCount ?? data.lines.length,
          })}
        </Button>
      )}
      {canAward && (
        <Space style={{ marginTop: 12 }} align="center" wrap>
          <Button type="primary" onClick={onAward}>
            {t('rfq:detail.award')}
          </Button>
          {/* What the award writes differs by type: order drafts, or the winner back on the source order. */}
          <Typography.Text type="secondary">
            {orderNumber ? t('rfq:detail.awardHintOrder', { order: orderNumber }) : t('rfq:detail.awardHint')}
          </Typography.Text>
        </Space>
      )}
    </Card>
  );
}

/**
 * Opening the quotes with the opening password (a buyer user other than the RFQ's creator), once quoting
 * has ended; the comparison opens after it.
 */
function OpenQuotes({ id, version }: { id: string; version: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [passWord, setPassWord] = useState('');
  async function onOpen() {
    try {
      await openQuotes(id, { version, passWord });
      void message.success(t('rfq:detail.opened'));
      await client.invalidateQueries();
    } catch (e) {
      void message.error(errorText(e));
    }
  }
  return (
    <Card title={t('rfq:detail.openTitle')} size="small">
      <Typography.Paragraph type="secondary">{t('rfq:detail.openHint')}</Typography.Paragraph>
      <Space>
        <Input.Password
          aria-label={t('rfq:detail.openPassword')}
          placeholder={t('rfq:detail.openPassword')}
          value={passWord}
          onChange={(e) => setPassWord(e.target.value)}
          onPressEnter={onOpen}
          style={{ width: 220 }}
          autoComplete="off"
        />
        <Button type="primary" disabled={passWord === ''} onClick={onOpen}>
          {t('rfq:detail.open')}
        </Button>
      </Space>
    </Card>
  );
}

/**
 * "New round": the suppliers that quoted (chosen by the buyer), a new deadline and a message to them; the
 * RFQ goes back to quoting with bout + 1.
 */
function NewRound({ id, data }: { id: string; data: Comparison }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ suppliers: string[]; end: dayjs.Dayjs; message?: string }>();
  const quoted = new Map<string, string>();
  for (const line of data.lines)
    for (const q of line.quotes) if (q.priceExcludingTax) quoted.set(q.toElsAccount, q.supplierName);
  async function onOk() {
    const v = await form.validateFields();
    try {
      await startNewRound(id, {
        version: data.record.version,
        quoteEndTime: v.end.toISOString(),
        suppliers: v.suppliers,
        message: v.message || undefined,
      });
      void message.success(t('rfq:detail.roundStarted'));
      setOpen(false);
      await client.invalidateQueries();
    } catch (e) {
      void message.error(errorText(e));
    }
  }
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('rfq:detail.newRound')}</Button>
      <Modal open={open} title={t('rfq:detail.newRound')} onOk={onOk} onCancel={() => setOpen(false)}>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ suppliers: [...quoted.keys()], end: now().add(1, 'day').startOf('hour') }}
        >
          <Form.Item
            name="suppliers"
            label={t('rfq:detail.roundSuppliers')}
            rules={[{ required: true, type: 'array', min: 1 }]}
          >
            <Select
              mode="multiple"
              options={[...quoted].map(([value, name]) => ({ value, label: `${value} ${name}` }))}
            />
          </Form.Item>
          <Form.Item name="end" label={t('rfq:detail.roundEnd')} rules={[{ required: true }]}>
            <DatePicker showTime />
          </Form.Item>
          <Form.Item name="message" label={t('rfq:detail.roundMessage')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/**
 * "To e-auction" (issue #14): a per-line reverse auction among the suppliers that quoted, each line
 * starting at its lowest quote; the draft opens in the e-auction app.
 */
function ToAuction({ id }: { id: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ start: dayjs.Dayjs; end: dayjs.Dayjs; decrement: string }>();
  async function onOk() {
    const v = await form.validateFields();
    try {
      const made = await auctionFromEnquiry(id, {
        startTime: v.start.toISOString(),
        endTime: v.end.toISOString(),
        priceReviseExtent: v.decrement,
      });
      window.location.assign(appUrl(`/ebidding/#/v2/edit?id=${made.id}`));
    } catch (e) {
      void message.error(errorText(e));
    }
  }
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('rfq:detail.toAuction')}</Button>
      <Modal open={open} title={t('rfq:detail.toAuctionTitle')} onOk={onOk} onCancel={() => setOpen(false)}>
        <Typography.Paragraph type="secondary">{t('rfq:detail.toAuctionHint')}</Typography.Paragraph>
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            start: now().add(1, 'hour').startOf('hour'),
            end: now().add(2, 'hour').startOf('hour'),
          }}
        >
          <Form.Item name="start" label={t('rfq:detail.auctionStart')} rules={[{ required: true }]}>
            <DatePicker showTime />
          </Form.Item>
          <Form.Item name="end" label={t('rfq:detail.auctionEnd')} rules={[{ required: true }]}>
            <DatePicker showTime />
          </Form.Item>
          <Form.Item name="decrement" label={t('rfq:detail.decrement')} rules={[{ required: true }]}>
            <Input inputMode="decimal" style={{ width: 160 }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/**
 * The comparison pages loaded so far as one comparison: the first page's record, summary and items, every
 * page's lines in full (suppliers named) and the pending award's lines of every page; undefined before the
 * first page.
 */
export function joinPages(
  pages: Awaited<ReturnType<typeof findComparison>>[] | undefined,
): Comparison | undefined {
  if (!pages || pages.length === 0) return undefined;
  const [first] = pages;
  const pending = first.pendingAward;
  return {
    record: first.record as Comparison['record'],
    costItems: first.costItems,
    feeItems: first.feeItems,
    summary: first.summary,
    pendingAward: pending && { ...pending, lines: pages.flatMap((p) => p.pendingAward?.lines ?? []) },
    lines: pages.flatMap((p) => expandComparisonLines(p)),
  };
}

/**
 * #/v2/detail?id=… — one RFQ (buyer; spec 000 §2 "enquiry end"): the kernel's detail and actions (submit,
 * publish, close), the invited suppliers per line with their responses, and after the quote deadline the
 * comparison with the award.
 */
export default function EnquiryDetail() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = new URLSearchParams(useLocation().search);
  const id = query.get('id') ?? '';
  const inAudit = query.has('taskId');
  const locale = useSettings((s) => s.locale);
  // Own buttons the caller's roles do not grant are not shown (issue #19; the server's routes: copy
  // `enquiry.save`, new round `enquiry.newRound`, award `enquiry.award`, to e-auction `ebidding.save`).
  const may = useCan();
  // The invitations page by page (50 lines each, issue #13), put together as loaded; the first page's
  // sealed / password flags hold for the RFQ.
  const invitationPages = useInfiniteQuery({
    queryKey: ['rfq', 'invitations', id],
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => findInvitations(id, pageParam),
    getNextPageParam: (last) => last.nextLineFrom ?? undefined,
  });
  const invitationList = invitationPages.data?.pages;
  const invitations = {
    data: invitationList && {
      ...invitationList[0],
      lines: invitationList.flatMap((page) => page.lines),
    },
  };
  const unsealed = invitations.data && !invitations.data.sealed;
  // The comparison page by page (50 lines each; the first with the summary), put together as loaded.
  const pages = useInfiniteQuery({
    queryKey: ['rfq', 'comparison', id],
    enabled: !!unsealed,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => findComparison(id, pageParam),
    getNextPageParam: (last) => last.nextLineFrom ?? undefined,
  });
  const comparison = { data: joinPages(pages.data?.pages) };
  return (
    <DocumentDetail
      def={def}
      side="purchase"
      id={id}
      onBack={inAudit ? undefined : () => navigate('/v2/list')}
      onEdit={inAudit ? undefined : () => navigate(`/v2/edit?id=${id}`)}
      onDeleted={() => navigate('/v2/list')}
      hideActions={inAudit}
      ownActions={['award', 'newRound', 'openQuotes']}
      extra={() => (
        <>
          {!inAudit && may(kindCode(def, 'copy')) && <CopyButton id={id} />}
          {!inAudit && comparison.data && String(comparison.data.record.enquiryStatus) === '2' ? (
            <>
              {/* The comparison's read may have ended quoting: its record, not the detail read before it. */}
              {String(comparison.data.record.awardAuditStatus) !== '1' && may(kindCode(def, 'newRound')) && (
                <NewRound id={id} data={comparison.data} />
              )}
              {may(kindCode({ kind: 'ebidding' }, 'save')) && <ToAuction id={id} />}
            </>
          ) : null}
        </>
      )}
    >
      {(d) => (
        <>
          <Card title={t('rfq:detail.invitations')} size="small">
            {(invitations.data?.lines ?? []).map((l) => (
              <div key={l.itemId}>
                {l.lineNumber}:{' '}
                {l.suppliers.map((s) => (
                  <Tag key={s.toElsAccount}>
                    {s.toElsAccount} {s.supplierName}
                    {s.quoteStatus
                      ? ` · ${QUOTE_STATUS[s.quoteStatus as keyof typeof QUOTE_STATUS]?.[locale]}`
                      : ''}
                    {s.joined ? ` · ${t('rfq:detail.joined')}` : ''}
                  </Tag>
                ))}
              </div>
            ))}
            {invitationPages.hasNextPage && (
              <Button
                block
                size="small"
                style={{ marginTop: 8 }}
                loading={invitationPages.isFetchingNextPage}
                onClick={() => void invitationPages.fetchNextPage()}
              >
                {t('rfq:detail.moreLines', {
                  shown: invitations.data?.lines.length ?? 0,
                  total: invitations.data?.lineCount ?? 0,
                })}
              </Button>
            )}
          </Card>
          {d.record.enquiryStatus !== '0' && !unsealed && !invitations.data?.needsPassword && (
            <Alert type="info" message={t('rfq:detail.sealed')} />
          )}
          {invitations.data?.needsPassword && !inAudit && may(kindCode(def, 'openQuotes')) && (
            <OpenQuotes id={id} version={Number(d.record.version)} />
          )}
          {comparison.data && (
            <ComparisonTable
              id={id}
              data={comparison.data}
              orderNumber={
                d.record.enquiryType === '3' ? String(d.lines[0]?.sourceNumber ?? '') || undefined : undefined
              }
              canAward={
                !inAudit &&
                may(kindCode(def, 'award')) &&
                ['1', '2'].includes(String(comparison.data.record.enquiryStatus)) &&
                String(comparison.data.record.awardAuditStatus) !== '1'
              }
              more={
                pages.hasNextPage
                  ? { load: () => void pages.fetchNextPage(), loading: pages.isFetchingNextPage }
                  : undefined
              }
            />
          )}
        </>
      )}
    </DocumentDetail>
  );
}
