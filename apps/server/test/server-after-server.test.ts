import { ebiddingTopic } from '@srm/contracts/ebidding';
import { eq } from 'drizzle-orm';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ebidding } from '../src/modules/ebidding/tables.ts';
import { material } from '../src/modules/masterdata/tables.ts';
import { callsOf, createTestServer, login, type Session, type TestServer } from './helpers.ts';

/**
 * Servers built one after another, and side by side, in one process (issue #35): a file with two servers,
 * or a worker whose files share one module graph (Vitest without per-file isolation), so whatever a server
 * keeps per process must not carry one server's database into the next. Each server here runs on its own copy of the seeded
 * database: an auction published on one is unknown to the other.
 */
const P = '/apis/ebidding/PurchaseEbiddingService';
const S = '/apis/ebidding/SaleEbiddingService';
const NAME = '贴片电容年度框架竞价（议价中）';

type Running = { server: TestServer; buyer: Session; supplier: Session; wsUrl: string };
const started: Running[] = [];
const clients: mqtt.MqttClient[] = [];

async function start(): Promise<Running> {
  const server = await createTestServer({ LOGIN_LIMIT_PER_ACCOUNT: '100000', LOGIN_LIMIT_PER_IP: '100000' });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  const wsUrl = `ws://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/mqtt`;
  const running = {
    server,
    wsUrl,
    buyer: await login(server, '100000', 'buyer1'),
    supplier: await login(server, '200001', 'admin'),
  };
  started.push(running);
  return running;
}

/** A published auction on `at`'s database inviting 200001 (and 200003). */
async function publishedAuction(at: Running) {
  const { post } = callsOf(() => at.server);
  const [m] = await at.server.database.db.select().from(material).where(eq(material.elsAccount, '100000'));
  const saved = await post(`${P}/save`, at.buyer, {
    ebiddingName: 'server after server',
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
  row = (await post(`${P}/submit/${row.id}`, at.buyer, { version: row.version })).json().data;
  row = (await post(`${P}/publish/${row.id}`, at.buyer, { version: row.version })).json().data;
  expect(row.id).toBeTruthy();
  return row as { id: string };
}

/** Whether `session` may subscribe to `topic` on `at`'s embedded broker (a refused SUBACK rejects). */
async function maySubscribe(at: Running, session: Session, topic: string): Promise<boolean> {
  const client = await mqtt.connectAsync(at.wsUrl, {
    username: `${session.elsSubaccountInfoDTO.elsAccount}_${session.elsSubaccountInfoDTO.elsSubAccount}`,
    password: session.token,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  clients.push(client);
  try {
    await client.subscribeAsync(topic, { qos: 1 });
    return true;
  } catch {
    return false;
  }
}

afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  for (const running of started) await running.server.close().catch(() => undefined);
});

describe('a server built while another runs in the same process', () => {
  let first: Running;
  let second: Running;
  let auction: { id: string };
  beforeAll(async () => {
    first = await start();
    auction = await publishedAuction(first);
    // The second server registers its modules' routes (and their authorizers) after the first did.
    second = await start();
  });

  it("decides the first server's live-auction subscriptions on the first server's database", async () => {
    const env = first.server.config.ENV_NAME;
    expect(await maySubscribe(first, first.supplier, ebiddingTopic(env, auction.id, 'sale'))).toBe(true);
    // The auction exists on the first server's database only: the second refuses it.
    expect(await maySubscribe(second, second.supplier, ebiddingTopic(env, auction.id, 'sale'))).toBe(false);
  });
});

describe('a server built after another one closed, in the same process', () => {
  it("serves its own database's auction console and room, as the first served its own", async () => {
    for (let round = 0; round < 2; round++) {
      const at = await start();
      const { get } = callsOf(() => at.server);
      const [demo] = await at.server.database.db
        .select()
        .from(ebidding)
        .where(eq(ebidding.ebiddingName, NAME));
      const buyerConsole = (await get(`${P}/findConsole/${demo.id}`, at.buyer)).json();
      expect(buyerConsole.code, buyerConsole.message).toBe('200');
      expect(buyerConsole.data.bidders.length).toBeGreaterThan(0);
      const room = (await get(`${S}/findRoom/${demo.id}`, at.supplier)).json();
      expect(room.code, room.message).toBe('200');
      await at.server.close();
      started.splice(started.indexOf(at), 1);
    }
  }, 180_000);
});
