import { eq } from 'drizzle-orm';
import { bargain, registerBargainApproval } from '../modules/ebidding/bargain.ts';
import {
  awardEbidding,
  ebiddingKind,
  placeBid,
  registerEbiddingAwardApproval,
} from '../modules/ebidding/service.ts';
import { material } from '../modules/masterdata/tables.ts';
import { daysFromToday } from '../platform/clock.ts';
import type { Db } from '../platform/db.ts';
import { as } from './demo-enquiries.ts';

const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const day = (n: number) => daysFromToday(n);

/**
 * Demo e-auctions (issue #14) through the real services, inviting 200001, 200002 and 200003. English
 * reverse by total price: one running for four hours after start-up (200003 has bid; 200001 and 200002
 * can bid at once and the buyer can watch the console), one scheduled for tomorrow, one finished and awarded
 * (200001 and 200003 only) with its hash-chained bid log, and a draft. Then a running Dutch auction per
 * line (one line taken by 200003, one open), a running Japanese auction (200003 has accepted round 1), and
 * an ended English auction in its bargain round ("bidding bargain", bargain.ts): 200003, 200001 and 200002
 * bid, the buyer ended it and asked the two best (200001, 200002) for a final offer by four hours after
 * start-up, so a newcomer can answer as 200001 or 200002 and watch the console. Its bid log verifies.
 */
