import type { EbiddingPush, EbiddingStanding } from '@srm/contracts/ebidding';
import { ebiddingTopic } from '@srm/contracts/ebidding';
import type { Broker } from '../../platform/broker.ts';

/**
 * Both sides' pushes of a committed change: the suppliers' view (no identities) and the buyer's; `seq`
 * is the auction's `lastBidSeq` in the committed state (not sent: it orders pushes built by concurrent
 * transactions).
 */
export type LivePushes = { id: string; seq: number; sale: EbiddingPush; purchase: EbiddingPush };

/**
 * The coalescing window of an auction's room pushes (issue #14, ms). A push of a quiet auction is
 * published at once and opens the window; pushes of the same auction committed while it is open are held
 * and merged (the latest standings of each lot or line, the latest status, end and offer), and the merged
 * push is published once when the window closes — which opens the next window. So at 50 offers per second
 * each side receives at most ~10 pushes a second instead of 50, the first push of a quiet auction is never
 * delayed, a held one at most this long, and the last push always carries the latest standings (rooms
 * and consoles re-read the auction on every push anyway).
 */
export const PUSH_COALESCE_WINDOW_MS = 100;

type Waiter = { ok: () => void; fail: (error: unknown) => void };
type Window = { pending: LivePushes | null; waiters: Waiter[] };

/** Open windows per broker (each test server has its own) and auction id. */
const windows = new WeakMap<Broker, Map<string, Window>>();

/** A's standings with B's replacing those of the same lot or line (B newer); A's order, B's new ones after. */
function mergeStandings(a: EbiddingStanding[], b: EbiddingStanding[]): EbiddingStanding[] {
  const byItem = new Map(b.map((s) => [s.itemId, s]));
  const merged = a.map((s) => byItem.get(s.itemId) ?? s);
  for (const s of b) if (!a.some((o) => o.itemId === s.itemId)) merged.push(s);
  return merged;
}

/**
 * One push carrying both: the newer one's status, end, clock and offer (newer = higher `seq`; equal `seq`,
 * the one that came later), each lot's or line's standings from the newer push that has them.
 */
export function mergeLivePushes(held: LivePushes, next: LivePushes): LivePushes {
  const [older, newer] = next.seq >= held.seq ? [held, next] : [next, held];
  const standings = mergeStandings(older.sale.standings, newer.sale.standings);
  const bid = newer.purchase.bid ?? older.purchase.bid;
  const event = newer.sale.event === 'status' || older.sale.event === 'status' ? 'status' : 'bid';
  const sale: EbiddingPush = { ...newer.sale, event, standings };
  return { id: newer.id, seq: newer.seq, sale, purchase: bid ? { ...sale, bid } : sale };
}

/**
 * Both sides' pushes at QoS 0 (PushQos): on a live connection TCP delivers them as it would QoS 1; a push
 * lost with a dropped connection is made good by the re-read every room and console does on reconnecting
 * (and on every push), so a per-room acknowledgement buys nothing here and cost the broker one PUBACK
 * and one in-flight entry per room and push.
 */
function send(broker: Broker, env: string, pushes: LivePushes) {
  return Promise.all([
    broker.publish(ebiddingTopic(env, pushes.id, 'sale'), JSON.stringify(pushes.sale), 0),
    broker.publish(ebiddingTopic(env, pushes.id, 'purchase'), JSON.stringify(pushes.purchase), 0),
  ]).then(() => undefined);
}

/**
 * Publishes an auction's pushes through `broker` (the same path for one or many processes), coalesced
 * per auction over PUSH_COALESCE_WINDOW_MS (see there). Resolves once the push that carries this change
 * was accepted by the broker (at once for the first of a quiet auction, at the window's end for a held
 * one); rejects when that publish failed — callers log it, rooms re-read on reconnect and poll.
 */
export function publishCoalesced(broker: Broker, env: string, pushes: LivePushes): Promise<void> {
  let auctions = windows.get(broker);
  if (!auctions) {
    auctions = new Map<string, Window>();
    windows.set(broker, auctions);
  }
  const window = auctions.get(pushes.id);
  if (window) {
    window.pending = window.pending ? mergeLivePushes(window.pending, pushes) : pushes;
    return new Promise((ok, fail) => window.waiters.push({ ok, fail }));
  }
  const fresh: Window = { pending: null, waiters: [] };
  auctions.set(pushes.id, fresh);
  const close = () => {
    const { pending, waiters } = fresh;
    if (!pending) {
      auctions.delete(pushes.id);
      return;
    }
    fresh.pending = null;
    fresh.waiters = [];
    send(broker, env, pending).then(
      () => {
        for (const w of waiters) w.ok();
      },
      (error) => {
        for (const w of waiters) w.fail(error);
      },
    );
    setTimeout(close, PUSH_COALESCE_WINDOW_MS);
  };
  setTimeout(close, PUSH_COALESCE_WINDOW_MS);
  return send(broker, env, pushes);
}
