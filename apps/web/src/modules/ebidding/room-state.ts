import { type BidderViewStatus, bidderViewStatus, type EbiddingPush } from '@srm/contracts/ebidding';
import type { Room } from './api.ts';
import { rankOf } from './live-rules.ts';

/**
 * The bidding room's one state (issue #33 "auction rooms must never contradict themselves"), pure: every
 * tag, alert and statistic of the room is rendered from this value, never from flags of their own. It is
 * derived from the latest snapshot (findRoom) and the pushes since, by `roomReducer`:
 * - a snapshot or push older (by the server's clock, `serverTime`) than what the state has is ignored
 *   (pushes and refetches may arrive out of order);
 * - the auction's status only moves forward (published → bidding → finished → awarded / failed / closed):
 *   a late push of a running auction after the end never revives "running";
 * - per lot or line, the position is the rank's: rank 1 leading, a worse rank outbid, no own offer none;
 * - the result is the bidder's own award status once the auction is awarded (won or not won; every
 *   invited supplier without the award is "not won"), pending between the end and the award.
 */

/** The room's phase, from the auction's status and pause. */
export type RoomPhase = 'notStarted' | 'running' | 'paused' | 'ended' | 'awarded' | 'closed';
/** Where the supplier stands on one lot or line. */
export type RoomPosition = 'leading' | 'outbid' | 'noOffer';
/** The supplier's outcome: pending until the award, then won or lost; none when it failed or closed. */
export type RoomResult = 'pending' | 'won' | 'lost' | 'none';
/** The supplier's own status line ("Your status"; contracts' BIDDER_VIEW_STATUS). */
export type RoomMyStatus = BidderViewStatus;

/** One lot ('lot') or line (its itemId) as the room shows it. */
export type RoomLotState = {
  key: string;
  rank: number | null;
  bestPrice: string | null;
  bidders: number;
  ownPrice: string | null;
  ownSeq: number | null;
  /** The newest bid-log number in the standing this came from (a lot's own version). */
  version: number;
  position: RoomPosition;
};

export type RoomState = {
  /** The server's time of the newest snapshot or push applied (ms since the epoch). */
  stamp: number;
  /** EBIDDING_STATUS of the auction, never moving back. */
  ebiddingStatus: string;
  paused: boolean;
  /** Offers are taken now (the server's `open`; false once the phase is not running). */
  open: boolean;
  endTime: string;
  postponeCount: number;
  /** BIDDER_STATUS of the caller (the snapshot's). */
  bidderStatus: string;
  phase: RoomPhase;
  result: RoomResult;
  myStatus: RoomMyStatus;
  lots: Record<string, RoomLotState>;
};

/** What changes the room: a snapshot (findRoom), a push, or the caller's own accepted offer. */
export type RoomEvent =
  | { type: 'snapshot'; room: Room }
  | { type: 'push'; push: EbiddingPush }
  | { type: 'placed'; key: string; seq: number; price: string; serverTime: string };

/** Order of the auction's statuses: a status never goes back to a lower one. */
const STATUS_ORDER: Record<string, number> = { '0': 0, '1': 1, '2': 2, '3': 3, '4': 4, '5': 4, '6': 5 };
const order = (status: string) => STATUS_ORDER[status] ?? 0;

/** The phase of an auction status: paused only while it would otherwise run or wait for its start. */
export function phaseOf(ebiddingStatus: string, paused: boolean): RoomPhase {
  if (ebiddingStatus === '4') return 'awarded';
  if (ebiddingStatus === '5' || ebiddingStatus === '6') return 'closed';
  if (ebiddingStatus === '3') return 'ended';
  if (paused) return 'paused';
  return ebiddingStatus === '2' ? 'running' : 'notStarted';
}

/** Position on a lot from its rank (1 = best). */
export const positionOf = (rank: number | null): RoomPosition =>
  rank === null ? 'noOffer' : rank === 1 ? 'leading' : 'outbid';

/** The outcome from the supplier's own status (contracts' bidderViewStatus). */
const RESULT: Record<RoomMyStatus, RoomResult> = {
  notBid: 'pending',
  bidding: 'pending',
  droppedOut: 'pending',
  awaitingAward: 'pending',
  won: 'won',
  notWon: 'lost',
  closed: 'none',
};

/** The state with its derived fields (phase, result, status line, offers open) recomputed. */
function derive(state: Omit<RoomState, 'phase' | 'result' | 'myStatus'>): RoomState {
  const phase = phaseOf(state.ebiddingStatus, state.paused);
  const myStatus = bidderViewStatus(state.ebiddingStatus, state.bidderStatus);
  return { ...state, open: state.open && phase === 'running', phase, myStatus, result: RESULT[myStatus] };
}

