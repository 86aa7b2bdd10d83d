import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { ClusterBus } from './cluster-bus.ts';

/** Topic of one user's messages (issue #4): `srm/{env}/{elsAccount}/{elsSubAccount}`. */
export function userTopic(env: string, elsAccount: string, elsSubAccount: string): string {
  return `srm/${env}/${elsAccount}/${elsSubAccount}`;
}

/** Who an MQTT connection belongs to, once its token was checked. */
export type BrokerIdentity = {
  elsAccount: string;
  elsSubAccount: string;
  station?: 'purchase' | 'sale';
  /** The session and user the connection's token belongs to (to end it when they are revoked). */
  sessionId?: string;
  subaccountId?: string;
};

/**
 * Decides a subscription to a topic other than the user's own (a live view such as an auction's, issue
 * #14): true to allow, false to refuse, undefined when the topic is not this authorizer's.
 */
export type TopicAuthorizer = (identity: BrokerIdentity, topic: string) => Promise<boolean | undefined>;

/**
 * One server's topic authorizers (issue #35): the app makes its own (app.ts), hands it to its embedded
 * broker and to the routes (AppDeps `topics`), and a module registers (or replaces) its authorizer under its
 * name when its routes are registered. Held per app, not per process: an authorizer reads its server's
 * database, and a process may build several servers one after another (the test suite's files share a
 * worker) or at once (a test with two servers) — one server's subscriptions are never decided on another's.
 */
export type TopicAuthorizers = {
  register(name: string, authorizer: TopicAuthorizer): void;
  /** Whether any registered authorizer allows `identity` to subscribe to `topic` (false when none knows it). */
  allowed(identity: BrokerIdentity, topic: string): Promise<boolean>;
};

/** A server's empty set of topic authorizers (app.ts makes one per app). */
export function createTopicAuthorizers(): TopicAuthorizers {
  const authorizers = new Map<string, TopicAuthorizer>();
  return {
    register(name, authorizer) {
      authorizers.set(name, authorizer);
    },
    async allowed(identity, topic) {
      for (const authorize of authorizers.values()) {
        const answer = await authorize(identity, topic);
        if (answer !== undefined) return answer;
      }
      return false;
    },
  };
}

/**
 * Where the server publishes pushes: the embedded Aedes broker, or an external MQTT broker (MQTT_URL).
 * publish resolves once the broker accepted the message and rejects when it cannot be reached.
 */
/**
 * MQTT delivery of a push: 1 (at least once, the default: messages, to-dos, notices) or 0 (at most once:
 * live views whose next push or a re-read supersedes a lost one, such as an auction's room, issue #14 —
 * no acknowledgement per subscriber and push, which halves the broker's work in a 500-room fan-out).
 */
export type PushQos = 0 | 1;

export type Broker = {
  kind: 'embedded' | 'external';
  publish(topic: string, payload: string, qos?: PushQos): Promise<void>;
  isUp(): boolean;
  close(): Promise<void>;
  /** Embedded only: the Aedes instance that /mqtt hands WebSocket streams to. */
  aedes?: Aedes;
  /**
   * Embedded only: checks again the token of every connection whose identity `matches` (a revoked session
   * or user) and closes those no longer live, so a logout or a disabled account ends its pushes at once
   * (issue #18). Answers how many connections were closed.
   */
  revalidate?(matches: (identity: BrokerIdentity) => boolean): Promise<number>;
};

/**
 * The embedded broker. Browsers connect over WebSocket at /mqtt with username `{elsAccount}_{elsSubAccount}`
 * and their access token as password; a connection without a valid token is refused, a subscription
 * outside the user's own topic is refused unless a module's topic authorizer allows it (an invited
 * supplier's view of a live auction), and clients may not publish (only the server does).
 */
