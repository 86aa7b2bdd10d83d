import {
  BIDDER_VIEW_STATUS,
  ebiddingDefinition as def,
  EBIDDING_STATUS,
  EBIDDING_TYPE,
  type EbiddingPush,
} from '@srm/contracts/ebidding';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Input,
  Result,
  Space,
  Spin,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { serverFieldErrors } from '../../lib/field-errors.ts';
import { errorText } from '../../lib/http.ts';
import { useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { AwardedShares } from './AwardedShares.tsx';
import { findRoom, giveBargainOffer, placeOffer, printRecord, type Room, type Standing } from './api.ts';
import { LiveStatus } from './LiveStatus.tsx';
import { useLivePush } from './live.ts';
import { clockAcceptState, clockOffset, highestAcceptable, remainingMs } from './live-rules.ts';
import {
  newlyOutbid,
  type RoomLotState,
  type RoomState,
  roomIsLive,
  roomReducer,
  roomStateOf,
} from './room-state.ts';
import './i18n-ebidding.ts';
import { offerProblem } from './offer-rules.ts';
import './ebidding.css';

/** A short falling tone when outbid (Web Audio: no sound file to load). */
function outbidTone() {
  try {
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.setValueAtTime(880, audio.currentTime);
    tone.frequency.exponentialRampToValueAtTime(440, audio.currentTime + 0.3);
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
  } catch {
    // no audio here: the visual cue stays
  }
}

/**
 * The bargain round (issue #14 "bidding bargain"): asked for a final offer, the supplier gives one price
 * per lot or line it offered on — at most its last offer there — once, before the deadline.
 */
function BargainPanel({ room, onDone }: { room: Room; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const targets = room.lot
    ? room.lot.ownPrice
      ? [
          {
            itemId: null as string | null,
            lineNumber: undefined as number | undefined,
            title: room.record.ebiddingName,
            last: room.lot.ownPrice,
          },
        ]
      : []
    : room.lines.flatMap((l) =>
        l.ownPrice
          ? [
              {
                itemId: l.itemId as string | null,
                // A line by its number and material (issue #33), as the server's refusals name it.
                lineNumber: l.lineNumber as number | undefined,
                title: t('ebidding:bargain.lineTitle', { line: l.lineNumber, material: l.materialNumber }),
                last: l.ownPrice,
              },
            ]
          : [],
      );
  const [prices, setPrices] = useState<Record<string, string>>({});
  /** Each final offer's own error (issue #33), by its key: the room's check or the server's field error. */
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const keyOf = (x: { itemId: string | null }) => x.itemId ?? 'lot';
  const problemIdOf = (key: string) => `bargain-problem-${room.record.id}-${key}`;
  const end = room.record.bargainEndTime
    ? dayjs(String(room.record.bargainEndTime)).format('YYYY-MM-DD HH:mm')
    : '';
  async function send() {
    // The room's own check first (a number greater than 0), under each offer.
    const typed: Record<string, string> = {};
    for (const x of targets) {
      const problem = offerProblem(prices[keyOf(x)] ?? '');
      if (problem) typed[keyOf(x)] = t(`ebidding:bargain.rule.${problem.key}`, problem.params);
    }
    setProblems(typed);
    if (Object.keys(typed).length > 0) return;
    setBusy(true);
    try {
      await giveBargainOffer(
        room.record.id,
        targets.map((x) => ({
          ...(x.itemId ? { itemId: x.itemId } : {}),
          ...(x.lineNumber ? { lineNumber: x.lineNumber } : {}),
          price: (prices[keyOf(x)] ?? '').trim(),
        })),
      );
      void message.success(t('ebidding:bargain.given'));
      onDone();
    } catch (e) {
      // An offer's field error (offers.N.price) goes under that offer; any other refusal is a toast.
      const placed: Record<string, string> = {};
      const rest: string[] = [];
      for (const error of serverFieldErrors(e)) {
        const [list, index] = error.segments;
        const target = list === 'offers' && typeof index === 'number' ? targets[index] : undefined;
        if (target) {
          const key = keyOf(target);
          placed[key] = placed[key] ? `${placed[key]}; ${error.message}` : error.message;
        } else rest.push(error.message);
      }
      setProblems(placed);
      if (Object.keys(placed).length === 0) void message.error(errorText(e));
      else if (rest.length > 0) void message.error(rest.join('; '));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card size="small" title={t('ebidding:bargain.roomTitle', { end })}>
      <Space direction="vertical">
        {targets.map((x) => {
          const key = keyOf(x);
          const problem = problems[key];
          return (
            <Space key={key} wrap align="start">
              <span>{x.title}</span>
              <span>{t('ebidding:bargain.last', { price: x.last })}</span>
              <span className="auction-offer-field">
                <Input
                  aria-label={t('ebidding:bargain.finalOffer', { title: x.title })}
                  style={{ width: 180 }}
                  inputMode="decimal"
                  value={prices[key] ?? ''}
                  {...(problem
                    ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': problemIdOf(key) }
                    : {})}
                  onChange={(e) => {
                    const value = e.target.value;
                    setProblems(({ [key]: _gone, ...others }) => others);
                    setPrices((p) => ({ ...p, [key]: value }));
                  }}
                />
                {problem && (
                  <div id={problemIdOf(key)} className="auction-offer-problem">
                    <Typography.Text type="danger">{problem}</Typography.Text>
                  </div>
                )}
              </span>
            </Space>
          );
        })}
        <Button type="primary" loading={busy} onClick={send}>
          {t('ebidding:bargain.give')}
        </Button>
      </Space>
    </Card>
  );
}

/** One lot or line of the room: its standing and the offer form (or "accept" on a descending clock). */
function OfferPanel({
  room,
  view,
  lot,
  title,
  what,
  quantity,
  itemId,
  standing,
  startingPrice,
  mayBid,
  onPlaced,
}: {
  room: Room;
  /** The room's one state (room-state.ts): every tag and alert here comes from it. */
  view: RoomState;
  lot: RoomLotState;
  title: string;
  /** The lot's or line's name in the acceptance's confirmation. */
  what: string;
  /** Its quantity with the unit (a lot: its lines'). */
  quantity: string;
  itemId: string | null;
  /** The snapshot's standing: the descending clock and the round of the own offer. */
  standing: Partial<Standing>;
  startingPrice: string | null;
  /** Whether the caller's roles grant `ebidding.bid` (issue #19): the offer form shows only then. */
  mayBid: boolean;
  onPlaced: (answer: { seq: number; price: string; serverTime: string }) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [price, setPrice] = useState('');
  const [busy, setBusy] = useState(false);
  /** The offer's own error, under its input (issue #33): the room's check or the server's field error. */
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = `offer-problem-${itemId ?? 'lot'}`;
  const r = room.record;
  const english = r.ebiddingType === '1';
  const bound =
    english && startingPrice
      ? highestAcceptable({
          startingPrice,
          best: lot.bestPrice,
          own: lot.ownPrice,
          priceReviseType: r.priceReviseType,
          priceReviseExtent: r.priceReviseExtent,
        })
      : null;
  const clockState = english
    ? 'accept'
    : clockAcceptState({
        ebiddingType: r.ebiddingType,
        round: standing.clock?.round ?? null,
        ownPrice: lot.ownPrice,
        ownBout: standing.ownBout ?? null,
        bidders: lot.bidders,
      });
  async function send() {
    if (english) {
      const typed = offerProblem(price);
      setProblem(typed ? t(`ebidding:room.rule.${typed.key}`, typed.params) : null);
      if (typed) return;
    }
    setBusy(true);
    try {
      const body = english ? { price: price.trim() } : { accept: true as const };
      const answer = await placeOffer(r.id, itemId ? { ...body, itemId } : body);
      void message.success(t('ebidding:room.accepted', { seq: answer.seq }));
      if (answer.extendedTo)
        void message.info(t('ebidding:live.extended', { time: dayjs(answer.extendedTo).format('HH:mm:ss') }));
      setPrice('');
      onPlaced({ seq: answer.seq, price: answer.price, serverTime: answer.bidTime });
    } catch (e) {
      // The price's field error goes under the offer; any other refusal is a toast.
      const priceError = serverFieldErrors(e).find((f) => f.segments[0] === 'price');
      if (priceError && english) setProblem(priceError.message);
      else void message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  /** An acceptance is a binding offer (issue #33): asked first, with the line, price and quantity. */
  function confirmAccept() {
    const clockPrice = standing.clock?.price ?? '';
    modal.confirm({
      title: t('ebidding:room.confirmTitle'),
      content: (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('ebidding:room.confirmWhat')}>{what}</Descriptions.Item>
          <Descriptions.Item label={t('ebidding:room.confirmPrice')}>
            {clockPrice} {r.currency}
          </Descriptions.Item>
          <Descriptions.Item label={t('ebidding:room.confirmQuantity')}>{quantity}</Descriptions.Item>
          <Descriptions.Item label={t('ebidding:room.confirmNote')}>
            {t('ebidding:room.confirmBinding')}
          </Descriptions.Item>
        </Descriptions>
      ),
      okText: t('ebidding:room.confirmOk'),
      cancelText: t('ebidding:room.confirmCancel'),
      onOk: () => send(),
    });
  }
  const outbid = english && view.phase === 'running' && lot.position === 'outbid';
  return (
    <Card size="small" title={title} className={outbid ? 'auction-outbid' : undefined}>
      {outbid && (
        <Alert type="error" showIcon message={t('ebidding:room.outbid')} style={{ marginBottom: 8 }} />
      )}
      {view.open && english && lot.position === 'leading' && (
        <Alert type="success" showIcon message={t('ebidding:room.leading')} style={{ marginBottom: 8 }} />
      )}
      <div className="auction-stats">
        <Statistic title={t('ebidding:room.yourRank')} value={lot.rank ?? '—'} />
        <Statistic title={t('ebidding:room.best')} value={lot.bestPrice ?? '—'} />
        <Statistic title={t('ebidding:room.yourOffer')} value={lot.ownPrice ?? '—'} />
        <Statistic title={t('ebidding:room.bidders')} value={lot.bidders} />
      </div>
      {/* Offers need ebidding.bid (issue #19). */}
      {view.open && mayBid && (
        <Space style={{ marginTop: 12, display: 'flex' }} wrap>
          {english ? (
            <>
              <span className="auction-offer-field">
                <Input
                  aria-label={t('ebidding:room.offer')}
                  placeholder={t('ebidding:room.offer')}
                  inputMode="decimal"
                  value={price}
                  {...(problem
                    ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': problemId }
                    : {})}
                  onChange={(e) => {
                    setProblem(null);
                    setPrice(e.target.value);
                  }}
                  onPressEnter={() => void send()}
                  className="auction-offer-input"
                />
                {problem && (
                  <div id={problemId} className="auction-offer-problem">
                    <Typography.Text type="danger">{problem}</Typography.Text>
                  </div>
                )}
              </span>
              <Button type="primary" loading={busy} disabled={!price.trim()} onClick={() => void send()}>
                {t('ebidding:room.place')}
              </Button>
              {bound && <span>{t('ebidding:room.highest', { price: bound })}</span>}
            </>
          ) : clockState === 'accept' ? (
            <Button type="primary" loading={busy} onClick={confirmAccept}>
              {t('ebidding:room.accept', { price: standing.clock?.price ?? '' })}
            </Button>
          ) : clockState === 'droppedOut' ? (
            <Alert
              type="warning"
              showIcon
              message={t('ebidding:room.droppedOut', { round: (standing.clock?.round ?? 2) - 1 })}
            />
          ) : (
            <Tag color={clockState === 'taken' ? 'default' : 'green'}>
              {t(`ebidding:room.${clockState}`, {
                price: lot.ownPrice ?? '',
                round: standing.clock?.round ?? 1,
              })}
            </Tag>
          )}
        </Space>
      )}
    </Card>
  );
}

/** The room's snapshot already in the query cache (a room opened again): its state until the refetch. */
const cached = (client: QueryClient, id: string) => client.getQueryData<Room>(['ebidding', 'room', id]);

/**
 * #/v2/room?id=… — the supplier's bidding room (issue #14): the auction and its countdown by the server's
 * clock, per lot or line its rank, the best price, its own offer and how many bid (never another
 * supplier's name or offer), the offer form that explains the highest acceptable offer, the extension
 * and outbid cues (visual and a short tone), and the outcome. Pushes refresh it at once; it polls every
 * 2 s without them, and neither once the auction has ended. Every status, tag and alert comes from one
 * state (room-state.ts, issue #33): it never shows "outbid" at rank 1, "won" to a loser, or "bidding"
 * after the end.
 */
export default function BiddingRoom() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const navigate = useNavigate();
  const may = useCan();
  const locale = useSettings((s) => s.locale);
  const id = new URLSearchParams(useLocation().search).get('id') ?? '';
  const [offset, setOffset] = useState(0);
  const [reduced, dispatch] = useReducer(roomReducer, null);
  const [notice, setNotice] = useState<string | null>(null);
  const seen = useRef<RoomState | null>(null);
  const view = reduced ?? (cached(client, id) ? roomStateOf(cached(client, id) as Room) : null);
  useEffect(() => {
    if (newlyOutbid(seen.current, view).length > 0) outbidTone();
    if (seen.current && view && view.postponeCount > seen.current.postponeCount && view.phase === 'running')
      setNotice(t('ebidding:live.extended', { time: dayjs(view.endTime).format('HH:mm:ss') }));
    seen.current = view;
  }, [view, t]);
  const onPush = (push: EbiddingPush) => {
    dispatch({ type: 'push', push });
    void client.invalidateQueries({ queryKey: ['ebidding', 'room', id] });
  };
  const liveNow = roomIsLive(view);
  const live = useLivePush(id, 'sale', liveNow, onPush);
  const room = useQuery({
    queryKey: ['ebidding', 'room', id],
    enabled: !!id,
    queryFn: async () => {
      const data = await findRoom(id);
      setOffset(clockOffset(data.serverTime, Date.now()));
      dispatch({ type: 'snapshot', room: data });
      return data;
    },
    // Polls without pushes while the auction may still change by itself; never once it has ended.
    refetchInterval: () => (!live && liveNow ? 2000 : false),
  });
  // A descending clock steps without a push (the step timer pushes only when it ends the auction): the room
  // re-reads at the next step, so the new price and round — and a Japanese drop-out — show when they happen.
  const nextStep = [room.data?.lot?.clock, ...(room.data?.lines ?? []).map((l) => l.clock)]
    .flatMap((c) => (c && !c.floor ? [Date.parse(c.nextStepAt)] : []))
    .reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
  const refetchRoom = room.refetch;
  useEffect(() => {
    if (!liveNow || !Number.isFinite(nextStep)) return;
    const timer = setTimeout(
      () => void refetchRoom(),
      Math.max(0, remainingMs(new Date(nextStep).toISOString(), offset)) + 500,
    );
    return () => clearTimeout(timer);
  }, [nextStep, offset, liveNow, refetchRoom]);
  if (room.isLoading) return <Spin />;
  if (!room.data || !view) return <Result status="404" title={errorText(room.error)} />;
  const data = room.data;
  const r = data.record;
  const placed = (key: string, answer: { seq: number; price: string; serverTime: string }) => {
    dispatch({ type: 'placed', key, ...answer });
    void room.refetch();
  };
  const label = (f: keyof typeof def.header) => def.header[f].label[locale];
  // The clock's price in the header: the lot's, or per line the first line still to be accepted — the
  // price its button offers (issue #33), named by its line.
  const openLine =
    data.lines.find((l) => {
      const lot = view.lots[l.itemId];
      return l.clock && lot && lot.bidders === 0 && lot.ownPrice === null;
    }) ?? data.lines[0];
  const headerClock = data.lot ? data.lot.clock : openLine?.clock;
  const clockLabel =
    !data.lot && openLine && data.lines.length > 1
      ? t('ebidding:room.lineClock', { line: openLine.lineNumber })
      : undefined;
  const shown = {
    ...r,
    ebiddingStatus: view.ebiddingStatus,
    pauseStatus: view.paused ? '1' : '0',
    endTime: view.endTime,
  };
  const japanese = r.ebiddingType === '3';
  // One column at every width (cards wrap their titles; the statistics and the offer form wrap), and the
  // countdown on a sticky bar at the top: it stays in view while the supplier scrolls to the offer form.
  return (
    <div className="auction-room">
      <div className="auction-clock auction-clock-bar">
        <LiveStatus
          record={shown}
          offset={offset}
          live={liveNow ? live : null}
          clock={headerClock}
          clockLabel={clockLabel}
        />
      </div>
      <Card
        title={`${t('ebidding:room.title')} · ${r.ebiddingNumber} ${r.ebiddingName}`}
        extra={
          <Space wrap>
            <Button size="small" onClick={() => navigate('/v2/list')}>
              {t('ebidding:room.back')}
            </Button>
            {['ended', 'awarded', 'closed'].includes(view.phase) && (
              <Button
                size="small"
                onClick={() =>
                  void printRecord(r.id, r.ebiddingNumber, 'sale').catch((e) => message.error(errorText(e)))
                }
              >
                {t('ebidding:room.printRecord')}
              </Button>
            )}
            <Tag>{EBIDDING_STATUS[view.ebiddingStatus as keyof typeof EBIDDING_STATUS]?.[locale]}</Tag>
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={label('ebiddingType')}>
            {EBIDDING_TYPE[r.ebiddingType as keyof typeof EBIDDING_TYPE]?.[locale]}
          </Descriptions.Item>
          <Descriptions.Item label={label('currency')}>{r.currency}</Descriptions.Item>
          <Descriptions.Item label={label('priceReviseExtent')}>
            {r.priceReviseExtent}
            {r.priceReviseType === '2' ? ' %' : ''}
          </Descriptions.Item>
          <Descriptions.Item label={label('startTime')}>
            {dayjs(r.startTime).format('YYYY-MM-DD HH:mm:ss')}
          </Descriptions.Item>
          <Descriptions.Item label={label('endTime')}>
            {dayjs(view.endTime).format('YYYY-MM-DD HH:mm:ss')}
          </Descriptions.Item>
          <Descriptions.Item label={t('ebidding:room.status')}>
            {BIDDER_VIEW_STATUS[view.myStatus][locale]} · {t('ebidding:room.offersMade')} {data.bidCount}
          </Descriptions.Item>
        </Descriptions>
        {notice && view.phase === 'running' && (
          <Alert type="warning" showIcon message={notice} closable onClose={() => setNotice(null)} />
        )}
        {japanese && ['notStarted', 'running', 'paused'].includes(view.phase) && (
          <Alert type="info" showIcon message={t('ebidding:room.japaneseRule')} />
        )}
        {data.bargainStatus === '2' && <Alert type="info" showIcon message={t('ebidding:bargain.done')} />}
        {view.result === 'won' && <Alert type="success" showIcon message={t('ebidding:room.won')} />}
        {view.result === 'won' && <AwardedShares awarded={data.awarded} currency={r.currency} />}
        {view.result === 'lost' && <Alert type="info" showIcon message={t('ebidding:room.notWon')} />}
        {view.phase === 'ended' && <Alert type="info" showIcon message={t('ebidding:room.awaiting')} />}
        {!view.open && view.phase === 'notStarted' && (
          <Alert type="info" message={t('ebidding:room.notOpen')} />
        )}
      </Card>
      {data.bargainStatus === '1' && r.bargainStatus === '1' && may('ebidding.bid') && (
        <BargainPanel room={data} onDone={() => void room.refetch()} />
      )}
      {data.lot && view.lots.lot && (
        <OfferPanel
          room={data}
          view={view}
          lot={view.lots.lot}
          title={`${data.lines.map((l) => `${l.materialNumber} × ${l.quantity} ${l.unit}`).join('; ')} · ${label('startingPrice')} ${data.lot.startingPrice ?? '—'}`}
          what={r.ebiddingName}
          quantity={data.lines.map((l) => `${l.materialNumber} × ${l.quantity} ${l.unit}`).join('; ')}
          itemId={null}
          standing={data.lot}
          startingPrice={data.lot.startingPrice}
          mayBid={may('ebidding.bid')}
          onPlaced={(answer) => placed('lot', answer)}
        />
      )}
      {!data.lot &&
        data.lines.map((l) =>
          view.lots[l.itemId] ? (
            <OfferPanel
              key={l.itemId}
              room={data}
              view={view}
              lot={view.lots[l.itemId]}
              title={`${l.lineNumber} · ${l.materialNumber} ${l.materialDesc} × ${l.quantity} ${l.unit} · ${label('startingPrice')} ${l.startingPrice ?? '—'}`}
              what={`${l.lineNumber} · ${l.materialNumber} ${l.materialDesc}`}
              quantity={`${l.quantity} ${l.unit}`}
              itemId={l.itemId}
              standing={l}
              startingPrice={l.startingPrice}
              mayBid={may('ebidding.bid')}
              onPlaced={(answer) => placed(l.itemId, answer)}
            />
          ) : null,
        )}
    </div>
  );
}
