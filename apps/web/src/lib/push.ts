import { MQTT_CONNECT_TIMEOUT_MS, MQTT_KEEPALIVE_S } from '@srm/contracts/constants';
import { MESSAGE_KEYS } from './message-api.ts';
import { pushText } from './message-rules.ts';
import { queryClient } from './query-client.ts';

export type PushOptions = {
  /** ws(s) URL of the broker (resolveMqttUrl). */
  url: string;
  topic: string;
  username: string;
  /** Access token: the embedded broker checks it as the password. */
  token: string;
  /** A pushed message (plain text: the message title, spec 000 §3). */
  onMessage: (text: string) => void;
  /** The connection dropped without being asked to (spec 000 §4, §8: 'connection closed'). */
  onLost: () => void;
  /** Connected again after a loss: what was pushed meanwhile is in the message center. */
  onRestored: () => void;
};

export type PushHandle = { close: () => void };

/**
 * The message channel (spec 000 §4, §9; issue #4): mqtt.js over WebSocket, loaded on demand so it is
 * never part of the login or home bytes. Connect timeout 5 s, keepalive 10 s, reconnects by itself,
 * subscribes to the user's topic on every (re)connect. A push refreshes every open message and notice
 * list (query invalidation) before the caller shows its notice.
 */
export function startPush(options: PushOptions): PushHandle {
  let closing = false;
  let client: import('mqtt').MqttClient | null = null;
  let connected = false;
  let lost = false;

  void import('mqtt')
    .then((mod) => {
      if (closing) return;
      const connect = mod.connect ?? (mod as unknown as { default: typeof mod }).default.connect;
      client = connect(options.url, {
        username: options.username,
        password: options.token,
        clientId: `srm_web_${Math.random().toString(16).slice(2, 10)}${Date.now().toString(16)}`,
        connectTimeout: MQTT_CONNECT_TIMEOUT_MS,
        keepalive: MQTT_KEEPALIVE_S,
        reconnectPeriod: 2000,
        clean: true,
        resubscribe: false,
        protocolVersion: 4,
        // The portal's CSP (script-src 'self') forbids the blob: worker of the 'auto' timers.
        timerVariant: 'native',
      });
      client.on('connect', () => {
        connected = true;
        client?.subscribe(options.topic, { qos: 1 }, (err) => {
          if (err) console.error('push subscribe failed', err);
        });
        if (lost) {
          lost = false;
          invalidate();
          options.onRestored();
        }
      });
      client.on('message', (_topic, payload) => {
        invalidate();
        options.onMessage(pushText(payload));
      });
      client.on('close', () => {
        if (closing) return;
        if (connected) {
          connected = false;
          lost = true;
          options.onLost();
        }
      });
      client.on('error', (err) => console.warn('push channel', err.message));
    })
    .catch((e) => console.error('push channel could not load', e));

  return {
    close() {
      closing = true;
      client?.end(true);
      client = null;
    },
  };
}

function invalidate(): void {
  void queryClient.invalidateQueries({ queryKey: MESSAGE_KEYS.all });
  void queryClient.invalidateQueries({ queryKey: MESSAGE_KEYS.notices });
}
