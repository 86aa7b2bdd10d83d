import { HOME_TAB_PATH } from '@srm/contracts/constants';

export type GuardInput = {
  /** Route path, e.g. /portal/info/index. */
  path: string;
  /** Route query parameters. */
  query: Record<string, string>;
  hasToken: boolean;
  /** A stored user with a sub-account (spec 000 §5: a user record without one forces a clear-out). */
  hasUser: boolean;
  locked: boolean;
  /** The route does not need authentication (meta isAuth false). */
  isPublic: boolean;
  /** The route is a shell page shown as a tab. */
  isTabRoute: boolean;
};

export type GuardDecision =
  | { kind: 'logout' }
  | { kind: 'redirect'; to: string }
  | { kind: 'proceed'; addTab: boolean };

/**
 * Navigation guard decision (spec 000 §2 "Navigation guard", §4, §5). Query src='/' logs out. With a
 * token: a user without a sub-account is cleared out; locked → /lock; /login → home; an unlocked /lock →
 * home; otherwise proceed and add a tab. Without a token: public routes pass, others go to /login.
 */
export function decideNavigation(input: GuardInput): GuardDecision {
  if (input.query.src === '/') return { kind: 'logout' };
  if (input.hasToken) {
    if (!input.hasUser) return { kind: 'logout' };
    if (input.locked)
      return input.path === '/lock' ? { kind: 'proceed', addTab: false } : { kind: 'redirect', to: '/lock' };
    if (input.path === '/login' || input.path === '/lock') return { kind: 'redirect', to: HOME_TAB_PATH };
    return { kind: 'proceed', addTab: input.isTabRoute };
  }
  if (input.isPublic) return { kind: 'proceed', addTab: false };
  return { kind: 'redirect', to: '/login' };
}
