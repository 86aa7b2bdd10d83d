let started = false;

/**
 * Fetches (and evaluates) the code a login leads to — the antd context, the shell layout with antd's
 * frame chunk, the home page, the message channel's MQTT client — and the login's password cipher, ahead of need (issue #12). The login
 * page calls it on the user's first input, so the login page's own bytes are unchanged and the click
 * no longer waits for ~200 KiB; a visit with a stored session calls it at start, so the three lazy
 * chunks load at once instead of one after the other. The same chunks are counted either way.
 */
export function prefetchShell(): void {
  if (started) return;
  started = true;
  Promise.all([
    import('./AntdRoot.tsx'),
    import('./layout/ShellLayout.tsx'),
    import('../pages/home/HomePage.tsx'),
    import('./session-loads.ts'),
    import('../lib/cipher.ts'),
    // The message channel's client (issue #43): the bell starts it once the home shows; fetched here it is
    // no longer code loaded after the home is ready.
    import('../lib/push.ts'),
    import('paho-mqtt'),
  ]).catch(() => {
    // A failed prefetch is retried by the real import when the page needs it.
    started = false;
  });
}
