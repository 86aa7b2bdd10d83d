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

/** Milliseconds between two attempts to (re)connect after a failure or a loss. */
const RETRY_MS = 2000;

/**
 * The message channel (spec 000 §4, §9; issues #4, #12): MQTT 3.1.1 over WebSocket with the Eclipse Paho
 * client (8 KiB; mqtt.js was 97 KiB of the home's bytes), loaded on demand so it is never part of the login
 * bytes. Connect timeout 5 s, keepalive 10 s, tries again every 2 s after a failure or a loss (Paho's own
 * reconnect backs off to 128 s), subscribes to the user's topic on every (re)connect. A push refreshes
 * every open message and notice list (query invalidation) before the caller shows its notice.
 */
export function startPush(options: PushOptions): PushHandle {
  let closing = false;
  let client: import('paho-mqtt').Client | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let lost = false;

  const later = (connect: () => void) => {
    clearTimeout(retry);
    if (!closing) retry = setTimeout(connect, RETRY_MS);
  };

  void import('paho-mqtt')
    .then((mod) => {
      if (closing) return;
      const Client = mod.Client ?? (mod as unknown as { default: typeof mod }).default.Client;
      const clientId = `srm_web_${Math.random().toString(16).slice(2, 10)}${Date.now().toString(16)}`;
      const c = new Client(options.url, clientId);
      client = c;
      const connect = () => {
        if (closing || c.isConnected()) return;
        try {
          c.connect({
            userName: options.username,
            password: options.token,
            timeout: MQTT_CONNECT_TIMEOUT_MS / 1000,
            keepAliveInterval: MQTT_KEEPALIVE_S,
            cleanSession: true,
            mqttVersion: 4,
            reconnect: false,
            onSuccess: () => {
              if (closing) {
                c.disconnect();
                return;
              }
              c.subscribe(options.topic, {
                qos: 1,
                onFailure: (e) => console.error('push subscribe failed', e.errorMessage),
              });
              if (lost) {
                lost = false;
                invalidate();
                options.onRestored();
              }
            },
            onFailure: (e) => {
              console.warn('push channel', e.errorMessage);
              later(connect);
            },
          });
        } catch (e) {
          // Paho throws when a connect is already under way: the next failure or loss tries again.
          console.warn('push channel', e);
        }
      };
      c.onMessageArrived = (message) => {
        invalidate();
        options.onMessage(pushText(message.payloadBytes as Uint8Array));
      };
      c.onConnectionLost = (e) => {
        if (closing) return;
        if (!lost) {
          lost = true;
          options.onLost();
        }
        console.warn('push channel', e.errorMessage);
        later(connect);
      };
      connect();
    })
    .catch((e) => console.error('push channel could not load', e));

  return {
    close() {
      closing = true;
      clearTimeout(retry);
      try {
        if (client?.isConnected()) client.disconnect();
      } catch {
        // already closed
      }
      client = null;
    },
  };
}

function invalidate(): void {
  void queryClient.invalidateQueries({ queryKey: MESSAGE_KEYS.all });
  void queryClient.invalidateQueries({ queryKey: MESSAGE_KEYS.notices });
}
