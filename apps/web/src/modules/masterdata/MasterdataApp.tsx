import { ORG_UNIT_TYPES, ORG_UNITS } from '@srm/contracts/org-master';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { ModuleAppFrame } from '../../components/ModuleAppFrame.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { lazyChunk as lazy } from '../../lib/lazy.ts';
import './i18n-masterdata.ts';
import './masterdata.css';

const MaterialList = lazy(() => import('./MaterialList.tsx'));
const CategoryPage = lazy(() => import('./CategoryPage.tsx'));
const SupplierList = lazy(() => import('./SupplierList.tsx'));
const PriceList = lazy(() => import('./PriceList.tsx'));
const CustomFieldsPage = lazy(() => import('./CustomFieldsPage.tsx'));
const LifecycleList = lazy(() => import('./LifecycleList.tsx'));
const LifecycleRequestPage = lazy(() => import('./LifecycleRequestPage.tsx'));
const OrgUnitPage = lazy(() => import('./OrgUnitPage.tsx'));

/**
 * The module app: #/v2/material/list, #/v2/category, #/v2/supplier/list (#/v2/supplier/edit[?id=…]: the
 * supplier form over the list), #/v2/price/list, #/v2/custom-fields (custom field labels, buyer admins;
 * issue #5), #/v2/supplier-lifecycle and #/v2/supplierView1…6 (supplier lifecycle, issue #16),
 * #/v2/purchase-organization, #/v2/purchase-group, #/v2/factory, #/v2/cost-center (organisation master
 * data, issue #19) (buyer side).
 */
export function MasterdataApp() {
  const { t } = useTranslation();
  const sale = useAuth((s) => s.userInfo?.station === 'sale');
  return (
    <ModuleAppFrame
      className="md-app"
      loginNeeded={t('masterdata:app.loginNeeded')}
      refusal={sale ? <Result status="403" title={t('masterdata:app.buyerOnly')} /> : undefined}
    >
      <Routes>
        <Route path="/v2/material/list" element={<MaterialList />} />
        <Route path="/v2/category" element={<CategoryPage />} />
        <Route path="/v2/supplier/list" element={<SupplierList />} />
        <Route path="/v2/supplier/edit" element={<SupplierList />} />
        <Route path="/v2/price/list" element={<PriceList />} />
        <Route path="/v2/custom-fields" element={<CustomFieldsPage />} />
        {/* Organisation master data (issue #19): one page per type. */}
        {ORG_UNIT_TYPES.map((type) => (
          <Route key={type} path={`/v2/${ORG_UNITS[type].path}`} element={<OrgUnitPage />} />
        ))}
        {/* Supplier lifecycle (issue #16): the request list and the request routes of the task links. */}
        <Route path="/v2/supplier-lifecycle" element={<LifecycleList />} />
        <Route path="/v2/:view" element={<LifecycleRequestPage />} />
        <Route path="*" element={<Navigate to="/v2/material/list" replace />} />
      </Routes>
    </ModuleAppFrame>
  );
}
