import { ebiddingTopic } from '@srm/contracts/ebidding';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ebidding } from '../src/modules/ebidding/tables.ts';
import { material } from '../src/modules/masterdata/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Live e-auction views over the embedded broker (issue #14): who may subscribe to which view, and what
 * a push carries — the suppliers' view never names a supplier or gives another's price; the buyer's view
 * carries the offer with the supplier's name; the buyer's end reaches the rooms at once.
 */
let server: TestServer;
let wsUrl: string;
const { post, get } = callsOf(() => server);
const s: Record<string, Session> = {};
const clients: mqtt.MqttClient[] = [];
const P = '/apis/ebidding/PurchaseEbiddingService';
const S = '/apis/ebidding/SaleEbiddingService';

beforeAll(async () => {
  server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  wsUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mqtt`;
  s.buyer = await login(server, '100000', 'buyer1');
  for (const a of ['200001', '200003', '200004']) s[a] = await login(server, a, 'admin');
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await server?.close();
});

async function connect(session: Session) {
  const client = await mqtt.connectAsync(wsUrl, {
    username: `${session.elsSubaccountInfoDTO.elsAccount}_${session.elsSubaccountInfoDTO.elsSubAccount}`,
    password: session.token,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  clients.push(client);
  const received: Array<Record<string, unknown>> = [];
  client.on('message', (_topic, payload) => received.push(JSON.parse(payload.toString())));
  return { client, received };
}

const waitFor = async (check: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

async function runningAuction() {
  const [m] = await server.database.db.select().from(material).where(eq(material.elsAccount, '100000'));
  const saved = await post(`${P}/save`, s.buyer, {
    ebiddingName: 'live push',
    startMethod: '1',
    startTime: new Date(Date.now() + 60_000).toISOString(),
    endTime: new Date(Date.now() + 3_600_000).toISOString(),
    startingPrice: '1000',
    priceReviseExtent: '1',
    suppliers: ['200001', '200003'],
    lines: [{ materialId: m.id, quantity: '10', deliveryDate: '2027-01-31' }],
  });
  expect(saved.json().code, saved.json().message).toBe('200');
  let row = saved.json().data;
  row = (await post(`${P}/submit/${row.id}`, s.buyer, { version: row.version })).json().data;
  row = (await post(`${P}/publish/${row.id}`, s.buyer, { version: row.version })).json().data;
  return row as { id: string; version: number };
}

describe('live e-auction views', () => {
  it('lets invited suppliers and the owning buyer subscribe to their own view only', async () => {
    const row = await runningAuction();
    const env = server.config.ENV_NAME;
    const invited = await connect(s['200001']);
    await expect(
      invited.client.subscribeAsync(ebiddingTopic(env, row.id, 'sale'), { qos: 1 }),
    ).resolves.toBeTruthy();
    await expect(
      invited.client.subscribeAsync(ebiddingTopic(env, row.id, 'purchase'), { qos: 1 }),
    ).rejects.toThrow(/Subscribe error/);
    const stranger = await connect(s['200004']);
    await expect(
      stranger.client.subscribeAsync(ebiddingTopic(env, row.id, 'sale'), { qos: 1 }),
    ).rejects.toThrow(/Subscribe error/);
    await expect(stranger.client.subscribeAsync(`srm/${env}/ebidding/+/sale`, { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    const buyer = await connect(s.buyer);
    await expect(
      buyer.client.subscribeAsync(ebiddingTopic(env, row.id, 'purchase'), { qos: 1 }),
    ).resolves.toBeTruthy();
    expect(stranger.client.connected).toBe(true);
  });

  it('pushes each committed offer and the buyer’s end to the rooms and the console', async () => {
    const row = await runningAuction();
    const env = server.config.ENV_NAME;
    const room = await connect(s['200001']);
    await room.client.subscribeAsync(ebiddingTopic(env, row.id, 'sale'), { qos: 1 });
    const console = await connect(s.buyer);
    await console.client.subscribeAsync(ebiddingTopic(env, row.id, 'purchase'), { qos: 1 });

    const started = await post(`${P}/start/${row.id}`, s.buyer, { version: row.version });
    expect(started.json().code, started.json().message).toBe('200');
    await waitFor(() => room.received.some((m) => m.ebiddingStatus === '2'));

    const offer = await post(`${S}/bid/${row.id}`, s['200003'], { price: '990' });
    expect(offer.json().code, offer.json().message).toBe('200');
    await waitFor(() => room.received.some((m) => m.event === 'bid'));
    await waitFor(() => console.received.some((m) => m.event === 'bid'));
    const seen = room.received.find((m) => m.event === 'bid') as Record<string, unknown>;
    expect(seen).toMatchObject({
      ebiddingId: row.id,
      ebiddingStatus: '2',
      standings: [{ itemId: null, bestPrice: '990.000000', bidders: 1, ranking: [offer.json().data.seq] }],
    });
    expect(JSON.stringify(seen)).not.toContain('200003');
    expect(seen.bid).toBeUndefined();
    const told = console.received.find((m) => m.event === 'bid') as { bid: Record<string, unknown> };
    expect(told.bid).toMatchObject({ toElsAccount: '200003', price: '990.000000' });

    // 200001 bids below: its own seq leads the ranking its room receives
    const mine = await post(`${S}/bid/${row.id}`, s['200001'], { price: '980' });
    await waitFor(() => room.received.filter((m) => m.event === 'bid').length === 2);
    const second = room.received.filter((m) => m.event === 'bid')[1] as {
      standings: Array<{ ranking: number[] }>;
    };
    expect(second.standings[0].ranking).toEqual([mine.json().data.seq, offer.json().data.seq]);
    const own = (await get(`${S}/findRoom/${row.id}`, s['200001'])).json().data;
    expect(own.lot).toMatchObject({ ownSeq: mine.json().data.seq, rank: 1 });

    const [current] = await server.database.db.select().from(ebidding).where(eq(ebidding.id, row.id));
    const ended = await post(`${P}/finish/${row.id}`, s.buyer, { version: current.version });
    expect(ended.json().code, ended.json().message).toBe('200');
    await waitFor(() => room.received.some((m) => m.event === 'status' && m.ebiddingStatus === '3'));
  });
});
