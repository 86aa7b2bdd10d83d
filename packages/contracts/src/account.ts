import { z } from 'zod';
import { elsAccountSchema, elsSubAccountSchema } from './auth.ts';

/** Account update payload (spec 000 §3). */
export const accountUpdateBodySchema = z.object({
  elsAccount: elsAccountSchema,
  elsSubAccount: elsSubAccountSchema,
  email: z.email().max(128),
});

/** Account detail returned by `GET /apis/ElsAccountService/findDetail/{id}`. */
export type AccountDetail = {
  id: string;
  elsAccount: string;
  elsSubAccount: string;
  name: string;
  companyName: string;
  companyShortName: string | null;
  station: 'purchase' | 'sale';
  email: string | null;
  mobile: string | null;
  permission: string;
  roles: string[];
  fbk10: 'Y' | 'N';
  createDate: string;
  lastLoginDate: string | null;
};

/** A buyer linked with the caller's supplier company (issue #16 "one inbox": the lists' buyer select). */
export const linkedBuyerSchema = z.object({
  elsAccount: z.string(),
  companyName: z.string(),
  companyShortName: z.string().nullable(),
});
export type LinkedBuyer = z.infer<typeof linkedBuyerSchema>;

/** GET /apis/ElsAccountService/findInbox: the linked buyers and the user's chosen one (null: all). */
export const inboxSchema = z.object({
  buyers: z.array(linkedBuyerSchema),
  inboxElsAccount: z.string().nullable(),
});
export type Inbox = z.infer<typeof inboxSchema>;

/** POST /apis/ElsAccountService/saveInbox: the buyer the user's lists open with (null: all buyers). */
export const inboxBodySchema = z.object({ elsAccount: elsAccountSchema.nullable() });
