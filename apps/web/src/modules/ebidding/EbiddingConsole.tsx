import { BIDDER_BARGAIN_STATUS, ebiddingDefinition as def, splitProblem } from '@srm/contracts/ebidding';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Grid,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { documentKeys } from '../../components/document/api.ts';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import { today } from '../../lib/clock.ts';
import { errorText } from '../../lib/http.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import {
  askBargain,
  awardAuction,
  type Console,
  findConsole,
  printRecord,
  type RankRow,
  verifyBidLog,
} from './api.ts';
import { LiveStatus } from './LiveStatus.tsx';
import { useLivePush } from './live.ts';
import { clockOffset, proRataSplit } from './live-rules.ts';
import './i18n-ebidding.ts';
import './ebidding.css';

const PriceChart = lazy(() => import('./PriceChart.tsx'));
/** Statuses after the end (finished, won, bid failed, closed): the auction record is final to print. */
const ENDED = ['3', '4', '5', '6'];

/** One lot's or line's live ranking, with the suppliers' names (the buyer's view). */
function RankingTable({ rows, title }: { rows: RankRow[]; title: string }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="toElsAccount"
      pagination={false}
      className="auction-table"
      title={() => title}
      dataSource={rows}
      locale={{ emptyText: t('ebidding:console.noOffers') }}
      columns={[
        { title: t('ebidding:console.rank'), dataIndex: 'rank', width: 56 },
        { title: t('ebidding:console.supplier'), render: (_, r) => `${r.toElsAccount} ${r.supplierName}` },
        { title: t('ebidding:console.price'), dataIndex: 'price', className: 'num' },
        {
          title: t('ebidding:console.bidTime'),
          className: 'num',
          render: (_, r) => dayjs(r.bidTime).format('HH:mm:ss.SSS'),
        },
      ]}
    />
  );
}

/**
 * The award (a finished auction): one winner per lot or line, rank 1 preselected; by total price the
 * winning total is split into line unit prices, prefilled pro rata by quantity, whose amounts must sum to
 * it to the cent (the sum is shown as the buyer edits).
 */
function AwardDialog({ data, onClose }: { data: Console; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const byLot = data.record.ebiddingMethod === '1';
  const [winners, setWinners] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      byLot
        ? [['lot', data.lot?.ranking[0]?.toElsAccount ?? '']]
        : data.lines.map((l) => [l.itemId, l.ranking?.[0]?.toElsAccount ?? '']),
    ),
  );
  const total = byLot ? (data.lot?.ranking.find((r) => r.toElsAccount === winners.lot)?.price ?? '0') : '0';
  const [prices, setPrices] = useState<Record<string, string>>(() =>
    Object.fromEntries(proRataSplit(total, data.lines).prices.map((p) => [p.itemId, p.price])),
  );
  const [valid, setValid] = useState<dayjs.Dayjs>(today().add(1, 'year'));
  const problem = byLot
    ? splitProblem(
        total,
        data.lines.map((l) => ({ quantity: l.quantity, price: prices[l.itemId] ?? '0' })),
      )
    : null;
  async function onOk() {
    try {
      const result = await awardAuction(data.record.id, {
        version: data.record.version,
        awards: byLot
          ? [{ itemId: null, toElsAccount: winners.lot }]
          : data.lines
              .filter((l) => winners[l.itemId])
              .map((l) => ({ itemId: l.itemId, toElsAccount: winners[l.itemId] })),
        ...(byLot
          ? { linePrices: data.lines.map((l) => ({ itemId: l.itemId, price: prices[l.itemId] })) }
          : {}),
        priceValidDate: valid.format('YYYY-MM-DD'),
      });
      void message.success(
        result.pending
          ? t('ebidding:console.awardPending')
          : t('ebidding:console.awarded', { orders: result.orders.map((o) => o.orderNumber).join(', ') }),
      );
      await client.invalidateQueries();
      onClose();
    } catch (e) {
      void message.error(errorText(e));
    }
  }
  const options = (rows: RankRow[] | null | undefined) =>
    (rows ?? []).map((r) => ({
      value: r.toElsAccount,
      label: `${r.rank}. ${r.toElsAccount} ${r.supplierName} · ${r.price}`,
    }));
  return (
    <Modal
      open
      title={t('ebidding:console.awardTitle')}
      onOk={onOk}
      onCancel={onClose}
      okText={t('ebidding:console.award')}
      width={720}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {byLot ? (
          <Select
            aria-label={t('ebidding:console.winner')}
            style={{ width: '100%' }}
            value={winners.lot}
            options={options(data.lot?.ranking)}
            onChange={(v) => {
              setWinners({ lot: v });
              const price = data.lot?.ranking.find((r) => r.toElsAccount === v)?.price ?? '0';
              setPrices(
                Object.fromEntries(proRataSplit(price, data.lines).prices.map((p) => [p.itemId, p.price])),
              );
            }}
          />
        ) : (
          data.lines.map((l) => (
            <Space key={l.itemId} wrap>
              <span>
                {l.lineNumber} · {l.materialNumber}
              </span>
              <Select
                aria-label={`${t('ebidding:console.winner')} ${l.materialNumber}`}
                style={{ width: 420 }}
                value={winners[l.itemId] || undefined}
                options={options(l.ranking)}
                onChange={(v) => setWinners((w) => ({ ...w, [l.itemId]: v }))}
              />
            </Space>
          ))
        )}
        {byLot && (
          <>
            <Typography.Text>{t('ebidding:console.linePrices')}</Typography.Text>
            {data.lines.map((l) => (
              <Space key={l.itemId}>
                <span style={{ minWidth: 220, display: 'inline-block' }}>
                  {l.materialNumber} × {l.quantity} {l.unit}
                </span>
                <InputNumber
                  aria-label={`${l.materialNumber}`}
                  stringMode
                  min="0"
                  step="0.000001"
                  value={prices[l.itemId]}
                  onChange={(v) => setPrices((p) => ({ ...p, [l.itemId]: String(v ?? '0') }))}
                />
              </Space>
            ))}
            {problem && (
              <Alert
                type="warning"
                message={t('ebidding:console.splitSum', problem.params as Record<string, string>)}
              />
            )}
          </>
        )}
        <Space>
          {t('ebidding:console.priceValidDate')}
          <DatePicker value={valid} onChange={(d) => d && setValid(d)} />
        </Space>
      </Space>
    </Modal>
  );
}

