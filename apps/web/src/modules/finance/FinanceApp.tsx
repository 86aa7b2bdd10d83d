import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { ModuleAppFrame } from '../../components/ModuleAppFrame.tsx';
import { lazyChunk as lazy } from '../../lib/lazy.ts';
import './i18n-finance.ts';
import '../order/order.css';

const FeeSheetList = lazy(() => import('./FeeSheetList.tsx'));
const FeeSheetDetail = lazy(() => import('./FeeSheetDetail.tsx'));
const FeeSheetEdit = lazy(() => import('./FeeSheetEdit.tsx'));
const ReconList = lazy(() => import('./ReconList.tsx'));
const ReconDetail = lazy(() => import('./ReconDetail.tsx'));
const ReconNew = lazy(() => import('./ReconNew.tsx'));
const InvoiceList = lazy(() => import('./InvoiceList.tsx'));
const InvoiceDetail = lazy(() => import('./InvoiceDetail.tsx'));
const InvoiceEdit = lazy(() => import('./InvoiceEdit.tsx'));

/**
 * The module app /finance/ (issue #15, seed 001 §2 financial coordination): deductions
 * (#/v2/deductCost/…) and additional charges (#/v2/addCost/…) — list, detail, edit — and reconciliation
 * statements (#/v2/recon/list, /detail?id=, /new, /new?id= to edit a draft or returned one) and invoices
 * (#/v2/invoice/list, /detail?id=, /new, /new?id= to correct a draft or rejected one), both sides.
 */
export function FinanceApp() {
  const { t } = useTranslation();
  return (
    <ModuleAppFrame className="order-app" loginNeeded={t('finance:app.loginNeeded')} pushRefresh>
      <Routes>
        {(['deductCost', 'addCost'] as const).map((kind) => [
          <Route key={`${kind}-list`} path={`/v2/${kind}/list`} element={<FeeSheetList kind={kind} />} />,
          <Route
            key={`${kind}-detail`}
            path={`/v2/${kind}/detail`}
            element={<FeeSheetDetail kind={kind} />}
          />,
          <Route key={`${kind}-edit`} path={`/v2/${kind}/edit`} element={<FeeSheetEdit kind={kind} />} />,
        ])}
        <Route path="/v2/recon/list" element={<ReconList />} />
        <Route path="/v2/recon/detail" element={<ReconDetail />} />
        <Route path="/v2/recon/new" element={<ReconNew />} />
        <Route path="/v2/invoice/list" element={<InvoiceList />} />
        <Route path="/v2/invoice/detail" element={<InvoiceDetail />} />
        <Route path="/v2/invoice/new" element={<InvoiceEdit />} />
        <Route path="*" element={<Navigate to="/v2/recon/list" replace />} />
      </Routes>
    </ModuleAppFrame>
  );
}
