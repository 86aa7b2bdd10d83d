import type { ActionCode } from '@srm/contracts/company-admin';
import { Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { ModuleAppFrame } from '../../components/ModuleAppFrame.tsx';
import { lazyChunk as lazy } from '../../lib/lazy.ts';
import { can, usePermissions } from '../../lib/permissions.ts';
import './i18n-company-admin.ts';
import '../masterdata/masterdata.css';

const AccountList = lazy(() => import('./AccountList.tsx'));
const RoleList = lazy(() => import('./RoleList.tsx'));
const Integrations = lazy(() => import('./Integrations.tsx'));
const LanguageTexts = lazy(() => import('./LanguageTexts.tsx'));
const Dictionaries = lazy(() => import('./Dictionaries.tsx'));
const Parameters = lazy(() => import('./Parameters.tsx'));
const MenuAdmin = lazy(() => import('./MenuAdmin.tsx'));

/** Shows the page only to a user whose roles grant `action`; the 403 result (spec 000 §2) otherwise. */
function Needs({ action, children }: { action: ActionCode; children: ReactNode }) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  if (permissions.isLoading) return <Spin className="tab-loading" />;
  if (!permissions.data || !can(permissions.data, action))
    return <Result status="403" title="403" subTitle={t('companyAdmin:app.forbidden')} />;
  return children;
}

/** Shows the page only to the company's administrator (API keys and webhooks, issue #18). */
function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  if (permissions.isLoading) return <Spin className="tab-loading" />;
  if (permissions.data?.permission !== 'admin')
    return <Result status="403" title="403" subTitle={t('companyAdmin:app.forbidden')} />;
  return children;
}

/**
 * The module app /system/ (issue #19 company administration): #/v2/accounts (the company's sub-accounts:
 * create, edit, disable/enable, reset password, unlock) and #/v2/roles (roles with their menu entries and
 * operation permissions). Both buyer and supplier admins use it for their own company. The company admin
 * also has #/v2/integrations (API keys and webhooks, issue #18) and, for a buyer, #/v2/language (the
 * company's interface texts, issue #18/#19), #/v2/dictionaries (business dictionary labels and enabled flags)
 * and #/v2/parameters (preset parameters), issue #19 — the server refuses a supplier admin with '403' — and
 * #/v2/menus (Menu management, issue #19: the company's side menu, for the admin of either station).
 */
export function SystemApp() {
  const { t } = useTranslation();
  return (
    <ModuleAppFrame className="md-app" loginNeeded={t('companyAdmin:app.loginNeeded')}>
      <Routes>
        <Route
          path="/v2/accounts"
          element={
            <Needs action="account.list">
              <AccountList />
            </Needs>
          }
        />
        <Route
          path="/v2/roles"
          element={
            <Needs action="role.list">
              <RoleList />
            </Needs>
          }
        />
        <Route
          path="/v2/integrations"
          element={
            <AdminOnly>
              <Integrations />
            </AdminOnly>
          }
        />
        <Route
          path="/v2/language"
          element={
            <AdminOnly>
              <LanguageTexts />
            </AdminOnly>
          }
        />
        <Route
          path="/v2/dictionaries"
          element={
            <AdminOnly>
              <Dictionaries />
            </AdminOnly>
          }
        />
        <Route
          path="/v2/parameters"
          element={
            <AdminOnly>
              <Parameters />
            </AdminOnly>
          }
        />
        <Route
          path="/v2/menus"
          element={
            <AdminOnly>
              <MenuAdmin />
            </AdminOnly>
          }
        />
        <Route path="*" element={<Navigate to="/v2/accounts" replace />} />
      </Routes>
    </ModuleAppFrame>
  );
}
