import { KIND_MANIFEST } from '@srm/contracts/kinds';

/**
 * The rows of the interface-texts page (#/v2/language, issue #18/#19) and their rules, kept apart from the
 * screen so they can be tested: the saved overrides { namespace: { key: text } } (spec 000 §7 "language
 * JSON files by tenant id and language", POST /apis/SystemSettingService/findLanguage|saveLanguage) as
 * rows, back to the map, and the client-side checks the server's schema also makes.
 */

/**
 * Namespaces whose texts the portal shell shows after login and merges the company's overrides into
 * (tenant-i18n.ts; the login page knows no company yet and shows the default tenant's texts).
 */
export const SHELL_NAMESPACES = ['shell', 'common', 'pages', 'portal', 'account', 'msg', 'audit'] as const;

/**
 * Namespaces of the module apps the shell opens in iframes (/order/, /rfq/, /system/ …), which merge the
 * company's overrides before their first render too (lib/module-texts.ts, issue #18/#19): every kind's
 * namespace from the manifest of kinds (contracts kinds.ts `texts`, issue #34), then those of no kind.
 */
export const MODULE_NAMESPACES: readonly string[] = [
  ...new Set([...KIND_MANIFEST.map((kind) => kind.texts), 'document', 'companyAdmin']),
];

/** Every namespace a company may override texts of (the shell's, then the module apps'). */
export const TEXT_NAMESPACES: readonly string[] = [...SHELL_NAMESPACES, ...MODULE_NAMESPACES];

/** A key: a dotted path of letters, digits and '_' (e.g. `topbar.followUs`), at most 100 characters. */
export const KEY_PATTERN = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;
export const KEY_MAX = 100;
/** An override text: required, at most 500 characters (the server's limit). */
export const TEXT_MAX = 500;
/** At most 2,000 texts per language (the server's limit). */
export const ROWS_MAX = 2000;

export type Overrides = Record<string, Record<string, string>>;

/** One override: `id` is local to the page (stable across edits), namespace and key name the text. */
export type LanguageRow = { id: string; ns: string; key: string; text: string };

/** The field a problem is about and the rule it breaks (the page turns these into zh_cn/en messages). */
export type RowProblem =
  | { field: 'ns'; rule: 'required' | 'unknown' }
  | { field: 'key'; rule: 'required' | 'pattern' | 'max' | 'duplicate' | 'group' }
  | { field: 'text'; rule: 'required' | 'max' };

/** The saved map as rows, sorted by namespace then key. */
export function toRows(overrides: Overrides): LanguageRow[] {
  const rows: LanguageRow[] = [];
  for (const [ns, texts] of Object.entries(overrides)) {
    for (const [key, text] of Object.entries(texts)) rows.push({ id: `${ns}:${key}`, ns, key, text });
  }
  return rows.sort((a, b) => a.ns.localeCompare(b.ns) || a.key.localeCompare(b.key));
}

/** Rows back to the map saveLanguage takes (texts as typed; the checks below refuse blank ones). */
export function toOverrides(rows: LanguageRow[]): Overrides {
  const out: Overrides = {};
  for (const row of rows) {
    out[row.ns] ??= {};
    out[row.ns][row.key] = row.text;
  }
  return out;
}

/** The problem of an override text, or null. */
export function textProblem(text: string): RowProblem | null {
  if (!text.trim()) return { field: 'text', rule: 'required' };
  if (text.length > TEXT_MAX) return { field: 'text', rule: 'max' };
  return null;
}

/**
 * The problems of a new row against the rows already there, at most one per field (namespace, key, text;
 * empty when it may be added). Same namespace and key as an existing row: 'duplicate'. A key naming a
 * group of texts rather than one text — `bundled` (the app's own value for it) is an object, or another
 * row's key of the namespace starts with it plus '.' or it with that key plus '.' — would replace the
 * whole group: 'group'.
 */
export function newRowProblems(
  row: { ns?: string | null; key?: string | null; text?: string | null },
  rows: LanguageRow[],
  bundled?: unknown,
): RowProblem[] {
  const problems: RowProblem[] = [];
  const ns = row.ns ?? '';
  const key = (row.key ?? '').trim();
  if (!ns) problems.push({ field: 'ns', rule: 'required' });
  else if (!(TEXT_NAMESPACES as readonly string[]).includes(ns))
    problems.push({ field: 'ns', rule: 'unknown' });
  const nested = (a: string, b: string) => a.startsWith(`${b}.`);
  if (!key) problems.push({ field: 'key', rule: 'required' });
  else if (key.length > KEY_MAX) problems.push({ field: 'key', rule: 'max' });
  else if (!KEY_PATTERN.test(key)) problems.push({ field: 'key', rule: 'pattern' });
  else if (rows.some((r) => r.ns === ns && r.key === key)) problems.push({ field: 'key', rule: 'duplicate' });
  else if (
    (typeof bundled === 'object' && bundled !== null) ||
    rows.some((r) => r.ns === ns && (nested(r.key, key) || nested(key, r.key)))
  )
    problems.push({ field: 'key', rule: 'group' });
  const text = textProblem(row.text ?? '');
  if (text) problems.push(text);
  return problems;
}
