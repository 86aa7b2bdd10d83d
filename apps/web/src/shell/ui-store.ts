import { create } from 'zustand';
import { sizeClass } from './size-class.ts';

type UiState = {
  collapsed: boolean;
  sizeClass: 0 | 1 | 2 | 3;
  setCollapsed: (collapsed: boolean) => void;
  setSizeClass: (size: 0 | 1 | 2 | 3) => void;
};

const initialSize = typeof window === 'undefined' ? 3 : sizeClass(window.innerWidth);

/** Sidebar collapse and screen size class (spec 000 §2, §4); not persisted. */
export const useUi = create<UiState>()((set) => ({
  collapsed: initialSize === 0,
  sizeClass: initialSize,
  setCollapsed: (collapsed) => set({ collapsed }),
  setSizeClass: (size) => set({ sizeClass: size }),
}));
