import type { DocDetail } from './api.ts';
import type { FormValues } from './DocumentForm.tsx';

/**
 * The edit form's `initial` from a detail answer (issue #34; DocumentForm): the header record's fields
 * (with its flat custom fields fbkN), `lines`, and each child collection the side reads under its name —
 * the shape the form edits and the kind's save takes back. Rows keep their `id` and `lineNumber` (the save
 * ignores them and numbers the rows again); a kind without collections gets header and lines only.
 */
export function editInitial(detail: Pick<DocDetail, 'record' | 'lines' | 'collections'>): FormValues {
  return { ...detail.record, lines: detail.lines, ...(detail.collections ?? {}) };
}