export async function seedDemoEbiddings(db: Db, env: string): Promise<void> {
  // The seed awards before the routes are registered: the award approval handler must exist.
  registerEbiddingAwardApproval(env);
  registerBargainApproval(env);
  const buyer = await as(db, '100000', 'buyer1');
  const materials = await db.select().from(material).where(eq(material.elsAccount, '100000'));
  const byNumber = (n: string) => materials.find((m) => m.materialNumber === n)!;
  const make = (
    name: string,
    startingPrice: string | null,
    lines: Array<[string, string] | [string, string, string]>,
    extra = {},
  ) =>
    ebiddingKind.save(db, buyer, 'purchase', {
      ebiddingName: name,
      ebiddingType: '1',
      ebiddingMethod: '1',
      startMethod: '1',
      startTime: at(5),
      endTime: at(240),
      startingPrice,
      priceReviseType: '1',
      priceReviseExtent: '50',
      quotePostponeMinute: 2,
      postponeMinute: 3,
      canPostponeBout: 5,
      suppliers: ['200001', '200002', '200003'],
      // A per-line auction's starting unit price is the line's third element.
      lines: lines.map(([n, quantity, linePrice]) => ({
        materialId: byNumber(n).id,
        quantity,
        deliveryDate: day(30),
        ...(linePrice ? { startingPrice: linePrice } : {}),
      })),
      ...extra,
    });
  const publish = async (id: string) => {
    const found = await ebiddingKind.find(db, buyer, 'purchase', id);
    const row = await ebiddingKind.submit(db, env, buyer, 'purchase', id, found.version);
    return ebiddingKind.runAction(db, env, buyer, 'purchase', 'publish', id, { version: row.version });
  };
  const start = async (id: string, version: number) =>
    ebiddingKind.runAction(db, env, buyer, 'purchase', 'start', id, { version });
  const offers = async (id: string, list: Array<[string, string]>) => {
    for (const [account, price] of list) await placeBid(db, await as(db, account, 'admin'), id, { price });
  };

  // Finished (made first: the lowest number, which 200002 is not invited to): 200001 and 200003 bid,
  // the buyer ended it and awarded the best; its bid log verifies.
  const finished = await make(
    '电阻电容季度竞价',
    '9000',
    [
      ['R-0603-10K', '200000'],
      ['C-0805-100N', '150000'],
    ],
    { suppliers: ['200001', '200003'] },
  );
  const fp = await publish(finished.id);
  const fs = await start(finished.id, fp.version);
  await offers(finished.id, [
    ['200001', '8800'],
    ['200003', '8650'],
    ['200001', '8400'],
    ['200003', '8320'],
  ]);
  const current = await ebiddingKind.find(db, buyer, 'purchase', finished.id);
  const ended = await ebiddingKind.runAction(db, env, buyer, 'purchase', 'finish', finished.id, {
    version: current.version ?? fs.version,
    remark: '已达到目标价',
  });
  // Awarded to the best offer (200003, 8,320.00): 200,000 × 0.0236 + 150,000 × 0.024 = 8,320.00.
  const lines = await ebiddingKind.findLines(db, finished.id);
  await awardEbidding(db, env, buyer, finished.id, {
    version: ended.version,
    awards: [{ itemId: null, toElsAccount: '200003' }],
    linePrices: [
      { itemId: lines[0].id, price: '0.0236' },
      { itemId: lines[1].id, price: '0.024' },
    ],
    remark: '最低价中标',
  });

  // Running for four hours: 200003 leads; 200001 and 200002 have not bid yet.
  const running = await make('2026 年度包装纸箱反向竞价', '48000', [['BOX-5L-600', '10000']]);
  const published = await publish(running.id);
  await start(running.id, published.version);
  await offers(running.id, [['200003', '46500']]);

  // Scheduled for tomorrow.
  const scheduled = await make('MCU 主控芯片竞价', '36000', [['MCU-STM32F103', '3000']], {
    startMethod: '2',
    startTime: at(24 * 60),
    endTime: at(24 * 60 + 60),
  });
  await publish(scheduled.id);

  // A draft, not yet submitted.
  await make('散热器竞价（草稿）', '5000', [['MCU-STM32F103', '50']]);

  // Dutch, per line, running: each line's unit price falls by 2 % every 10 minutes to its floor; the first
  // supplier to accept takes the line at the clock's price. 200003 has taken the resistors; the capacitors
  // are still open.
  const dutch = await make(
    '被动元件荷兰式竞价',
    null,
    [
      ['R-0603-10K', '100000', '0.03'],
      ['C-0805-100N', '80000', '0.032'],
    ],
    {
      ebiddingType: '2',
      ebiddingMethod: '2',
      priceReviseType: '2',
      priceReviseExtent: '2',
      lowestPrice: '0.02',
      quoteInterval: 10,
      quotePostponeMinute: null,
      postponeMinute: null,
      canPostponeBout: null,
    },
  );
  const dutchLines = await ebiddingKind.findLines(db, dutch.id);
  const dp = await publish(dutch.id);
  await start(dutch.id, dp.version);
  await placeBid(db, await as(db, '200003', 'admin'), dutch.id, { itemId: dutchLines[0].id, accept: true });

  // Japanese, by total price, running: the price steps down 1.5 % each hour-long round; whoever does not
  // accept a round drops out, and the last one standing wins. 200003 has accepted round 1; 200001 and
  // 200002 may still accept it.
  const japanese = await make('铝合金外壳日式竞价', '120000', [['BOX-5L-600', '20000']], {
    ebiddingType: '3',
    priceReviseType: '2',
    priceReviseExtent: '1.5',
    lowestPrice: '90000',
    quoteInterval: 60,
    endTime: at(8 * 60),
    quotePostponeMinute: null,
    postponeMinute: null,
    canPostponeBout: null,
  });
  const jp = await publish(japanese.id);
  await start(japanese.id, jp.version);
  await placeBid(db, await as(db, '200003', 'admin'), japanese.id, { accept: true });

  // Ended and in its bargain round for four hours: 200003, 200001 and 200002 bid (best 200001 at 24,200,
  // then 200002 at 24,600); the buyer ended it and asked the two best for a final offer (at most their
  // last offer, once). 200003 (25,500) was not asked. No approval steps for "bidding bargain" in the demo:
  // the round opens at once, its deadline timer is set and 200001 and 200002 are told.
  const bargaining = await make('贴片电容年度框架竞价（议价中）', '26000', [['C-0805-100N', '1000000']]);
  const bp = await publish(bargaining.id);
  await start(bargaining.id, bp.version);
  await offers(bargaining.id, [
    ['200003', '25500'],
    ['200001', '25000'],
    ['200002', '24600'],
    ['200001', '24200'],
  ]);
  const bid = await ebiddingKind.find(db, buyer, 'purchase', bargaining.id);
  const closed = await ebiddingKind.runAction(db, env, buyer, 'purchase', 'finish', bargaining.id, {
    version: bid.version,
    remark: '进入议价',
  });
  await bargain(db, env, buyer, bargaining.id, {
    version: closed.version,
    suppliers: ['200001', '200002'],
    bargainEndTime: at(240),
  });
}
