import { z } from 'zod';
import { LOCALES, STATIONS } from './constants.ts';

/** The account header is `{elsAccount}_{elsSubAccount}` (spec 000 §7). */
export function accountHeader(elsAccount: string, elsSubAccount: string): string {
  return `${elsAccount}_${elsSubAccount}`;
}

export const elsAccountSchema = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);
export const elsSubAccountSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.@-]+$/);

/** Body of `POST /apis/ElsAuthService/login`. `password` is AES-encrypted with the cipher key. */
export const loginBodySchema = z.object({
  elsAccount: elsAccountSchema,
  elsSubAccount: elsSubAccountSchema,
  password: z.string().min(1).max(512),
  locale: z.enum(LOCALES).optional(),
  /** Required after 3 consecutive failures (the answer then carries data.captchaRequired). */
  captchaId: z.uuid().optional(),
  captchaCode: z.string().trim().min(1).max(10).optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Logged-in user info (spec 000 §3). `fbk10` 'Y' forces a password change. */
export const subaccountInfoSchema = z.object({
  id: z.string(),
  name: z.string(),
  elsAccount: z.string(),
  elsSubAccount: z.string(),
  companyName: z.string(),
  station: z.enum(STATIONS),
  fbk10: z.enum(['Y', 'N']),
  permission: z.string(),
  roles: z.array(z.string()),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** The account this user acts as (spec 000 §4 "acting account"). */
  actingElsAccount: z.string(),
});
export type SubaccountInfo = z.infer<typeof subaccountInfoSchema>;

/** Environment configuration handed to the browser at login (spec 000 §3 environMentConfig). */
export const environMentConfigSchema = z.object({
  /** Environment name: part of the message-channel topic. */
  env: z.string(),
  /** Base path of the JSON API. */
  apiBase: z.string(),
  /** Allowed origins for /myiframe besides the portal's own. */
  iframeOrigins: z.array(z.string()),
  /** MQTT over WebSocket for pushes: a path on the portal's origin ('/mqtt') or an absolute ws(s) URL. */
  mqttUrl: z.string(),
  /** The caller's push topic (srm/{env}/{elsAccount}/{elsSubAccount}). */
  mqttTopic: z.string(),
});
export type EnvironMentConfig = z.infer<typeof environMentConfigSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  /** Access-token lifetime in seconds. */
  tokenTime: z.number(),
  elsSubaccountInfoDTO: subaccountInfoSchema,
  environMentConfig: environMentConfigSchema,
});
export type LoginResult = z.infer<typeof loginResultSchema>;

/** Body of `POST /apis/ElsAuthService/refreshToken` (spec 000 §7). */
export const refreshBodySchema = z.object({
  elsAccount: elsAccountSchema,
  elsSubAccount: elsSubAccountSchema,
  refreshToken: z.string().min(1).max(512).optional(),
});

/** Data of a successful refresh: data.code '200' and the new pair (spec 000 §7). */
export type RefreshResult = { code: '200'; token: string; refreshToken: string; tokenTime: number };

/** Public client configuration (`GET /apis/ElsAuthService/clientConfig`). */
export type ClientConfig = {
  /** Key of the spec's fixed-key cipher. Obfuscation only: see docs/security.md. */
  cipherKey: string;
  env: string;
  defaultLocale: string;
};

/** Forced password change payload (spec 000 §3); both passwords AES-encrypted. */
export const forcePasswordBodySchema = z.object({
  elsAccount: elsAccountSchema,
  elsSubAccount: elsSubAccountSchema,
  elsSubAccountPassword: z.string().min(1).max(512),
  elsSubAccountPasswordValidate: z.string().min(1).max(512),
});
