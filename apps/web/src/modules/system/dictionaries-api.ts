import type { DictionaryAdminRow } from '@srm/contracts/dictionaries';
import { call } from '../../lib/http.ts';

export type { DictionaryAdminRow };

/** One preset parameter: its bounds, default, the value in effect and the stored text (null: none saved). */
export type PresetParameterRow = {
  group: string;
  code: string;
  type: 'integer';
  unit: string;
  min: number;
  max: number;
  defaultValue: number;
  value: number;
  stored: string | null;
};

export const DICT_ADMIN_KEYS = {
  dictionaries: ['system', 'dictionaries'] as const,
  parameters: ['system', 'parameters'] as const,
};

/** Longest override label, as the server checks it (characters). */
export const DICT_LABEL_MAX = 50;

/** POST /apis/DictService/findOverrides — every platform dictionary entry with the company's overrides. */
export function findDictionaryOverrides(): Promise<DictionaryAdminRow[]> {
  return call({ url: '/DictService/findOverrides', method: 'POST', data: {} });
}

/**
 * POST /apis/DictService/saveOverride — body { code, value, zhCn, en (null: the platform label), enabled,
 * version (absent for an entry without an override) }; '409' when someone saved meanwhile, '400' naming
 * the field (label over 50 characters or blank, unknown value). data: the saved row.
 */
export function saveDictionaryOverride(row: {
  code: string;
  value: string;
  zhCn: string | null;
  en: string | null;
  enabled: boolean;
  version: number | null;
}): Promise<DictionaryAdminRow> {
  const { version, ...rest } = row;
  return call({
    url: '/DictService/saveOverride',
    method: 'POST',
    data: { ...rest, ...(version === null ? {} : { version }) },
  });
}

/** POST /apis/ParameterService/findList — the company's preset parameters. */
export function findParameters(): Promise<PresetParameterRow[]> {
  return call({ url: '/ParameterService/findList', method: 'POST', data: {} });
}

/**
 * POST /apis/ParameterService/save — body { group, code, value (integer in [min, max]), stored (the text
 * read, null when none) }; '409' when it changed meanwhile. data: all parameters.
 */
export function saveParameter(
  row: Pick<PresetParameterRow, 'group' | 'code' | 'stored'>,
  value: number,
): Promise<PresetParameterRow[]> {
  return call({
    url: '/ParameterService/save',
    method: 'POST',
    data: { group: row.group, code: row.code, value, stored: row.stored },
  });
}
