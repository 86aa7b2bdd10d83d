import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { ModuleAppFrame } from '../../components/ModuleAppFrame.tsx';
import { lazyChunk as lazy } from '../../lib/lazy.ts';
import './i18n-admission.ts';
import './i18n-inspection.ts';
import '../order/order.css';

const AccessList = lazy(() => import('./AccessList.tsx'));
const AccessDetail = lazy(() => import('./AccessDetail.tsx'));
const AccessEdit = lazy(() => import('./AccessEdit.tsx'));
const QualTemplateList = lazy(() => import('./QualTemplateList.tsx'));
const QualTemplateEdit = lazy(() => import('./QualTemplateEdit.tsx'));
const InspectionList = lazy(() => import('./InspectionList.tsx'));
const InspectionEdit = lazy(() => import('./InspectionEdit.tsx'));
const InspectionDetail = lazy(() => import('./InspectionDetail.tsx'));
const InspectionTemplateList = lazy(() => import('./InspectionTemplateList.tsx'));
const InspectionTemplateEdit = lazy(() => import('./InspectionTemplateEdit.tsx'));
const InspectionTemplateDetail = lazy(() => import('./InspectionTemplateDetail.tsx'));
const SampleList = lazy(() => import('./SampleList.tsx'));
const SampleEdit = lazy(() => import('./SampleEdit.tsx'));
const SampleDetail = lazy(() => import('./SampleDetail.tsx'));

/**
 * The module app /admission/ (issue #16, seed 001 §2 supplier admission):
 * - admission requests of both sides (#/v2/access/list, the form #/v2/access/edit[?id=], the review and
 *   detail page #/v2/auditAdmission/view?id= — the task link of "qualification") and the buyer's
 *   qualification templates (#/v2/qualTemplate/list, /edit[?id=]);
 * - factory inspections (#/v2/inspectTable/list, /edit[?id=], detail #/v2/inspectTableAudit/detail?id= — the
 *   task link of "inspection"), samples (#/v2/sample/list, /edit[?id=], detail #/v2/sampleAudit/view?id= —
 *   the task link of "sample"; the supplier sends from the detail) and both template kinds
 *   (#/v2/{inspectTemplate|sampleTemplate}/list, /detail?id=, /edit[?id=]).
 */
export function AdmissionApp() {
  const { t } = useTranslation();
  return (
    <ModuleAppFrame className="order-app" loginNeeded={t('admission:app.loginNeeded')} pushRefresh>
      <Routes>
        <Route path="/v2/access/list" element={<AccessList />} />
        <Route path="/v2/access/edit" element={<AccessEdit />} />
        <Route path="/v2/auditAdmission/view" element={<AccessDetail />} />
        <Route path="/v2/qualTemplate/list" element={<QualTemplateList />} />
        <Route path="/v2/qualTemplate/edit" element={<QualTemplateEdit />} />
        <Route path="/v2/inspectTable/list" element={<InspectionList />} />
        <Route path="/v2/inspectTable/edit" element={<InspectionEdit />} />
        <Route path="/v2/inspectTableAudit/detail" element={<InspectionDetail />} />
        <Route path="/v2/sample/list" element={<SampleList />} />
        <Route path="/v2/sample/edit" element={<SampleEdit />} />
        <Route path="/v2/sampleAudit/view" element={<SampleDetail />} />
        {(['inspectTemplate', 'sampleTemplate'] as const).map((kind) => [
          <Route
            key={`${kind}-list`}
            path={`/v2/${kind}/list`}
            element={<InspectionTemplateList kind={kind} />}
          />,
          <Route
            key={`${kind}-detail`}
            path={`/v2/${kind}/detail`}
            element={<InspectionTemplateDetail kind={kind} />}
          />,
          <Route
            key={`${kind}-edit`}
            path={`/v2/${kind}/edit`}
            element={<InspectionTemplateEdit kind={kind} />}
          />,
        ])}
        <Route path="*" element={<Navigate to="/v2/access/list" replace />} />
      </Routes>
    </ModuleAppFrame>
  );
}
