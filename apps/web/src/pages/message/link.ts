import { buildMenuPath, targetHref } from '../../shell/menu-path.ts';

/**
 * Route of a message's linked document (issue #4 "open the linked document in a tab"): the linkUrl is
 * split into path and query and built like a menu entry (spec 000 §2), so portal pages open as their
 * tab and anything else in the frame tab. Null when there is no link.
 */
export function linkHref(linkUrl: string | null | undefined): string | null {
  const url = linkUrl?.trim();
  if (!url) return null;
  const [path, search = ''] = url.split('?', 2);
  if (!path) return null;
  const query = Object.fromEntries(new URLSearchParams(search));
  return targetHref(buildMenuPath({ appUrl: path, query }));
}

/** Body of a message-center search: only filled filters are sent; dates cover whole days. */
export function messageFilterBody(filters: {
  keyword?: string;
  senderElsAccount?: string | null;
  readFlag?: 'Y' | 'N' | '';
  handleFlag?: 'Y' | 'N' | '';
  range?:
    | [{ startOf(u: 'day'): { toISOString(): string } }, { endOf(u: 'day'): { toISOString(): string } }]
    | null;
}): {
  keyword?: string;
  senderElsAccount?: string;
  readFlag?: 'Y' | 'N';
  handleFlag?: 'Y' | 'N';
  sendTimeStart?: string;
  sendTimeEnd?: string;
} {
  const out: ReturnType<typeof messageFilterBody> = {};
  const keyword = filters.keyword?.trim();
  if (keyword) out.keyword = keyword;
  if (filters.senderElsAccount) out.senderElsAccount = filters.senderElsAccount;
  if (filters.readFlag) out.readFlag = filters.readFlag;
  if (filters.handleFlag) out.handleFlag = filters.handleFlag;
  if (filters.range?.[0] && filters.range[1]) {
    out.sendTimeStart = filters.range[0].startOf('day').toISOString();
    out.sendTimeEnd = filters.range[1].endOf('day').toISOString();
  }
  return out;
}