export async function createEmbeddedBroker(options: {
  env: string;
  /** The server's topic authorizers: who may subscribe to a topic other than their own. */
  topics: TopicAuthorizers;
  verify: (token: string) => Promise<BrokerIdentity | null>;
}): Promise<Broker> {
  const identities = new WeakMap<Client, BrokerIdentity>();
  const tokens = new WeakMap<Client, string>();
  /** Authenticated connections, for `revalidate` (dropped when they disconnect). */
  const connected = new Set<Client>();
  const refuse = (code: 4 | 5, message: string) => {
    const error = new Error(message) as AuthenticateError;
    error.returnCode = code;
    return error;
  };
  const aedes = await Aedes.createBroker({
    authenticate(client, username, password, done) {
      const token = password?.toString('utf8') ?? '';
      if (!token) return done(refuse(4, 'token required'), false);
      options
        .verify(token)
        .then((identity) => {
          if (!identity || (username && username !== `${identity.elsAccount}_${identity.elsSubAccount}`)) {
            return done(refuse(5, 'not authorized'), false);
          }
          identities.set(client, identity);
          tokens.set(client, token);
          connected.add(client);
          done(null, true);
        })
        .catch(() => done(refuse(5, 'not authorized'), false));
    },
    authorizeSubscribe(client, subscription, done) {
      const identity = identities.get(client);
      const own = identity ? userTopic(options.env, identity.elsAccount, identity.elsSubAccount) : null;
      if (own && (subscription.topic === own || subscription.topic === `${own}/#`))
        return done(null, subscription);
      // A null subscription answers 0x80 (refused) in the SUBACK and keeps the connection.
      if (!identity || /[#+]/.test(subscription.topic)) return done(null, null);
      options.topics
        .allowed(identity, subscription.topic)
        .then((allowed) => done(null, allowed ? subscription : null))
        .catch(() => done(null, null));
    },
    authorizePublish(client, _packet, done) {
      // Only the server (client === null) publishes.
      done(client ? new Error('publishing is not allowed') : null);
    },
  });
  aedes.on('clientDisconnect', (client) => connected.delete(client));
  let closed = false;
  return {
    kind: 'embedded',
    aedes,
    isUp: () => !closed,
    publish(topic, payload, qos = 1) {
      return new Promise((resolve, reject) => {
        aedes.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain: false, dup: false },
          (error) => (error ? reject(error) : resolve()),
        );
      });
    },
    async revalidate(matches) {
      const suspects = [...connected].filter((client) => {
        const identity = identities.get(client);
        return identity !== undefined && matches(identity);
      });
      let ended = 0;
      for (const client of suspects) {
        const token = tokens.get(client) ?? '';
        const live = await options.verify(token).catch(() => null);
        if (!live) {
          connected.delete(client);
          client.close();
          ended++;
        }
      }
      return ended;
    },
    close() {
      closed = true;
      return new Promise((resolve) => aedes.close(() => resolve()));
    },
  };
}

/**
 * An external broker (Mosquitto, EMQX, RabbitMQ's MQTT plugin) at `url`. mqtt.js reconnects by itself;
 * while it is down publish rejects and the outbox keeps the messages for later.
 */
export async function createExternalBroker(url: string, clientId: string): Promise<Broker> {
  // Loaded only for an external broker: mqtt.js is ~0.4 s of a start-up that does not use it (issue #43).
  const { default: mqtt } = await import('mqtt');
  const client = mqtt.connect(url, {
    clientId,
    reconnectPeriod: 1000,
    connectTimeout: 5000,
    clean: true,
  });
  client.on('error', () => {
    /* reported through isUp() and publish() */
  });
  await new Promise<void>((resolve) => {
    const done = () => resolve();
    client.once('connect', done);
    setTimeout(done, 5000);
  });
  return {
    kind: 'external',
    isUp: () => client.connected,
    async publish(topic, payload, qos = 1) {
      if (!client.connected) throw new Error('external MQTT broker is not connected');
      await client.publishAsync(topic, payload, { qos });
    },
    async close() {
      await client.endAsync(true);
    },
  };
}

/**
 * Several server processes with embedded brokers (PostgreSQL, no MQTT_URL; issue #18): each browser is
 * connected to one process's broker, so a push published by another process must reach it. This wraps
 * the embedded broker so that every publish also goes to the other processes over the cluster bus
 * (LISTEN/NOTIFY), and what they relay is published to this process's own browsers. `publish` resolves
 * once the local broker took the message and the NOTIFY was sent. Limits: a payload over the bus limit
 * (~7.9 KB of JSON, platform/cluster-bus.ts) reaches only the publishing process's browsers (logged);
 * a process whose listening connection is down misses relays until it reconnects — use an external
 * broker (MQTT_URL + MQTT_WS_URL) when that matters.
 */
export function relayBetweenProcesses(broker: Broker, bus: ClusterBus): Broker {
  if (broker.kind !== 'embedded' || !bus.shared) return broker;
  bus.on('push', (message) => {
    const { t, p, q } = message as { t: string; p: string; q?: PushQos };
    if (typeof t === 'string' && typeof p === 'string') broker.publish(t, p, q === 0 ? 0 : 1).catch(() => {});
  });
  return {
    ...broker,
    async publish(topic, payload, qos = 1) {
      await broker.publish(topic, payload, qos);
      await bus.publish('push', qos === 0 ? { t: topic, p: payload, q: 0 } : { t: topic, p: payload });
    },
  };
}
