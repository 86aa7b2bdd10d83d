import type { MenuItem } from '@srm/contracts/menu';
import { getMenu } from '../lib/api.ts';
import { useAuth } from '../lib/auth-store.ts';
import { loadDictionaries } from '../lib/dict.ts';
import { useSettings } from '../lib/settings-store.ts';
import { loadTableConfigs } from '../lib/table-configs.ts';
import { loadTenantTexts } from '../lib/tenant-i18n.ts';
import { prefetchHome } from '../pages/home/home-queries.ts';

/** The menu call started for a session, by its token (one per login; the shell takes it when it mounts). */
let started: { token: string; menu: Promise<MenuItem[]> } | null = null;

/**
 * The calls the shell makes for a new session (spec 000 §2 and §7: the menu, the dictionaries, the tenant's
 * language file, the user's table configurations), started the moment a login answers rather than once the
 * shell has rendered (issue #43: ~0.4–0.6 s later, which made `getMenu` and the language file the last calls
 * the home waited for). Each loader keeps its own promise, so the shell's effects, which still call them, reuse
 * the same calls instead of repeating them. The login page calls it once the session is signed in (its chunk
 * is fetched with the shell's on the user's first key, shell/prefetch.ts). Not at page load with a stored
 * token: that session is checked first (webValidToken, spec 000 §7), and the shell starts its calls after the
 * check as before.
 */
export function startSessionLoads(): void {
  const { token, userInfo } = useAuth.getState();
  if (!token || !userInfo) return;
  started = { token, menu: getMenu() };
  // The home's calls once the menu has answered (the shell needs it first: over HTTP/1.1's six connections
  // fourteen calls at once queued the menu behind the home's figures); the home, when it mounts earlier,
  // starts its own and this adds none. A rejected menu is the shell's to report: kept for it, not thrown here.
  started.menu.then(prefetchHome, () => undefined);
  void loadDictionaries();
  void loadTenantTexts(userInfo.actingElsAccount ?? userInfo.elsAccount, useSettings.getState().locale);
  if (userInfo.elsAccount && userInfo.elsSubAccount)
    loadTableConfigs({ elsAccount: userInfo.elsAccount, elsSubAccount: userInfo.elsSubAccount }).catch(() => {
      // the shell's own call reports a failure
    });
}

/**
 * `GET /apis/user/getMenu` for the shell's first menu: the call a login started for this token when there is
 * one (once; a later read calls again), otherwise a new call. Shape and errors as `getMenu`.
 */
export function sessionMenu(token: string): Promise<MenuItem[]> {
  if (started?.token === token) {
    const menu = started.menu;
    started = null;
    return menu;
  }
  return getMenu();
}
