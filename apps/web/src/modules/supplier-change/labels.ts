import type { Locale } from '@srm/contracts/constants';
import {
  APPLY_STATUS,
  type ApplyStatus,
  PART_LABELS,
  type TouchedPart,
} from '@srm/contracts/supplier-change';
import { useAuth } from '../../lib/auth-store.ts';
import { useSettings } from '../../lib/settings-store.ts';
import type { Side } from './api.ts';

/** The caller's side: suppliers (sale station) propose, buyers review. */
export function useSide(): Side {
  return useAuth((s) => (s.userInfo?.station === 'sale' ? 'sale' : 'purchase'));
}

/** The interface language (zh_cn | en) for the contracts' labels. */
export function useLocale(): Locale {
  return useSettings((s) => s.locale);
}

export const statusLabel = (status: ApplyStatus, locale: Locale) => APPLY_STATUS[status]?.[locale] ?? status;
export const partLabel = (part: TouchedPart, locale: Locale) => PART_LABELS[part]?.[locale] ?? part;
export const STATUS_COLORS: Record<ApplyStatus, string> = {
  '0': 'default',
  '1': 'processing',
  '2': 'processing',
  '3': 'success',
  '4': 'error',
};
