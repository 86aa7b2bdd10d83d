import type { Queryable } from './db.ts';
import { smsOutbox } from './tables.ts';

/**
 * Where SMS go. The default provider writes every message to the sms_outbox table, which an admin page
 * and the tests read; a real gateway (Aliyun, Tencent Cloud …) implements the same call.
 */
export type SmsProvider = {
  kind: string;
  send(db: Queryable, message: { mobile: string; content: string; purpose: string }): Promise<void>;
};

export const outboxSmsProvider: SmsProvider = {
  kind: 'outbox',
  async send(db, message) {
    await db.insert(smsOutbox).values(message);
  },
};
