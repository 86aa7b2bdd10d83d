import {
  BIDDER_STATUS,
  ebiddingDefinition as def,
  EBIDDING_STATUS,
  EBIDDING_TYPE,
  type EbiddingPush,
} from '@srm/contracts/ebidding';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Input, Result, Space, Spin, Statistic, Tag } from 'antd';
import dayjs from 'dayjs';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorText } from '../../lib/http.ts';
import { useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { AwardedShares } from './AwardedShares.tsx';
import { findRoom, giveBargainOffer, placeOffer, printRecord, type Room, type Standing } from './api.ts';
import { LiveStatus } from './LiveStatus.tsx';
import { useLivePush } from './live.ts';
import { clockAcceptState, clockOffset, highestAcceptable, rankOf } from './live-rules.ts';
import './i18n-ebidding.ts';
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
      ? [{ itemId: null as string | null, title: room.record.ebiddingName, last: room.lot.ownPrice }]
      : []
    : room.lines.flatMap((l) =>
        l.ownPrice
          ? [
              {
                itemId: l.itemId as string | null,
                title: `${l.lineNumber} · ${l.materialNumber}`,
                last: l.ownPrice,
              },
            ]
          : [],
      );
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const end = room.record.bargainEndTime
    ? dayjs(String(room.record.bargainEndTime)).format('YYYY-MM-DD HH:mm')
    : '';
  async function send() {
    setBusy(true);
    try {
      await giveBargainOffer(
        room.record.id,
        targets.map((x) => ({
          ...(x.itemId ? { itemId: x.itemId } : {}),
          price: (prices[x.itemId ?? 'lot'] ?? '').trim(),
        })),
      );
      void message.success(t('ebidding:bargain.given'));
      onDone();
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card size="small" title={t('ebidding:bargain.roomTitle', { end })}>
      <Space direction="vertical">
        {targets.map((x) => (
          <Space key={x.itemId ?? 'lot'} wrap>
            <span>{x.title}</span>
            <span>{t('ebidding:bargain.last', { price: x.last })}</span>
            <Input
              aria-label={t('ebidding:bargain.finalOffer', { title: x.title })}
              style={{ width: 180 }}
              value={prices[x.itemId ?? 'lot'] ?? ''}
              onChange={(e) => setPrices((p) => ({ ...p, [x.itemId ?? 'lot']: e.target.value }))}
            />
          </Space>
        ))}
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
  title,
  itemId,
  standing,
  startingPrice,
  outbid,
  mayBid,
  onPlaced,
}: {
  room: Room;
  title: string;
  itemId: string | null;
  standing: Partial<Standing>;
  startingPrice: string | null;
  outbid: boolean;
  /** Whether the caller's roles grant `ebidding.bid` (issue #19): the offer form shows only then. */
  mayBid: boolean;
  onPlaced: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [price, setPrice] = useState('');
  const [busy, setBusy] = useState(false);
  const r = room.record;
  const english = r.ebiddingType === '1';
  const bound =
    english && startingPrice
      ? highestAcceptable({
          startingPrice,
          best: standing.bestPrice ?? null,
          own: standing.ownPrice ?? null,
          priceReviseType: r.priceReviseType,
          priceReviseExtent: r.priceReviseExtent,
        })
      : null;
  const clockState = english
    ? 'accept'
    : clockAcceptState({
        ebiddingType: r.ebiddingType,
        round: standing.clock?.round ?? null,
        ownPrice: standing.ownPrice ?? null,
        ownBout: standing.ownBout ?? null,
        bidders: standing.bidders ?? 0,
      });
  async function send() {
    setBusy(true);
    try {
      const body = english ? { price: price.trim() } : { accept: true as const };
      const answer = await placeOffer(r.id, itemId ? { ...body, itemId } : body);
      void message.success(t('ebidding:room.accepted', { seq: answer.seq }));
      if (answer.extendedTo)
        void message.info(t('ebidding:live.extended', { time: dayjs(answer.extendedTo).format('HH:mm:ss') }));
      setPrice('');
      onPlaced();
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card size="small" title={title} className={outbid ? 'auction-outbid' : undefined}>
      {outbid && (
        <Alert type="error" showIcon message={t('ebidding:room.outbid')} style={{ marginBottom: 8 }} />
      )}
      <div className="auction-stats">
        <Statistic title={t('ebidding:room.yourRank')} value={standing.rank ?? '—'} />
        <Statistic title={t('ebidding:room.best')} value={standing.bestPrice ?? '—'} />
        <Statistic title={t('ebidding:room.yourOffer')} value={standing.ownPrice ?? '—'} />
        <Statistic title={t('ebidding:room.bidders')} value={standing.bidders ?? 0} />
      </div>
      {/* Offers need ebidding.bid (issue #19). */}
      {room.open && mayBid && (
        <Space style={{ marginTop: 12, display: 'flex' }} wrap>
          {english ? (
            <>
              <Input
                aria-label={t('ebidding:room.offer')}
                placeholder={t('ebidding:room.offer')}
                inputMode="decimal"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
                onPressEnter={() => void send()}
                className="auction-offer-input"
              />
              <Button type="primary" loading={busy} disabled={!price.trim()} onClick={() => void send()}>
                {t('ebidding:room.place')}
              </Button>
              {bound && <span>{t('ebidding:room.highest', { price: bound })}</span>}
            </>
          ) : clockState === 'accept' ? (
            <Button type="primary" loading={busy} onClick={() => void send()}>
              {t('ebidding:room.accept', { price: standing.clock?.price ?? '' })}
            </Button>
          ) : (
            <Tag color={clockState === 'taken' || clockState === 'droppedOut' ? 'default' : 'green'}>
              {t(`ebidding:room.${clockState}`, {
                price: standing.ownPrice ?? '',
                round:
                  clockState === 'droppedOut'
                    ? (standing.clock?.round ?? 2) - 1
                    : (standing.clock?.round ?? 1),
              })}
            </Tag>
          )}
        </Space>
      )}
    </Card>
  );
}

/**
 * #/v2/room?id=… — the supplier's bidding room (issue #14): the auction and its countdown by the server's
 * clock, per lot or line its rank, the best price, its own offer and how many bid (never another
 * supplier's name or offer), the offer form that explains the highest acceptable offer, the extension
 * and outbid cues (visual and a short tone), and the outcome. Pushes refresh it at once; it polls every
 * 2 s without them.
 */
export default function BiddingRoom() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const may = useCan();
  const locale = useSettings((s) => s.locale);
  const id = new URLSearchParams(useLocation().search).get('id') ?? '';
  const [offset, setOffset] = useState(0);
  const [status, setStatus] = useState<string | null>(null);
  const [outbid, setOutbid] = useState<Record<string, boolean>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const last = useRef<Room | null>(null);
  const onPush = (push: EbiddingPush) => {
    const room = last.current;
    if (room) {
      if (push.endTime !== room.record.endTime && push.postponeCount > room.record.postponeCount)
        setNotice(t('ebidding:live.extended', { time: dayjs(push.endTime).format('HH:mm:ss') }));
      for (const s of push.standings) {
        const key = s.itemId ?? 'lot';
        const mine = s.itemId === null ? room.lot : room.lines.find((l) => l.itemId === s.itemId);
        const before = mine?.rank ?? null;
        const after = rankOf(s.ranking, mine?.ownSeq ?? null);
        if (before !== null && (after === null || after > before)) {
          setOutbid((o) => ({ ...o, [key]: true }));
          outbidTone();
        }
      }
    }
    void client.invalidateQueries({ queryKey: ['ebidding', 'room', id] });
  };
  const live = useLivePush(id, 'sale', status !== null && ['1', '2'].includes(status), onPush);
  const room = useQuery({
    queryKey: ['ebidding', 'room', id],
    enabled: !!id,
    queryFn: async () => {
      const data = await findRoom(id);
      setOffset(clockOffset(data.serverTime, Date.now()));
      setStatus(data.record.ebiddingStatus);
      last.current = data;
      return data;
    },
    refetchInterval: (q) =>
      !live && ['1', '2'].includes(String(q.state.data?.record.ebiddingStatus)) ? 2000 : false,
  });
  if (room.isLoading) return <Spin />;
  if (!room.data) return <Result status="404" title={errorText(room.error)} />;
  const data = room.data;
  const r = data.record;
  const placed = (key: string) => {
    setOutbid((o) => ({ ...o, [key]: false }));
    void room.refetch();
  };
  const label = (f: keyof typeof def.header) => def.header[f].label[locale];
  // One column at every width (cards wrap their titles; the statistics and the offer form wrap), and the
  // countdown on a sticky bar at the top: it stays in view while the supplier scrolls to the offer form.
  return (
    <div className="auction-room">
      <div className="auction-clock auction-clock-bar">
        <LiveStatus record={r} offset={offset} live={live} clock={data.lot?.clock ?? data.lines[0]?.clock} />
      </div>
      <Card
        title={`${t('ebidding:room.title')} · ${r.ebiddingNumber} ${r.ebiddingName}`}
        extra={
          <Space>
            {['3', '4', '5', '6'].includes(r.ebiddingStatus) && (
              <Button
                size="small"
                onClick={() =>
                  void printRecord(r.id, r.ebiddingNumber, 'sale').catch((e) => message.error(errorText(e)))
                }
              >
                {t('ebidding:room.printRecord')}
              </Button>
            )}
            <Tag>{EBIDDING_STATUS[r.ebiddingStatus as keyof typeof EBIDDING_STATUS]?.[locale]}</Tag>
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
            {dayjs(r.endTime).format('YYYY-MM-DD HH:mm:ss')}
          </Descriptions.Item>
          <Descriptions.Item label={t('ebidding:room.status')}>
            {BIDDER_STATUS[data.bidderStatus as keyof typeof BIDDER_STATUS]?.[locale]} ·{' '}
            {t('ebidding:room.offersMade')} {data.bidCount}
          </Descriptions.Item>
        </Descriptions>
        {notice && (
          <Alert type="warning" showIcon message={notice} closable onClose={() => setNotice(null)} />
        )}
        {data.bargainStatus === '2' && <Alert type="info" showIcon message={t('ebidding:bargain.done')} />}
        {data.bidderStatus === '3' && <Alert type="success" showIcon message={t('ebidding:room.won')} />}
        {data.bidderStatus === '3' && <AwardedShares awarded={data.awarded} currency={r.currency} />}
        {data.bidderStatus === '4' && <Alert type="info" showIcon message={t('ebidding:room.notWon')} />}
        {!data.open && ['1', '2'].includes(r.ebiddingStatus) && r.pauseStatus !== '1' && (
          <Alert type="info" message={t('ebidding:room.notOpen')} />
        )}
      </Card>
      {data.bargainStatus === '1' && r.bargainStatus === '1' && may('ebidding.bid') && (
        <BargainPanel room={data} onDone={() => void room.refetch()} />
      )}
      {data.lot && (
        <OfferPanel
          room={data}
          title={`${data.lines.map((l) => `${l.materialNumber} × ${l.quantity} ${l.unit}`).join('; ')} · ${label('startingPrice')} ${data.lot.startingPrice ?? '—'}`}
          itemId={null}
          standing={data.lot}
          startingPrice={data.lot.startingPrice}
          outbid={!!outbid.lot}
          mayBid={may('ebidding.bid')}
          onPlaced={() => placed('lot')}
        />
      )}
      {!data.lot &&
        data.lines.map((l) => (
          <OfferPanel
            key={l.itemId}
            room={data}
            title={`${l.lineNumber} · ${l.materialNumber} ${l.materialDesc} × ${l.quantity} ${l.unit} · ${label('startingPrice')} ${l.startingPrice ?? '—'}`}
            itemId={l.itemId}
            standing={l}
            startingPrice={l.startingPrice}
            outbid={!!outbid[l.itemId]}
            mayBid={may('ebidding.bid')}
            onPlaced={() => placed(l.itemId)}
          />
        ))}
    </div>
  );
}
