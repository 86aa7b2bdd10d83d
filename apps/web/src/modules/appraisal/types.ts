import type { Evidence, TemplateItem } from '@srm/contracts/appraisal';

/** A template item as saved (the server sets itemId). */
export type SavedTemplateItem = TemplateItem & { itemId: string };
export type { Evidence };
