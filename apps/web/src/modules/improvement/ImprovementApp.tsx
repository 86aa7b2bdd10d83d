import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { ModuleAppFrame } from '../../components/ModuleAppFrame.tsx';
import { lazyChunk as lazy } from '../../lib/lazy.ts';
import './i18n-improvement.ts';
import '../order/order.css';

const ImprovementList = lazy(() => import('./ImprovementList.tsx'));
const ImprovementEdit = lazy(() => import('./ImprovementEdit.tsx'));
const ImprovementDetail = lazy(() => import('./ImprovementDetail.tsx'));
const TemplateList = lazy(() => import('./TemplateList.tsx'));
const TemplateEdit = lazy(() => import('./TemplateEdit.tsx'));
const TemplateDetail = lazy(() => import('./TemplateDetail.tsx'));

/**
 * The module app /improvement/ (issue #17): improvement sheets of both sides (#/v2/improvement/list, the
 * buyer's form #/v2/improvement/edit[?id=], the detail #/v2/improvement/detail?id= where the supplier answers
 * and the buyer closes or reopens) and the buyer's improvement item templates (#/v2/template/list, /detail,
 * /edit).
 */
export function ImprovementApp() {
  const { t } = useTranslation();
  return (
    <ModuleAppFrame className="order-app" loginNeeded={t('improvement:app.loginNeeded')} pushRefresh>
      <Routes>
        <Route path="/v2/improvement/list" element={<ImprovementList />} />
        <Route path="/v2/improvement/edit" element={<ImprovementEdit />} />
        <Route path="/v2/improvement/detail" element={<ImprovementDetail />} />
        <Route path="/v2/template/list" element={<TemplateList />} />
        <Route path="/v2/template/edit" element={<TemplateEdit />} />
        <Route path="/v2/template/detail" element={<TemplateDetail />} />
        <Route path="*" element={<Navigate to="/v2/improvement/list" replace />} />
      </Routes>
    </ModuleAppFrame>
  );
}
