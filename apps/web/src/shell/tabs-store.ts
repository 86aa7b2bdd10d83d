import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { onSessionCleared, TABS_STORE_KEY } from '../lib/session.ts';
import { wrappedStorage } from '../lib/storage.ts';
import { initialTabs, type TabAction, type TabsState, tabsReducer } from './tabs.ts';

type TabsStore = TabsState & { dispatch: (action: TabAction) => void };

/** The tab strip, persisted in session storage (spec 000 §4). */
export const useTabs = create<TabsStore>()(
  persist(
    (set, get) => ({
      ...initialTabs(),
      dispatch: (action) => {
        const { tabs, active } = get();
        set(tabsReducer({ tabs, active }, action));
      },
    }),
    {
      name: TABS_STORE_KEY,
      storage: wrappedStorage<Partial<TabsStore>>('session'),
      partialize: ({ tabs, active }) => ({ tabs, active }),
    },
  ),
);

onSessionCleared(() => useTabs.setState(initialTabs()));
