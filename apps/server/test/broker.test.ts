import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, login, type TestServer } from './helpers.ts';

/**
 * Push channel tests against a listening server: the embedded broker always; the external broker
 * (Mosquitto) when MQTT_TEST_URL is set (CI sets it) — then the server publishes there.
 */
const modes: Array<{ name: string; env: Record<string, string> }> = [{ name: 'embedded Aedes', env: {} }];
if (process.env.MQTT_TEST_URL)
  modes.push({
    name: 'external broker',
    env: { MQTT_URL: process.env.MQTT_TEST_URL, MQTT_WS_URL: 'ws://127.0.0.1:8083/mqtt' },
  });

const waitFor = async (check: () => boolean, ms = 5000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe.each(modes)('push channel on $name', ({ env }) => {
  let server: TestServer;
  let wsUrl: string;
  const clients: mqtt.MqttClient[] = [];

  beforeAll(async () => {
    server = await createTestServer(env);
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    wsUrl = `ws://127.0.0.1:${port}/mqtt`;
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await server?.close();
  });

  /** A subscriber as a browser would be: the embedded broker via /mqtt with the token, or Mosquitto. */
  async function subscriber(session: Awaited<ReturnType<typeof login>>, topic: string) {
    const client = env.MQTT_URL
      ? await mqtt.connectAsync(env.MQTT_URL, { reconnectPeriod: 0 })
      : await mqtt.connectAsync(wsUrl, {
          username: `${session.elsSubaccountInfoDTO.elsAccount}_${session.elsSubaccountInfoDTO.elsSubAccount}`,
          password: session.token,
          reconnectPeriod: 0,
          connectTimeout: 5000,
        });
    clients.push(client);
    const received: string[] = [];
    client.on('message', (t, payload) => {
      if (t === topic) received.push(payload.toString());
    });
    await client.subscribeAsync(topic, { qos: 1 });
    return received;
  }

  const topicOf = (s: Awaited<ReturnType<typeof login>>) =>
    `srm/${server.config.ENV_NAME}/${s.elsSubaccountInfoDTO.elsAccount}/${s.elsSubaccountInfoDTO.elsSubAccount}`;

  async function publishNotice(buyer: Awaited<ReturnType<typeof login>>, title: string, receivers: string[]) {
    const created = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsNoticeService/save',
      headers: buyer.headers,
      payload: {
        title,
        content: '内容',
        noticeStartTime: new Date().toISOString(),
        noticeEndTime: new Date(Date.now() + 86_400_000).toISOString(),
        receivers,
      },
    });
    const data = created.json().data;
    const published = await server.app.inject({
      method: 'POST',
      url: `/apis/ElsNoticeService/publish/${data.id}`,
      headers: buyer.headers,
      payload: { version: data.version },
    });
    expect(published.json().code).toBe('200');
  }

  it('delivers a business event to its receivers only', async () => {
    const buyer = await login(server, '100000', 'admin');
    const s1 = await login(server, '200001', 'admin');
    const s2 = await login(server, '200002', 'admin');
    const got1 = await subscriber(s1, topicOf(s1));
    const got2 = await subscriber(s2, topicOf(s2));
    await publishNotice(buyer, '只发给恒达', ['200001']);
    await waitFor(() => got1.includes('只发给恒达'));
    await new Promise((r) => setTimeout(r, 300));
    expect(got2).not.toContain('只发给恒达');
  });

  it('keeps messages made while a receiver is offline in the message center', async () => {
    const buyer = await login(server, '100000', 'admin');
    await publishNotice(buyer, '离线期间的公告', ['200002']);
    const s2 = await login(server, '200002', 'admin');
    const list = await server.app.inject({
      method: 'POST',
      url: '/apis/ElsSysMsgService/findPageList',
      headers: s2.headers,
      payload: { keyword: '离线期间' },
    });
    expect(list.json().data.records[0].msgTitle).toBe('离线期间的公告');
  });

  it.skipIf(Boolean(env.MQTT_URL))('refuses a connection without a valid token', async () => {
    await expect(mqtt.connectAsync(wsUrl, { reconnectPeriod: 0, connectTimeout: 3000 })).rejects.toThrow();
    await expect(
      mqtt.connectAsync(wsUrl, {
        username: '100000_admin',
        password: 'forged.token.value',
        reconnectPeriod: 0,
      }),
    ).rejects.toThrow();
    const session = await login(server, '100000', 'admin');
    await expect(
      mqtt.connectAsync(wsUrl, { username: '200001_admin', password: session.token, reconnectPeriod: 0 }),
    ).rejects.toThrow();
  });

  it.skipIf(Boolean(env.MQTT_URL))('ends a connection as soon as its session is logged out', async () => {
    const session = await login(server, '200001', 'admin');
    const other = await login(server, '200001', 'admin');
    const connect = (s: typeof session) =>
      mqtt.connectAsync(wsUrl, { username: '200001_admin', password: s.token, reconnectPeriod: 0 });
    const [client, stays] = [await connect(session), await connect(other)];
    clients.push(client, stays);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const out = await server.app.inject({
      method: 'GET',
      url: '/apis/user/logout',
      headers: session.headers,
    });
    expect(out.json().code).toBe('200');
    // Closed by the server (the test would time out otherwise), not by the client.
    await closed;
    // The same user's other session keeps its connection.
    await new Promise((r) => setTimeout(r, 200));
    expect(stays.connected).toBe(true);
    // And the logged-out token cannot connect again.
    await expect(connect(session)).rejects.toThrow();
  });

  it.skipIf(Boolean(env.MQTT_URL))(
    "refuses a subscription to another user's topic and publishing",
    async () => {
      const s1 = await login(server, '200001', 'admin');
      const client = await mqtt.connectAsync(wsUrl, {
        username: '200001_admin',
        password: s1.token,
        reconnectPeriod: 0,
      });
      clients.push(client);
      // The broker answers 0x80 (refused) in the SUBACK; mqtt.js turns that into an error.
      await expect(
        client.subscribeAsync(`srm/${server.config.ENV_NAME}/100000/admin`, { qos: 1 }),
      ).rejects.toThrow(/Subscribe error/);
      await expect(client.subscribeAsync('srm/#', { qos: 1 })).rejects.toThrow(/Subscribe error/);
      expect(client.connected).toBe(true);
      const own = await client.subscribeAsync(topicOf(s1), { qos: 1 });
      expect(own[0].qos).toBe(1);
      // Publishing from a client is refused: the broker drops the client.
      const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
      client.publish(topicOf(s1), 'fake', { qos: 1 });
      await closed;
    },
  );
});
