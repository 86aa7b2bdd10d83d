/** A saved column layout (personal table config, spec 000 §3): order of keys and the hidden ones. */
export type ColumnConfig = { order: string[]; hidden: string[] };
export type ColumnState = { key: string; visible: boolean };

/** Reads configJson defensively: anything malformed is treated as "no saved layout". */
export function parseColumnConfig(json: unknown): ColumnConfig | null {
  if (typeof json !== 'object' || json === null) return null;
  const { order, hidden } = json as Record<string, unknown>;
  const strings = (v: unknown) =>
    Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  return { order: strings(order), hidden: strings(hidden) };
}

/**
 * Merges a saved layout with the columns the page has now: saved keys keep their saved order; columns
 * the saved layout does not know (added since) go after the saved ones in their own order; saved keys
 * that no longer exist are dropped. Hidden applies only to known keys, and at least one column stays
 * visible (hiding everything would leave an unusable table).
 */
export function mergeColumnConfig(current: readonly string[], saved: ColumnConfig | null): ColumnState[] {
  if (!saved) return current.map((key) => ({ key, visible: true }));
  const known = new Set(current);
  const ordered = [...new Set(saved.order.filter((k) => known.has(k)))];
  for (const key of current) if (!ordered.includes(key)) ordered.push(key);
  const hidden = new Set(saved.hidden);
  const result = ordered.map((key) => ({ key, visible: !hidden.has(key) }));
  if (!result.some((c) => c.visible)) return result.map((c) => ({ ...c, visible: true }));
  return result;
}

/** The layout to save from column states. */
export function toColumnConfig(states: readonly ColumnState[]): ColumnConfig {
  return { order: states.map((s) => s.key), hidden: states.filter((s) => !s.visible).map((s) => s.key) };
}

/** Moves the column at `index` by `delta` (−1 up, +1 down); out-of-range moves change nothing. */
export function moveColumn(states: readonly ColumnState[], index: number, delta: -1 | 1): ColumnState[] {
  const target = index + delta;
  if (index < 0 || index >= states.length || target < 0 || target >= states.length) return [...states];
  const next = [...states];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}

/** Export file name `<list>-YYYYMMDD-HHmmss.xlsx` in local time. */
export function exportFileName(list: string, at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${list}-${at.getFullYear()}${p(at.getMonth() + 1)}${p(at.getDate())}-${p(at.getHours())}${p(at.getMinutes())}${p(at.getSeconds())}.xlsx`;
}
