import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { subaccount } from '../account/tables.ts';

/**
 * A login session: the family of one login's refresh tokens. Access tokens name their session (sid)
 * and stop working when it is revoked (logout, refresh-token reuse, password change).
 */
export const authSession = pgTable(
  'auth_session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subaccountId: uuid('subaccount_id')
      .notNull()
      .references(() => subaccount.id, { onDelete: 'cascade' }),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    revokedDate: timestamp('revoked_date', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_session_subaccount_idx').on(t.subaccountId)],
);

/** Opaque refresh tokens, stored as SHA-256 hashes; each is used once (rotation). */
export const refreshToken = pgTable(
  'refresh_token',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSession.id, { onDelete: 'cascade' }),
    createDate: timestamp('create_date', { withTimezone: true }).notNull().defaultNow(),
    expiresDate: timestamp('expires_date', { withTimezone: true }).notNull(),
    usedDate: timestamp('used_date', { withTimezone: true }),
  },
  (t) => [index('refresh_token_session_idx').on(t.sessionId)],
);

/** Captcha challenges (spec 000 §1 "captcha"): the answer is stored hashed and works once. */
export const captcha = pgTable('captcha', {
  id: uuid('id').primaryKey().defaultRandom(),
  answerHash: text('answer_hash').notNull(),
  expiresDate: timestamp('expires_date', { withTimezone: true }).notNull(),
  usedDate: timestamp('used_date', { withTimezone: true }),
});
