import type { Notice, ReceivedNotice } from '@srm/contracts/message';
import { queryOptions } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth-store.ts';
import { type HomeSwitches, useHomeSwitches } from '../../lib/home-switches.ts';
import { findNotices, findReceivedNotices, MESSAGE_KEYS, queryNavigation } from '../../lib/message-api.ts';
import {
  findConfirmCount,
  findCreateDeliveryManage,
  findEnquiries,
  findSaleIndexStatistics,
  findSettings,
  selectTodoList,
} from '../../lib/portal-api.ts';
import { queryClient } from '../../lib/query-client.ts';

/**
 * How long an answer fetched ahead for the home counts as fresh: long enough that the home's own queries,
 * mounting a few hundred ms after the login, take it instead of asking again (TanStack refetches a stale
 * query on mount), short enough that a home opened later reads the figures anew.
 */
const FRESH_MS = 5_000;

/** The announcements card's page size (spec 000 §2 home portal). */
export const CARD_PAGE_SIZE = 5;

type Station = 'purchase' | 'sale';

/**
 * The home's queries (spec 000 §2: the five switchable sections, the announcements card, the shortcuts), in
 * one place so the home's components and the login's early start (`prefetchHome`) ask the same calls under
 * the same keys. Each returns TanStack `queryOptions` (key, call, freshness).
 */
export const homeQueries = {
  /** The home's display switches: POST /apis/SystemSettingService/findList, group IndexPage_Group. */
  switches: () =>
    queryOptions({
      queryKey: ['settings', 'IndexPage_Group'],
      queryFn: () => findSettings('IndexPage_Group'),
      staleTime: FRESH_MS,
    }),
  /** Order figures to confirm (purchase and order sections). */
  orders: () =>
    queryOptions({ queryKey: ['home', 'confirmCount'], queryFn: findConfirmCount, staleTime: FRESH_MS }),
  /** Finance figures (head section). */
  finance: () =>
    queryOptions({ queryKey: ['home', 'finance'], queryFn: findSaleIndexStatistics, staleTime: FRESH_MS }),
  /** The user's to-dos (head section). */
  todos: () => queryOptions({ queryKey: ['home', 'todos'], queryFn: selectTodoList, staleTime: FRESH_MS }),
  /** Open RFQs of the user's side (enquiry section). */
  enquiries: (station: Station) =>
    queryOptions({
      queryKey: ['home', 'enquiries', station],
      queryFn: () => findEnquiries(station),
      staleTime: FRESH_MS,
    }),
  /** Deliveries to create (logistics section). */
  deliveries: () =>
    queryOptions({
      queryKey: ['home', 'deliveries'],
      queryFn: findCreateDeliveryManage,
      staleTime: FRESH_MS,
    }),
  /** The shortcuts card. */
  navigation: () => queryOptions({ queryKey: ['navigation'], queryFn: queryNavigation, staleTime: 60_000 }),
  /** A page of the announcements card: a supplier's received ones, a buyer's own. */
  notices: (supplier: boolean, page: number) =>
    queryOptions({
      queryKey: [...MESSAGE_KEYS.notices, supplier ? 'received' : 'own', 'card', page],
      queryFn: async (): Promise<{ records: (Notice | ReceivedNotice)[]; total: number }> =>
        supplier
          ? findReceivedNotices({ currentPage: page, pageSize: CARD_PAGE_SIZE })
          : findNotices({ currentPage: page, pageSize: CARD_PAGE_SIZE }),
      staleTime: FRESH_MS,
    }),
};

/** Which of the sections' queries run under the given switches (the home's and `prefetchHome`'s one rule). */
export function homeQueriesOn(switches: HomeSwitches) {
  return {
    orders: switches.purchase === 1 || switches.order === 1,
    finance: switches.head === 1,
    todos: switches.head === 1,
    enquiries: switches.enquiry === 1,
    deliveries: switches.logistics === 1,
  };
}

/**
 * Starts the home's calls for the signed-in user before the home has rendered (issue #43): the switches, the
 * sections shown by the switches the browser knows (all five until the company's setting says otherwise,
 * as the home itself does, `homeQueriesOn`), the first announcements page and the shortcuts. A failed call is
 * the home's to show: its own query asks again on mount. Nothing when no one is signed in.
 */
export function prefetchHome(): void {
  const user = useAuth.getState().userInfo;
  if (!user) return;
  const station: Station = user.station === 'sale' ? 'sale' : 'purchase';
  const on = homeQueriesOn(useHomeSwitches.getState().switches);
  void queryClient.prefetchQuery(homeQueries.switches());
  if (on.finance) void queryClient.prefetchQuery(homeQueries.finance());
  if (on.todos) void queryClient.prefetchQuery(homeQueries.todos());
  if (on.orders) void queryClient.prefetchQuery(homeQueries.orders());
  if (on.enquiries) void queryClient.prefetchQuery(homeQueries.enquiries(station));
  if (on.deliveries) void queryClient.prefetchQuery(homeQueries.deliveries());
  void queryClient.prefetchQuery(homeQueries.notices(station === 'sale', 1));
  void queryClient.prefetchQuery(homeQueries.navigation());
}
