import type { Category } from './api.ts';

/** Pure helpers of the master-data app. */

export type TreeOption = {
  value: string;
  title: string;
  selectable?: boolean;
  disabled?: boolean;
  children?: TreeOption[];
};

/** The category tree as TreeSelect options where only level-3 categories can be picked. */
export function level3Options(tree: Category[]): TreeOption[] {
  const walk = (nodes: Category[]): TreeOption[] =>
    nodes.map((n) => ({
      value: n.id,
      title: `${n.cateName} (${n.cateCode})`,
      selectable: n.cateLevel === 3,
      ...(n.children.length > 0 ? { children: walk(n.children) } : {}),
    }));
  return walk(tree);
}

/** Finds a category by id anywhere in the tree. */
export function findCategory(tree: Category[], id: string): Category | null {
  for (const n of tree) {
    if (n.id === id) return n;
    const hit = findCategory(n.children, id);
    if (hit) return hit;
  }
  return null;
}

/** Ids of every node that has children (to expand the whole tree). */
export function parentIds(tree: Category[]): string[] {
  return tree.flatMap((n) => (n.children.length > 0 ? [n.id, ...parentIds(n.children)] : []));
}

/** Trimmed text or undefined when empty (optional fields of a save body). */
export function optional(v: string | null | undefined): string | undefined {
  const s = v?.trim();
  return s ? s : undefined;
}

/** '2026-01-31T16:00:00.000Z' → local 'YYYY-MM-DD HH:mm'; anything unparsable is returned unchanged. */
export function shortDateTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}
