import { MQTT_CONNECT_TIMEOUT_MS, MQTT_KEEPALIVE_S } from '@srm/contracts/constants';
import { type EbiddingPush, ebiddingTopic } from '@srm/contracts/ebidding';
import { useEffect, useRef, useState } from 'react';
import { useAuth } from '../../lib/auth-store.ts';
import { mqttUsername, resolveMqttUrl } from '../../lib/message-rules.ts';

/** Milliseconds between attempts to (re)connect. */
const RETRY_MS = 2000;

/**
 * The live view of an auction (issue #14): subscribes to `srm/{env}/ebidding/{id}/{side}` over the
 * portal's MQTT WebSocket (the Paho client the shell uses, loaded on demand), with the session's token;
 * every push goes to `onPush`. Answers whether the channel is connected — the pages poll while it is not.
 */
export function useLivePush(
  id: string,
  side: 'purchase' | 'sale',
  enabled: boolean,
  onPush: (push: EbiddingPush) => void,
): boolean {
  const token = useAuth((s) => s.token);
  const elsAccount = useAuth((s) => s.userInfo?.elsAccount);
  const elsSubAccount = useAuth((s) => s.userInfo?.elsSubAccount);
  const mqttUrl = useAuth((s) => s.environMentConfig?.mqttUrl);
  const env = useAuth((s) => s.environMentConfig?.env);
  const [connected, setConnected] = useState(false);
  const handler = useRef(onPush);
  handler.current = onPush;

  useEffect(() => {
    if (!enabled || !id || !token || !elsAccount || !elsSubAccount || !mqttUrl || !env) return;
    let closing = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let client: import('paho-mqtt').Client | null = null;
    void import('paho-mqtt').then((mod) => {
      if (closing) return;
      const Client = mod.Client ?? (mod as unknown as { default: typeof mod }).default.Client;
      const c = new Client(
        resolveMqttUrl(mqttUrl, window.location),
        `srm_bid_${Math.random().toString(16).slice(2, 12)}`,
      );
      client = c;
      const connect = () => {
        if (closing || c.isConnected()) return;
        try {
          c.connect({
            userName: mqttUsername(elsAccount, elsSubAccount),
            password: token,
            timeout: MQTT_CONNECT_TIMEOUT_MS / 1000,
            keepAliveInterval: MQTT_KEEPALIVE_S,
            cleanSession: true,
            mqttVersion: 4,
            reconnect: false,
            onSuccess: () =>
              c.subscribe(ebiddingTopic(env, id, side), {
                qos: 1,
                onSuccess: () => setConnected(true),
                onFailure: () => setConnected(false),
              }),
            onFailure: () => {
              retry = setTimeout(connect, RETRY_MS);
            },
          });
        } catch {
          // a connect already under way: its outcome decides
        }
      };
      c.onMessageArrived = (message) => {
        try {
          handler.current(JSON.parse(message.payloadString) as EbiddingPush);
        } catch {
          // not an auction push
        }
      };
      c.onConnectionLost = () => {
        setConnected(false);
        if (!closing) retry = setTimeout(connect, RETRY_MS);
      };
      connect();
    });
    return () => {
      closing = true;
      clearTimeout(retry);
      setConnected(false);
      try {
        if (client?.isConnected()) client.disconnect();
      } catch {
        // closed already
      }
    };
  }, [id, side, enabled, token, elsAccount, elsSubAccount, mqttUrl, env]);
  return connected;
}