/**
 * The bargain round (task type "bidding bargain"): ask chosen bidders (those with an offer; the best
 * preselected) for a final offer by a deadline, with an optional message. Under approval where configured.
 */
function BargainDialog({ data, onClose }: { data: Console; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const offered = data.bidders.filter((b) => b.bidCount > 0);
  const [chosen, setChosen] = useState<string[]>(offered.slice(0, 2).map((b) => b.toElsAccount));
  const [minutes, setMinutes] = useState<number>(30);
  const [text, setText] = useState('');
  async function onOk() {
    try {
      const result = await askBargain(data.record.id, {
        version: data.record.version,
        suppliers: chosen,
        bargainEndTime: new Date(Date.now() + minutes * 60_000).toISOString(),
        ...(text.trim() ? { message: text.trim() } : {}),
      });
      void message.success(result.pending ? t('ebidding:bargain.pending') : t('ebidding:bargain.asked'));
      await client.invalidateQueries({ queryKey: ['ebidding'] });
      await client.invalidateQueries({ queryKey: documentKeys.detail(def, 'purchase', data.record.id) });
      onClose();
    } catch (e) {
      void message.error(errorText(e));
    }
  }
  return (
    <Modal
      open
      title={t('ebidding:bargain.title')}
      onOk={onOk}
      onCancel={onClose}
      okText={t('ebidding:bargain.ask')}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          mode="multiple"
          aria-label={t('ebidding:bargain.suppliers')}
          style={{ width: '100%' }}
          value={chosen}
          onChange={setChosen}
          options={offered.map((b) => ({
            value: b.toElsAccount,
            label: `${b.toElsAccount} ${b.supplierName}`,
          }))}
        />
        <Space>
          {t('ebidding:bargain.minutes')}
          <InputNumber
            aria-label={t('ebidding:bargain.minutes')}
            min={1}
            max={10080}
            value={minutes}
            onChange={(v) => setMinutes(Number(v ?? 30))}
          />
        </Space>
        <Input.TextArea
          aria-label={t('ebidding:bargain.message')}
          placeholder={t('ebidding:bargain.message')}
          maxLength={500}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </Space>
    </Modal>
  );
}

/**
 * The hash-chained bid log, newest first (20 a page). `narrow` (the console under antd's lg, 992 px — the
 * shell's iframe on a screen up to 1024 px): the time without the date and a shorter hash, so the table fits
 * a phone or tablet (the supplier's name wraps; prices, times and hashes do not).
 */
function BidLogTable({ log, narrow }: { log: Console['log']; narrow: boolean }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      rowKey="seq"
      pagination={{ pageSize: 20, size: 'small' }}
      className="auction-table"
      dataSource={[...log].reverse()}
      columns={[
        { title: t('ebidding:console.seq'), dataIndex: 'seq', width: 56 },
        {
          title: t('ebidding:console.supplier'),
          render: (_, b) => `${b.toElsAccount} ${b.supplierName}`,
        },
        { title: t('ebidding:console.price'), dataIndex: 'price', className: 'num' },
        {
          title: t('ebidding:console.bidTime'),
          className: 'num',
          render: (_, b) => dayjs(b.bidTime).format(narrow ? 'HH:mm:ss.SSS' : 'YYYY-MM-DD HH:mm:ss.SSS'),
        },
        {
          title: t('ebidding:console.hash'),
          render: (_, b) => (
            <Typography.Text code className="auction-hash" title={b.hash}>
              {b.hash.slice(0, narrow ? 8 : 16)}…
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}

/** Reads the console again when the document changed under it (an action of the toolbar). */
function ConsoleBody({
  version,
  stale,
  onStale,
  children,
}: {
  version: number;
  stale: boolean;
  onStale: () => void;
  children: ReactNode;
}) {
  const refresh = useRef(onStale);
  refresh.current = onStale;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version of the document is the trigger.
  useEffect(() => {
    if (stale) refresh.current();
  }, [stale, version]);
  return <>{children}</>;
}

/**
 * #/v2/detail?id=… — one auction (buyer): the kernel's detail and actions (submit, publish, start, pause,
 * resume, extend, end now, close), and the live console: countdown by the server's clock, ranking with
 * names, offers over time, the hash-chained bid log with its verification, and after the end the award.
 * Pushes refresh it at once; without the channel it polls every 2 s while published or running.
 */
export default function EbiddingConsole() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const query = new URLSearchParams(useLocation().search);
  const id = query.get('id') ?? '';
  const inAudit = query.has('taskId');
  const [offset, setOffset] = useState(0);
  const [awarding, setAwarding] = useState(false);
  const [bargaining, setBargaining] = useState(false);
  const locale = useSettings((st) => st.locale);
  const [verified, setVerified] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  // Own buttons the caller's roles do not grant are not shown (issue #19; the server's routes: award
  // `ebidding.award`, bargain `ebidding.bargain`, the record's print and the log's check `ebidding.read`).
  const may = useCan();
  const live = useLivePush(id, 'purchase', status !== null && ['1', '2', '3'].includes(status), () => {
    void client.invalidateQueries({ queryKey: ['ebidding', 'console', id] });
    void client.invalidateQueries({ queryKey: documentKeys.detail(def, 'purchase', id) });
  });
  const consoleQuery = useQuery({
    queryKey: ['ebidding', 'console', id],
    enabled: !!id,
    queryFn: async () => {
      const data = await findConsole(id);
      setOffset(clockOffset(data.serverTime, Date.now()));
      setStatus(data.record.ebiddingStatus);
      return data;
    },
    refetchInterval: (q) =>
      !live && ['1', '2'].includes(String(q.state.data?.record.ebiddingStatus)) ? 2000 : false,
  });
  const data = consoleQuery.data;
  // Under antd's lg (992 px: the shell's iframe on a screen up to 1024 px wide) the console is one column.
  const screens = Grid.useBreakpoint();
  const narrow = screens.lg === false;
  async function onVerify() {
    try {
      const r = await verifyBidLog(id);
      setVerified(
        r.intact
          ? t('ebidding:console.intact', { count: r.count })
          : t('ebidding:console.broken', { seq: r.brokenAt }),
      );
    } catch (e) {
      void message.error(errorText(e));
    }
  }
  const verifyButton = may(kindCode(def, 'read')) && (
    <Button onClick={onVerify}>{t('ebidding:console.verify')}</Button>
  );
  const verifiedAlert = verified && <Alert style={{ marginBottom: 8 }} type="info" message={verified} />;
  return (
    <div className="auction-page">
      <DocumentDetail
        def={def}
        side="purchase"
        id={id}
        onBack={inAudit ? undefined : () => navigate('/v2/list')}
        onEdit={inAudit ? undefined : () => navigate(`/v2/edit?id=${id}`)}
        onDeleted={() => navigate('/v2/list')}
        hideActions={inAudit}
        ownActions={['award', 'bargain']}
        extra={(d) => (
          <>
            {d.actions?.includes('award') && may(kindCode(def, 'award')) && data ? (
              <Button type="primary" onClick={() => setAwarding(true)}>
                {t('ebidding:console.award')}
              </Button>
            ) : null}
            {d.actions?.includes('bargain') && may(kindCode(def, 'bargain')) && data ? (
              <Button onClick={() => setBargaining(true)}>{t('ebidding:bargain.title')}</Button>
            ) : null}
            {ENDED.includes(String(d.record.ebiddingStatus)) && may(kindCode(def, 'print')) ? (
              <Button
                onClick={() =>
                  void printRecord(id, String(d.record.ebiddingNumber)).catch((e) =>
                    message.error(errorText(e)),
                  )
                }
              >
                {t('ebidding:console.printRecord')}
              </Button>
            ) : null}
          </>
        )}
      >
        {(d) =>
          data ? (
            <ConsoleBody
              version={Number(d.record.version)}
              onStale={() => void consoleQuery.refetch()}
              stale={data.record.version !== Number(d.record.version)}
            >
              <div className={`auction-console${narrow ? ' auction-narrow' : ''}`}>
                {/* Sticky: the countdown stays in view while the buyer scrolls the ranking and the log. */}
                <Card size="small" className="auction-clock">
                  <LiveStatus
                    record={data.record}
                    offset={offset}
                    // It polls only while the auction runs or waits (issue #33: no "Updating every 2 s" after).
                    live={live || ['1', '2'].includes(data.record.ebiddingStatus) ? live : null}
                    clock={data.lot?.clock ?? data.lines[0]?.clock}
                  />
                </Card>
                <div className={data.log.length > 0 && !narrow ? 'auction-board' : undefined}>
                  <Card size="small" title={t('ebidding:console.ranking')}>
                    {data.lot ? (
                      <RankingTable
                        rows={data.lot.ranking}
                        title={`${data.record.ebiddingNumber} · ${data.record.currency}`}
                      />
                    ) : (
                      data.lines.map((l) => (
                        <RankingTable
                          key={l.itemId}
                          rows={l.ranking ?? []}
                          title={`${l.lineNumber} · ${l.materialNumber} ${l.materialDesc} · ${l.quantity} ${l.unit}`}
                        />
                      ))
                    )}
                  </Card>
                  {data.log.length > 0 && !narrow && (
                    <Card size="small" title={t('ebidding:console.chart')}>
                      <Suspense fallback={null}>
                        <PriceChart log={data.log} label={t('ebidding:console.chart')} />
                      </Suspense>
                    </Card>
                  )}
                </div>
                <Card size="small" title={t('ebidding:console.bidders')}>
                  <Space wrap>
                    {data.bidders.map((b) => (
                      <Tag key={b.toElsAccount} className="auction-bidder">
                        {b.toElsAccount} {b.supplierName} · {t('ebidding:console.offers')} {b.bidCount}
                        {b.bargainStatus !== '0'
                          ? ` · ${BIDDER_BARGAIN_STATUS[b.bargainStatus as keyof typeof BIDDER_BARGAIN_STATUS]?.[locale]}`
                          : ''}
                      </Tag>
                    ))}
                  </Space>
                </Card>
                {narrow ? (
                  // Narrow: the chart and the bid log share one card as tabs (the log first: it is what the
                  // buyer checks); the chart is drawn only while its tab shows.
                  <Card size="small" className="auction-tabs">
                    <Tabs
                      size="small"
                      destroyOnHidden
                      items={[
                        {
                          key: 'log',
                          label: `${t('ebidding:console.log')} (${data.log.length})`,
                          // The check button inside the tab, not beside the tabs: at 768 px the two tabs and
                          // the button did not fit, and antd moved the tabs into its "more" menu, leaving a
                          // tab list without tabs (axe: aria-required-children).
                          children: (
                            <>
                              <div className="auction-log-actions">{verifyButton}</div>
                              {verifiedAlert}
                              <BidLogTable log={data.log} narrow />
                            </>
                          ),
                        },
                        ...(data.log.length > 0
                          ? [
                              {
                                key: 'chart',
                                label: t('ebidding:console.chart'),
                                children: (
                                  <Suspense fallback={null}>
                                    <PriceChart log={data.log} label={t('ebidding:console.chart')} />
                                  </Suspense>
                                ),
                              },
                            ]
                          : []),
                      ]}
                    />
                  </Card>
                ) : (
                  <Card size="small" title={t('ebidding:console.log')} extra={verifyButton}>
                    {verifiedAlert}
                    <BidLogTable log={data.log} narrow={false} />
                  </Card>
                )}
              </div>
              {awarding && <AwardDialog data={data} onClose={() => setAwarding(false)} />}
              {bargaining && <BargainDialog data={data} onClose={() => setBargaining(false)} />}
            </ConsoleBody>
          ) : null
        }
      </DocumentDetail>
    </div>
  );
}
