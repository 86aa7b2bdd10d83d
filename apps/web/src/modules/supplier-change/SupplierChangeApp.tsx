import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ModuleAppFrame } from '../../components/ModuleAppFrame.tsx';
import { lazyChunk as lazy } from '../../lib/lazy.ts';
import './i18n-supplier-change.ts';
import '../masterdata/masterdata.css';
import './supplier-change.css';

const ChangeList = lazy(() => import('./ChangeList.tsx'));
const ChangeDetail = lazy(() => import('./ChangeDetail.tsx'));
const ChangeEdit = lazy(() => import('./ChangeEdit.tsx'));

/** #/v2/views: the list, or with `?id=` one request's diff (the task link of seed 001 §2 carries the id). */
function Views() {
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id');
  return id ? <ChangeDetail id={id} /> : <ChangeList />;
}

/**
 * The module app /supplierdatamodify/ (issue #16, seed 001 §2 "information change"): #/v2/views (the
 * supplier's requests or those sent to the buyer), #/v2/views?id=… (the field-by-field diff; the buyer
 * approves or rejects), #/v2/edit[?id=…] (the supplier's form, prefilled from its current master record).
 */
export function SupplierChangeApp() {
  const { t } = useTranslation();
  return (
    <ModuleAppFrame className="md-app" loginNeeded={t('supplierChange:app.loginNeeded')} pushRefresh>
      <Routes>
        <Route path="/v2/views" element={<Views />} />
        <Route path="/v2/edit" element={<ChangeEdit />} />
        <Route path="*" element={<Navigate to="/v2/views" replace />} />
      </Routes>
    </ModuleAppFrame>
  );
}
