import type { Permissions } from '@srm/contracts/company-admin';
import { useQuery } from '@tanstack/react-query';
import { call } from './http.ts';
import { PERMISSIONS_KEY } from './push-relay.ts';

/**
 * The permission value that holds every action: the company's administrator (contracts `ADMIN_PERMISSION`;
 * the server's `holdsAction` → `mayUse`). Not imported from contracts so module apps do not carry the
 * action catalogue; permissions.test.ts checks both agree.
 */
const ADMIN_PERMISSION = 'admin';

/**
 * GET /user/getPermissions (issue #19) — the caller's `{ permission, roles, actions }`: the permission value
 * ('admin' for the company's administrator), the codes of their roles and the action codes they hold
 * (`account.list`, `{kind}.{read|export|save|delete|import|attach|submit|<action>}` …). No action needed.
 */
export function findPermissions(): Promise<Permissions> {
  return call({ url: '/user/getPermissions', method: 'GET' });
}

/**
 * Whether `permissions` grant `code`, by the server's rule (`holdsAction` / contracts `mayUse`): the
 * administrator holds every action, anyone else the actions of their roles.
 */
export function can(permissions: Pick<Permissions, 'permission' | 'actions'>, code: string): boolean {
  return permissions.permission === ADMIN_PERMISSION || permissions.actions.includes(code);
}

/**
 * The caller's permissions in a module app (issue #19), key `['permissions']` (PERMISSIONS_KEY): read when a
 * screen first needs them, re-read when the page is opened again, when the window gets the focus back, and
 * when the shell's "Refresh permissions" relays it (push-relay.ts `usePermissionsRefresh`).
 */
export function usePermissions() {
  return useQuery({
    queryKey: PERMISSIONS_KEY,
    queryFn: findPermissions,
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/**
 * `(code) => boolean`: whether a button needing action `code` is shown (issue #19 screens hide what the
 * caller's roles do not grant). While the permissions load it answers false, so no forbidden button flashes
 * up; when they failed to load it answers true — the button stays and the server still refuses with '403'.
 */
export function useCan(): (code: string) => boolean {
  const permissions = usePermissions();
  if (permissions.data) {
    const data = permissions.data;
    return (code) => can(data, code);
  }
  const failed = permissions.isError;
  return () => failed;
}

/** Buttons guarded by an operation's code (the server's routes: edit and copy save, withdraw submits, print reads). */
const OPERATION_OF: Readonly<Record<string, string>> = {
  edit: 'save',
  copy: 'save',
  withdraw: 'submit',
  print: 'read',
};

/**
 * The action code a kind's button needs, as the server's routes declare it (contracts document/actions.ts
 * `kindAction`, apps/server platform/document/routes.ts): `{kind}.{operation}` for read, export, save,
 * delete, import, attach, submit (and edit/copy → save, withdraw → submit, print → read), `{kind}.{action}` for an action
 * of the transition table; e.g. `order.export`, `order.confirm`.
 */
export function kindCode(def: { kind: string }, name: string): string {
  return `${def.kind}.${OPERATION_OF[name] ?? name}`;
}
