import { configure } from '@testing-library/react';

// findBy…/waitFor give up after 1 s by default: too short for antd in jsdom on a busy machine. They still
// fail when what they wait for never appears.
configure({ asyncUtilTimeout: 10_000 });

// antd reads window.matchMedia (responsive observers); jsdom does not implement it.
if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd measures with ResizeObserver (select lists, drawers); jsdom does not implement it.
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    value: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
}

// Unmount what each test rendered (Testing Library cleans up by itself only with Vitest's globals on):
// a drawer or notice left mounted keeps antd's motion timers running after jsdom is torn down, which
// failed the run with "window is not defined" after every test had passed.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
});
