import { createHash, timingSafeEqual } from 'node:crypto';
import { TOKEN_TIME_S } from '@srm/contracts/constants';
import { and, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { userTopic } from '../../platform/broker.ts';
import { nowDate } from '../../platform/clock.ts';
import type { App, AppDeps } from '../../platform/http.ts';
import { zod } from '../../platform/http.ts';
import { mqttClient } from '../../platform/tables.ts';
import { sessionForClaims, sessionForToken } from './service.ts';

/**
 * The answer of every hook call, understood by EMQX 5's HTTP authentication/authorization (`result`,
 * `is_superuser`) and by mosquitto-go-auth's HTTP backend in `json` response mode (`ok`, `error`). Always
 * HTTP 200 with the envelope's `code` '200': EMQX reads a non-200 answer as "ignore" and would fall through
 * to its default.
 */
const answerSchema = z.object({
  /** The portal's envelope code, always '200' for a decision (bad input answers the usual '400'). */
  code: z.literal('200'),
  result: z.enum(['allow', 'deny']),
  ok: z.boolean(),
  is_superuser: z.boolean(),
  error: z.string().optional(),
});
type Answer = z.infer<typeof answerSchema>;
const allow = (superuser = false): Answer => ({
  code: '200',
  result: 'allow',
  ok: true,
  is_superuser: superuser,
});
const deny = (error: string): Answer => ({
  code: '200',
  result: 'deny',
  ok: false,
  is_superuser: false,
  error,
});

const authBody = z.object({
  username: z.string().max(200),
  password: z.string().max(8192).optional(),
  clientid: z.string().max(200).optional(),
});
const superuserBody = z.object({ username: z.string().max(200) });
const aclBody = z.object({
  username: z.string().max(200),
  clientid: z.string().max(200).optional(),
  topic: z.string().min(1).max(500),
  /** EMQX: `publish` | `subscribe` (`all` counts as publish). */
  action: z.enum(['publish', 'subscribe', 'all']).optional(),
  /** mosquitto-go-auth: 1 read (a message delivered to the client), 2 write, 3 read and write, 4 subscribe. */
  acc: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).optional(),
});

/** Constant-time equality of two secrets (hashed first, so lengths do not leak either). */
function sameSecret(a: string, b: string): boolean {
  const h = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(h(a), h(b));
}

/**
 * The server's own credentials at the external broker: the user and password of `MQTT_URL`
 * (`mqtt://srm-server:secret@mq.internal:1883`). Only they may publish; null when MQTT_URL has none.
 */
function serverCredentials(url: string | undefined): { username: string; password: string } | null {
  if (!url) return null;
  const parsed = new URL(url);
  if (!parsed.username) return null;
  return { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) };
}

/**
 * The HTTP auth/ACL hook an external broker calls (issue #18, docs/messaging.md "External broker"): the
 * broker asks the server, not a shared JWT secret, whether a browser's token belongs to a live session
 * and whether it may read a topic, so a logout, a password change or a disabled account ends its pushes
 * as soon as the broker asks again (mosquitto-go-auth checks every delivery, cached `auth_cache_seconds`).
 * Public routes (the broker has no user token); they answer allow or deny and reveal nothing else.
 */
export function registerBrokerHookRoutes(app: App, deps: AppDeps): void {
  const r = zod(app);
  const server = serverCredentials(deps.config.MQTT_URL);
  const tags = ['mqtt'];
  const response = { 200: answerSchema };

  /**
   * POST /apis/mqtt/auth — body { username `{elsAccount}_{elsSubAccount}`, password (the access token),
   * clientid }. Allows a live session's token whose user is `username` and remembers the client id with its
   * session until the token expires; allows the server's own credentials (from MQTT_URL) as superuser.
   */
  r.post(
    '/apis/mqtt/auth',
    {
      config: { public: true },
      schema: { tags, summary: 'Broker hook: authentication', body: authBody, response },
    },
    async (request) => {
      const { username, password = '', clientid } = request.body;
      if (server && username === server.username) {
        return sameSecret(password, server.password) ? allow(true) : deny('bad credentials');
      }
      const found = password ? await sessionForToken(deps, password) : null;
      if (!found) return deny('token not live');
      const { claims } = found;
      if (username !== `${claims.elsAccount}_${claims.elsSubAccount}`) return deny('username does not match');
      if (clientid) {
        const row = {
          sessionId: claims.sid,
          subaccountId: claims.sub,
          elsAccount: claims.elsAccount,
          elsSubAccount: claims.elsSubAccount,
          station: claims.station,
          expiresDate: new Date(Date.now() + TOKEN_TIME_S * 1000),
        };
        await deps.db
          .insert(mqttClient)
          .values({ clientId: clientid, ...row })
          .onConflictDoUpdate({ target: mqttClient.clientId, set: row });
      }
      return allow();
    },
  );

  /** POST /apis/mqtt/superuser — body { username }: allow only for the server's own user (MQTT_URL). */
  r.post(
    '/apis/mqtt/superuser',
    {
      config: { public: true },
      schema: { tags, summary: 'Broker hook: superuser', body: superuserBody, response },
    },
    async (request) =>
      server && request.body.username === server.username ? allow(true) : deny('not a superuser'),
  );

  /**
   * POST /apis/mqtt/acl — body { username, clientid, topic, action (EMQX) | acc (mosquitto-go-auth) }.
   * The server's user may do anything. Browsers may never publish; they may subscribe to and read their own
   * topic (`srm/{env}/{elsAccount}/{elsSubAccount}`, `/#` below it) or a topic a module allows them (a live
   * auction), and only while the session their client authenticated with is live.
   */
  r.post(
    '/apis/mqtt/acl',
    {
      config: { public: true },
      schema: { tags, summary: 'Broker hook: authorization', body: aclBody, response },
    },
    async (request) => {
      const { username, clientid, topic, action, acc } = request.body;
      if (server && username === server.username) return allow(true);
      const publishing = action === 'publish' || action === 'all' || acc === 2 || acc === 3;
      if (publishing) return deny('clients may not publish');
      if (!clientid) return deny('client id required');
      const [client] = await deps.db
        .select()
        .from(mqttClient)
        .where(and(eq(mqttClient.clientId, clientid), gt(mqttClient.expiresDate, nowDate())));
      if (!client || username !== `${client.elsAccount}_${client.elsSubAccount}`)
        return deny('unknown client');
      const live = await sessionForClaims(deps, {
        sid: client.sessionId,
        sub: client.subaccountId,
        elsAccount: client.elsAccount,
        elsSubAccount: client.elsSubAccount,
        station: client.station,
      });
      if (!live) return deny('session ended');
      const own = userTopic(deps.config.ENV_NAME, client.elsAccount, client.elsSubAccount);
      if (topic === own || topic === `${own}/#` || topic.startsWith(`${own}/`)) return allow();
      if (/[#+]/.test(topic)) return deny('topic not allowed');
      const identity = {
        elsAccount: client.elsAccount,
        elsSubAccount: client.elsSubAccount,
        station: client.station,
        sessionId: client.sessionId,
        subaccountId: client.subaccountId,
      };
      return (await deps.topics.allowed(identity, topic)) ? allow() : deny('topic not allowed');
    },
  );
}