const maxSeq = (ranking: readonly number[]) => ranking.reduce((a, b) => (b > a ? b : a), 0);

/** The room's state from a snapshot alone. */
export function roomStateOf(room: Room): RoomState {
  const lots: Record<string, RoomLotState> = {};
  const standings = room.lot
    ? [{ key: 'lot', s: room.lot }]
    : room.lines.map((l) => ({ key: l.itemId, s: l }));
  for (const { key, s } of standings)
    lots[key] = {
      key,
      rank: s.rank ?? null,
      bestPrice: s.bestPrice ?? null,
      bidders: s.bidders ?? 0,
      ownPrice: s.ownPrice ?? null,
      ownSeq: s.ownSeq ?? null,
      version: 0,
      position: positionOf(s.rank ?? null),
    };
  return derive({
    stamp: Date.parse(room.serverTime),
    ebiddingStatus: room.record.ebiddingStatus,
    paused: room.record.pauseStatus === '1',
    open: room.open,
    endTime: String(room.record.endTime),
    postponeCount: room.record.postponeCount,
    bidderStatus: room.bidderStatus,
    lots,
  });
}

/** The status a newer report may set: never lower than the one the state has. */
const forward = (current: string, next: string) => (order(next) >= order(current) ? next : current);

/**
 * The room's next state (a React reducer): `state` null takes the first snapshot. Older reports than the
 * state's stamp are ignored, except that a snapshot always may finish the auction (its status only moves
 * forward, so nothing is revived).
 */
export function roomReducer(state: RoomState | null, event: RoomEvent): RoomState | null {
  if (event.type === 'snapshot') {
    const next = roomStateOf(event.room);
    if (!state || next.stamp >= state.stamp) {
      if (!state) return next;
      const status = forward(state.ebiddingStatus, next.ebiddingStatus);
      return status === next.ebiddingStatus ? next : derive({ ...next, ebiddingStatus: status, open: false });
    }
    // An older snapshot: only what moves the auction forward.
    const status = forward(state.ebiddingStatus, next.ebiddingStatus);
    if (status === state.ebiddingStatus) return state;
    return derive({ ...state, ebiddingStatus: status, bidderStatus: next.bidderStatus, open: false });
  }
  if (!state) return state;
  if (event.type === 'placed') {
    const lot = state.lots[event.key];
    if (!lot) return state;
    return derive({
      ...state,
      bidderStatus: state.bidderStatus === '0' ? '1' : state.bidderStatus,
      lots: {
        ...state.lots,
        [event.key]: {
          ...lot,
          ownSeq: event.seq,
          ownPrice: event.price,
          version: Math.max(lot.version, event.seq),
        },
      },
    });
  }
  const push = event.push;
  const stamp = Date.parse(push.serverTime);
  if (stamp < state.stamp) return state;
  const status = forward(state.ebiddingStatus, push.ebiddingStatus);
  const revived = status !== push.ebiddingStatus;
  const lots = { ...state.lots };
  for (const s of push.standings) {
    const key = s.itemId ?? 'lot';
    const lot = lots[key];
    if (!lot) continue;
    const version = maxSeq(s.ranking);
    if (version < lot.version) continue;
    const found = rankOf(s.ranking, lot.ownSeq);
    // An own offer missing from the ranking is one the room does not know yet (its answer or the refetch
    // brings it): keep the rank until then.
    const rank = found === null && lot.ownSeq !== null ? lot.rank : found;
    lots[key] = {
      ...lot,
      bestPrice: s.bestPrice,
      bidders: s.bidders,
      version,
      rank,
      position: positionOf(rank),
    };
  }
  return derive({
    ...state,
    stamp,
    ebiddingStatus: status,
    // A push of a running auction arriving after the end says nothing about pause or the end.
    paused: revived ? state.paused : push.paused,
    open: revived ? false : order(status) === 2 && !push.paused,
    endTime: revived ? state.endTime : push.endTime,
    postponeCount: Math.max(state.postponeCount, push.postponeCount),
    lots,
  });
}

/** Whether the room should play the outbid cue: a lot went from leading to outbid while running. */
export function newlyOutbid(before: RoomState | null, after: RoomState | null): string[] {
  if (!before || !after || after.phase !== 'running') return [];
  return Object.values(after.lots)
    .filter((l) => l.position === 'outbid' && before.lots[l.key]?.position === 'leading')
    .map((l) => l.key);
}

/** Whether the room still changes on its own (live pushes or polling): not once it has ended. */
export const roomIsLive = (state: RoomState | null) =>
  state !== null && ['notStarted', 'running', 'paused'].includes(state.phase);
