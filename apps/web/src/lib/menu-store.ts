import type { MenuItem } from '@srm/contracts/menu';
import { create } from 'zustand';

type MenuState = { menu: MenuItem[]; setMenu: (menu: MenuItem[]) => void; clear: () => void };

/** The user's menu as loaded from `GET /apis/user/getMenu` (spec 000 §2); kept in memory only. */
export const useMenu = create<MenuState>()((set) => ({
  menu: [],
  setMenu: (menu) => set({ menu }),
  clear: () => set({ menu: [] }),
}));
