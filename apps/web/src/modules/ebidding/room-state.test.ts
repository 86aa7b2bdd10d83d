import type { EbiddingPush } from '@srm/contracts/ebidding';
import { describe, expect, it } from 'vitest';
import type { Room } from './api.ts';
import { newlyOutbid, phaseOf, type RoomState, roomIsLive, roomReducer, roomStateOf } from './room-state.ts';

/** A supplier's room snapshot: its own current offer is bid-log no. `ownSeq` at `rank`. */
function snapshot(o: {
  status: string;
  paused?: boolean;
  bidderStatus?: string;
  rank?: number | null;
  ownSeq?: number | null;
  at?: string;
  open?: boolean;
}): Room {
  const rank = o.rank ?? null;
  return {
    record: {
      id: 'a',
      version: 1,
      ebiddingNumber: 'EB1',
      ebiddingName: 'x',
      ebiddingStatus: o.status,
      ebiddingType: '1',
      ebiddingMethod: '1',
      pauseStatus: o.paused ? '1' : '0',
      startTime: '2026-12-01T09:00:00.000Z',
      endTime: '2026-12-01T10:00:00.000Z',
      startingPrice: '1000',
      priceReviseType: '1',
      priceReviseExtent: '1',
      currency: 'CNY',
      postponeCount: 0,
    },
    serverTime: o.at ?? '2026-12-01T09:30:00.000Z',
    open: o.open ?? (o.status === '2' && !o.paused),
    bidCount: rank === null ? 0 : 1,
    bidderStatus: o.bidderStatus ?? (rank === null ? '0' : '1'),
    bargainStatus: '0',
    lot: {
      startingPrice: '1000',
      bestPrice: rank === null ? null : '900',
      ownPrice: rank === null ? null : rank === 1 ? '900' : '950',
      ownSeq: rank === null ? null : (o.ownSeq ?? 5),
      rank,
      bidders: 2,
    },
    lines: [],
  };
}

/** A push at second `s` after 09:30 with the lot's ranking (bid-log seqs, best first). */
function push(s: number, status: string, ranking: number[], paused = false): EbiddingPush {
  return {
    ebiddingId: 'a',
    event: status === '2' ? 'bid' : 'status',
    ebiddingStatus: status,
    paused,
    endTime: '2026-12-01T10:00:00.000Z',
    postponeCount: 0,
    serverTime: new Date(Date.parse('2026-12-01T09:30:00.000Z') + s * 1000).toISOString(),
    standings: [{ itemId: null, bestPrice: '800', bidders: ranking.length, ranking }],
  };
}

/** What must hold of every state the room can reach (issue #33). */
function consistent(v: RoomState) {
  const lot = v.lots.lot;
  if (lot.rank === 1) expect(lot.position).toBe('leading');
  if (lot.position === 'outbid') expect(lot.rank).toBeGreaterThan(1);
  if (lot.rank === null) expect(lot.position).toBe('noOffer');
  expect(v.result === 'won').toBe(v.myStatus === 'won');
  if (v.result === 'won') expect(v.phase).toBe('awarded');
  if (v.phase === 'awarded') expect(['won', 'lost']).toContain(v.result);
  else expect(['won', 'lost']).not.toContain(v.result);
  if (!['notStarted', 'running', 'paused'].includes(v.phase)) {
    expect(v.open).toBe(false);
    expect(['bidding', 'droppedOut']).not.toContain(v.myStatus);
    expect(roomIsLive(v)).toBe(false);
  } else {
    expect(roomIsLive(v)).toBe(true);
    expect(['won', 'notWon', 'awaitingAward', 'closed']).not.toContain(v.myStatus);
  }
  if (v.open) expect(v.phase).toBe('running');
}

const STATUSES = ['1', '2', '3', '4', '5', '6'];
const BIDDER = ['0', '1', '2', '3', '4'];
const RANKS = [null, 1, 2, 3];

describe('the room’s one state from a snapshot', () => {
  it('is consistent for every status, pause, bidder status and rank', () => {
    let n = 0;
    for (const status of STATUSES)
      for (const paused of [false, true])
        for (const bidderStatus of BIDDER)
          for (const rank of RANKS) {
            const v = roomStateOf(snapshot({ status, paused, bidderStatus, rank, open: true }));
            consistent(v);
            n++;
          }
    expect(n).toBe(STATUSES.length * 2 * BIDDER.length * RANKS.length);
  });
  it('a loser of an awarded auction has lost, never won; the winner has won', () => {
    expect(roomStateOf(snapshot({ status: '4', bidderStatus: '4', rank: 2 })).result).toBe('lost');
    expect(roomStateOf(snapshot({ status: '4', bidderStatus: '1', rank: 2 })).myStatus).toBe('notWon');
    expect(roomStateOf(snapshot({ status: '4', bidderStatus: '3', rank: 1 })).result).toBe('won');
  });
  it('after the end the status is "awaiting the award", not "bidding"', () => {
    const v = roomStateOf(snapshot({ status: '3', bidderStatus: '1', rank: 1, open: true }));
    expect(v.myStatus).toBe('awaitingAward');
    expect(v.open).toBe(false);
    expect(roomIsLive(v)).toBe(false);
  });
  it('phases', () => {
    expect(phaseOf('1', false)).toBe('notStarted');
    expect(phaseOf('2', true)).toBe('paused');
    expect(phaseOf('3', true)).toBe('ended');
    expect(phaseOf('5', false)).toBe('closed');
  });
});

