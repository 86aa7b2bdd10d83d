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
