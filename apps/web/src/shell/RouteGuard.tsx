import { type ReactNode, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { logout } from '../lib/api.ts';
import { useAuth, useLock } from '../lib/auth-store.ts';
import { dropBootFrame } from '../lib/boot-frame.ts';
import { dropBootLogin } from '../lib/boot-login.ts';
import { setCookie } from '../lib/cookies.ts';
import { ensureFingerprintCookie } from '../lib/fingerprint.ts';
import { TICKET_COOKIE } from '../lib/session.ts';
import { decideNavigation } from './guard.ts';
import { findTabRoute, isPublicPath, REDIRECTS } from './route-table.ts';

function queryOf(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

/**
 * Navigation guard (spec 000 §2): stores the ticket cookie, ensures the fingerprint cookie, applies the
 * decision of `decideNavigation`, and sets the site title outside the layout (the layout titles tabs).
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { t } = useTranslation();
  const token = useAuth((s) => s.token);
  const hasUser = useAuth((s) => Boolean(s.userInfo?.elsSubAccount));
  const locked = useLock((s) => s.locked);
  const query = queryOf(location.search);
  const ticket = query.ticket ?? new URLSearchParams(window.location.search).get('ticket') ?? undefined;
  const isTabRoute = Boolean(findTabRoute(location.pathname));
  const decision = decideNavigation({
    path: location.pathname,
    query,
    hasToken: Boolean(token),
    hasUser,
    locked,
    isPublic: isPublicPath(location.pathname),
    isTabRoute,
  });

  useEffect(() => {
    ensureFingerprintCookie();
  }, []);
  useEffect(() => {
    if (ticket) setCookie(TICKET_COOKIE, ticket);
  }, [ticket]);
  useEffect(() => {
    if (decision.kind === 'logout') void logout();
  }, [decision.kind]);
  // The page's pre-React shell frame belongs to shell routes only (the layout removes it when mounted);
  // redirects on the way to one (/ → home) keep it.
  const shellRoute =
    isTabRoute || location.pathname.startsWith('/myiframe') || location.pathname in REDIRECTS;
  useEffect(() => {
    if (decision.kind === 'logout' || (decision.kind === 'proceed' && !shellRoute)) dropBootFrame();
  }, [shellRoute, decision.kind]);
  // The login form painted from the HTML belongs to the login page (which takes it over); any other page
  // the guard lets through removes it.
  useLayoutEffect(() => {
    if (decision.kind === 'proceed' && location.pathname !== '/login') dropBootLogin();
  }, [decision.kind, location.pathname]);
  useEffect(() => {
    // The login page sets its own title from the login-page settings (spec 000 §2).
    if (!isTabRoute && location.pathname !== '/login') document.title = t('common:app.title');
  }, [isTabRoute, t, location.pathname]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'logout') return null;
  return children;
}