/** Every order of a list (the pushes' possible arrivals). */
function permutations<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
}

describe('pushes, in any order and after the end', () => {
  // The supplier's offer is seq 5. Seq 6 (another supplier) outbids it; seq 7 (the supplier again, the
  // room told by its answer) leads; then the auction ends.
  const base = () => roomStateOf(snapshot({ status: '2', rank: 1, ownSeq: 5 }));
  it('outbid at rank 2, leading again at rank 1: never both', () => {
    let v = roomReducer(base(), { type: 'push', push: push(1, '2', [6, 5]) }) as RoomState;
    expect(v.lots.lot).toMatchObject({ rank: 2, position: 'outbid' });
    expect(newlyOutbid(base(), v)).toEqual(['lot']);
    v = roomReducer(v, { type: 'placed', key: 'lot', seq: 7, price: '790', serverTime: '' }) as RoomState;
    v = roomReducer(v, { type: 'push', push: push(2, '2', [7, 6]) }) as RoomState;
    expect(v.lots.lot).toMatchObject({ rank: 1, position: 'leading' });
    consistent(v);
  });
  it('ends ended, with the newest standing, whatever order the pushes arrive in', () => {
    const pushes = [push(1, '2', [6, 5]), push(2, '2', [5, 6]), push(3, '3', [5, 6])];
    for (const arrival of permutations(pushes)) {
      let v: RoomState = base();
      for (const p of arrival) {
        v = roomReducer(v, { type: 'push', push: p }) as RoomState;
        consistent(v);
      }
      expect(v.phase).toBe('ended');
      expect(v.open).toBe(false);
      // the newest push decides the rank: once it is in, older ones are ignored
      expect(v.lots.lot).toMatchObject({ rank: 1, position: 'leading' });
    }
  });
  it('a push of a running auction after the end never revives it', () => {
    let v = roomReducer(base(), { type: 'push', push: push(2, '3', [5, 6]) }) as RoomState;
    v = roomReducer(v, { type: 'push', push: push(3, '2', [6, 5]) }) as RoomState;
    expect(v.phase).toBe('ended');
    expect(v.open).toBe(false);
    expect(v.myStatus).toBe('awaitingAward');
    // a late push of the ranking is no outbid after the end
    expect(newlyOutbid(base(), v)).toEqual([]);
  });
  it('an older push than the state is ignored', () => {
    const late = roomStateOf(snapshot({ status: '2', rank: 1, ownSeq: 5, at: '2026-12-01T09:31:00.000Z' }));
    const v = roomReducer(late, { type: 'push', push: push(5, '2', [6, 5]) }) as RoomState;
    expect(v).toBe(late);
  });
  it('an older snapshot after a newer push keeps the push’s end', () => {
    let v = roomReducer(base(), { type: 'push', push: push(10, '3', [5, 6]) }) as RoomState;
    v = roomReducer(v, { type: 'snapshot', room: snapshot({ status: '2', rank: 1 }) }) as RoomState;
    expect(v.phase).toBe('ended');
    // then the award's snapshot: the loser sees "not won" only
    v = roomReducer(v, {
      type: 'snapshot',
      room: snapshot({ status: '4', bidderStatus: '4', rank: 2, at: '2026-12-01T09:40:00.000Z' }),
    }) as RoomState;
    expect(v).toMatchObject({ phase: 'awarded', result: 'lost', myStatus: 'notWon' });
    consistent(v);
  });
  it('every sequence of three of a set of pushes and snapshots stays consistent', () => {
    const events = [
      { type: 'push' as const, push: push(1, '2', [6, 5]) },
      { type: 'push' as const, push: push(2, '2', [5, 6], true) },
      { type: 'push' as const, push: push(3, '3', [5, 6]) },
      { type: 'snapshot' as const, room: snapshot({ status: '2', rank: 2, at: '2026-12-01T09:30:01.500Z' }) },
      {
        type: 'snapshot' as const,
        room: snapshot({ status: '4', bidderStatus: '3', rank: 1, at: '2026-12-01T09:35:00.000Z' }),
      },
    ];
    let n = 0;
    for (const a of events)
      for (const b of events)
        for (const c of events) {
          let v: RoomState = base();
          for (const e of [a, b, c]) {
            const before = v;
            v = roomReducer(v, e) as RoomState;
            consistent(v);
            // the status never goes back
            expect(Number(v.ebiddingStatus)).toBeGreaterThanOrEqual(Number(before.ebiddingStatus));
          }
          n++;
        }
    expect(n).toBe(125);
  });
});
