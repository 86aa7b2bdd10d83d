import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { storageKey } from './storage.ts';

// No runtime import of the query library here: the shell's bell imports relayPush on the home route.

/**
 * Pushes reach module pages (issue #12): the message channel lives in the shell (MessageBell), while
 * module apps (/order/ …) run in same-origin iframes with their own query client. The shell re-broadcasts
 * every push on this BroadcastChannel; a module app that calls `usePushRefresh` at its root refetches its
 * open queries, so an open document or list shows what the push was about without a reload. A channel
 * reaches every page of the origin, so it is named like a storage key (issue #19, BASE_PATH): two
 * installations (`/srm/`, `/test/`) do not relay each other's pushes; `srm-push` at the root.
 */
export const PUSH_CHANNEL = storageKey('push');

/**
 * What travels on the channel: the push's text (the message title), a restored connection, the user's
 * "Refresh permissions" (issue #19: the module apps re-read GET /user/getPermissions, their buttons follow),
 * or a change of the company's menu saved in a module app (issue #19, menu management: the shell re-reads
 * its side menu).
 */
export type PushRelayMessage =
  | { kind: 'message'; text: string }
  | { kind: 'restored' }
  | { kind: 'permissions' }
  | { kind: 'menu' };

/** The query key of the caller's permissions in every module app (lib/permissions.ts `usePermissions`). */
export const PERMISSIONS_KEY = ['permissions'] as const;

/** Marks a query a push must not refetch (an edit form's document: its version is what the save sends). */
export const KEEP_ON_PUSH = { keepOnPush: true } as const;

/** Called by the shell for every push (and after a lost connection came back), and on "Refresh permissions". */
export function relayPush(message: PushRelayMessage): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(PUSH_CHANNEL);
  try {
    channel.postMessage(message);
  } finally {
    channel.close();
  }
}

/**
 * Listens for relayed pushes; each one invalidates the queries of `client` (the app's one query client):
 * the mounted ones refetch at once, the others when next shown; those marked `meta: KEEP_ON_PUSH` stay.
 * `onPush` also sees each one.
 */
export function usePushRefresh(client: QueryClient, onPush?: (message: PushRelayMessage) => void): void {
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(PUSH_CHANNEL);
    channel.onmessage = (event: MessageEvent<PushRelayMessage>) => {
      // A permission refresh is usePermissionsRefresh's: it reloads the permissions only; a menu change is
      // the shell's.
      if (event.data?.kind === 'permissions' || event.data?.kind === 'menu') return;
      void client.invalidateQueries({ predicate: (query) => query.meta?.keepOnPush !== true });
      onPush?.(event.data);
    };
    return () => channel.close();
  }, [client, onPush]);
}

/**
 * Listens for the shell's "Refresh permissions" (issue #19): each one invalidates the permissions query of
 * `client` (key PERMISSIONS_KEY), so the open screens show or hide their buttons without a reload. Every
 * module app's frame (ModuleAppFrame) calls it, whether or not it follows pushes.
 */
export function usePermissionsRefresh(client: QueryClient): void {
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(PUSH_CHANNEL);
    channel.onmessage = (event: MessageEvent<PushRelayMessage>) => {
      if (event.data?.kind === 'permissions') void client.invalidateQueries({ queryKey: PERMISSIONS_KEY });
    };
    return () => channel.close();
  }, [client]);
}

/**
 * The shell's side of a menu change (issue #19): calls `onMenuChanged` whenever a module app (menu
 * management) relays `{ kind: 'menu' }`, so the side menu is re-read without a reload.
 */
export function useMenuChanged(onMenuChanged: () => void): void {
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(PUSH_CHANNEL);
    channel.onmessage = (event: MessageEvent<PushRelayMessage>) => {
      if (event.data?.kind === 'menu') onMenuChanged();
    };
    return () => channel.close();
  }, [onMenuChanged]);
}
