import { Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuctionRecord, Clock } from './api.ts';
import { countdownText, remainingMs } from './live-rules.ts';

/**
 * The auction's clock line: a countdown to the start or the end by the server's clock (corrected by
 * `offset`, ms), "paused", or "ended"; a descending clock's current price and round; whether the view is
 * live (pushes) or polling — not shown when `live` is null (an ended auction neither pushes nor polls).
 * `clockLabel` names whose clock it is (per line: the line the room's next acceptance takes).
 */
export function LiveStatus({
  record,
  offset,
  live,
  clock,
  clockLabel,
}: {
  record: AuctionRecord;
  offset: number;
  live: boolean | null;
  clock?: Clock | null;
  clockLabel?: string;
}) {
  const { t } = useTranslation();
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, []);
  const status = record.ebiddingStatus;
  if (status === '0') return null;
  const running =
    status === '2' ||
    (status === '1' && record.startMethod === '2' && remainingMs(record.startTime, offset) === 0);
  let text: string;
  if (record.pauseStatus === '1') text = t('ebidding:live.paused');
  else if (status === '1' && !running)
    text = `${t('ebidding:live.startsIn')} ${countdownText(remainingMs(record.startTime, offset))}`;
  else if (running)
    text = `${t('ebidding:live.endsIn')} ${countdownText(remainingMs(record.endTime, offset))}`;
  else text = t('ebidding:live.ended');
  return (
    <Space wrap>
      <Typography.Text strong className="auction-countdown" role="timer" aria-live="off">
        {text}
      </Typography.Text>
      {running && clock && (
        <Tag color="blue">
          {clockLabel ? `${clockLabel} · ` : ''}
          {t('ebidding:live.clock', { round: clock.round })}: {clock.price}
          {clock.floor
            ? ` · ${t('ebidding:live.floor')}`
            : ` · ${t('ebidding:live.nextStep', { time: dayjs(clock.nextStepAt).format('HH:mm:ss') })}`}
        </Tag>
      )}
      {live !== null && (
        <Tag color={live ? 'green' : 'default'}>
          {live ? t('ebidding:live.connected') : t('ebidding:live.polling')}
        </Tag>
      )}
    </Space>
  );
}
