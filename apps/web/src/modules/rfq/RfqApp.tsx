import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { ModuleAppFrame } from '../../components/ModuleAppFrame.tsx';
import { lazyChunk as lazy } from '../../lib/lazy.ts';
import './i18n-rfq.ts';
import '../order/order.css';

const EnquiryList = lazy(() => import('./EnquiryList.tsx'));
const EnquiryDetail = lazy(() => import('./EnquiryDetail.tsx'));
const EnquiryEdit = lazy(() => import('./EnquiryEdit.tsx'));
const QuotePage = lazy(() => import('./QuotePage.tsx'));
const CostTemplates = lazy(() => import('./CostTemplates.tsx'));
const PublicList = lazy(() => import('./PublicList.tsx'));

/**
 * The module app /rfq/ (issue #13; spec 000 §2 task links): #/v2/list (both sides), #/v2/edit?id= (buyer:
 * new or draft; the approval link "enquiry edit"), #/v2/detail?id= (buyer: invitations, comparison and
 * award; "enquiry end"), #/v2/client/quota?id= (the supplier's quote page; "enquiry quote"),
 * #/v2/costTemplates (buyer: the cost-structure template library), #/v2/public (supplier: every buyer's
 * public RFQs to take part in, issue #13).
 */
export function RfqApp() {
  const { t } = useTranslation();
  return (
    <ModuleAppFrame className="order-app" loginNeeded={t('rfq:app.loginNeeded')} pushRefresh>
      <Routes>
        <Route path="/v2/list" element={<EnquiryList />} />
        <Route path="/v2/edit" element={<EnquiryEdit />} />
        <Route path="/v2/detail" element={<EnquiryDetail />} />
        <Route path="/v2/client/quota" element={<QuotePage />} />
        <Route path="/v2/costTemplates" element={<CostTemplates />} />
        <Route path="/v2/public" element={<PublicList />} />
        <Route path="*" element={<Navigate to="/v2/list" replace />} />
      </Routes>
    </ModuleAppFrame>
  );
}
