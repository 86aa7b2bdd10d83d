import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { ModuleAppFrame } from '../../components/ModuleAppFrame.tsx';
import { lazyChunk as lazy } from '../../lib/lazy.ts';
import { useIsSupplier } from './labels.tsx';
import './i18n-appraisal.ts';
import '../masterdata/masterdata.css';
import './appraisal.css';

const TemplateList = lazy(() => import('./TemplateList.tsx'));
const RunList = lazy(() => import('./RunList.tsx'));
const RunDetail = lazy(() => import('./RunDetail.tsx'));
const Scoring = lazy(() => import('./Scoring.tsx'));
const Scorecards = lazy(() => import('./Scorecards.tsx'));

const useId = () => new URLSearchParams(useLocation().search).get('id');

function RunDetailRoute() {
  const id = useId();
  return id ? <RunDetail id={id} /> : <Navigate to="/v2/runs" replace />;
}
function ScorecardsRoute() {
  return <Scorecards id={useId()} />;
}

/** Buyer-only pages refuse a supplier, the scorecards a buyer. */
function Only({ side, children }: { side: 'purchase' | 'sale'; children: React.ReactNode }) {
  const { t } = useTranslation();
  const supplier = useIsSupplier();
  if ((side === 'sale') !== supplier)
    return (
      <Result
        status="403"
        title={t(side === 'sale' ? 'appraisal:app.supplierOnly' : 'appraisal:app.buyerOnly')}
      />
    );
  return children;
}

/**
 * The module app /performance/ (issue #17, seed 001 §2 supplier performance appraisal): buyer #/v2/templates,
 * #/v2/runs, #/v2/runs/detail?id=, #/v2/scoring (experts); supplier #/v2/scorecards[?id=].
 */
export function AppraisalApp() {
  const { t } = useTranslation();
  const supplier = useIsSupplier();
  return (
    <ModuleAppFrame className="md-app" loginNeeded={t('appraisal:app.loginNeeded')} pushRefresh>
      <Routes>
        <Route
          path="/v2/templates"
          element={
            <Only side="purchase">
              <TemplateList />
            </Only>
          }
        />
        <Route
          path="/v2/runs"
          element={
            <Only side="purchase">
              <RunList />
            </Only>
          }
        />
        <Route
          path="/v2/runs/detail"
          element={
            <Only side="purchase">
              <RunDetailRoute />
            </Only>
          }
        />
        <Route
          path="/v2/scoring"
          element={
            <Only side="purchase">
              <Scoring />
            </Only>
          }
        />
        <Route
          path="/v2/scorecards"
          element={
            <Only side="sale">
              <ScorecardsRoute />
            </Only>
          }
        />
        <Route path="*" element={<Navigate to={supplier ? '/v2/scorecards' : '/v2/runs'} replace />} />
      </Routes>
    </ModuleAppFrame>
  );
}
