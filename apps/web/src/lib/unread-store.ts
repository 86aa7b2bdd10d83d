import { create } from 'zustand';
import { useAuth } from './auth-store.ts';
import { getUnreadMessages } from './message-api.ts';

type UnreadState = {
  /** Unread message count shown on the bell (getUnReadMsgList total); null before the first answer. */
  count: number | null;
  /** Bumped on every push and every change made here, so open lists know to refetch. */
  version: number;
  refresh: () => Promise<void>;
  /** Something changed (a push arrived, messages were marked): refresh the count and bump the version. */
  changed: () => void;
  clear: () => void;
};

let inflight: Promise<void> | null = null;
let again = false;

/**
 * The bell's unread count (spec 000 §2, issue #4). A tiny store rather than a query, so the top bar
 * does not carry the query library on the home route (DESIGN §10); lists that do use queries are
 * invalidated by the push channel itself.
 */
export const useUnread = create<UnreadState>()((set, get) => ({
  count: null,
  version: 0,
  refresh: () => {
    if (inflight) {
      again = true;
      return inflight;
    }
    inflight = (async () => {
      do {
        again = false;
        const user = useAuth.getState().userInfo;
        if (!user) return;
        try {
          const { total } = await getUnreadMessages(user.elsAccount, user.elsSubAccount);
          set({ count: total });
        } catch (e) {
          console.error('unread count failed', e);
        }
      } while (again);
    })().finally(() => {
      inflight = null;
    });
    return inflight;
  },
  changed: () => {
    set((s) => ({ version: s.version + 1 }));
    void get().refresh();
  },
  clear: () => set({ count: null }),
}));
