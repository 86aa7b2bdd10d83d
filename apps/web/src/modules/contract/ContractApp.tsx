import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { ModuleAppFrame } from '../../components/ModuleAppFrame.tsx';
import { lazyChunk as lazy } from '../../lib/lazy.ts';
import './i18n-contract.ts';
import './contract.css';

const ContractList = lazy(() => import('./ContractList.tsx'));
const ContractEdit = lazy(() => import('./ContractEdit.tsx'));
const ContractDetail = lazy(() => import('./ContractDetail.tsx'));
const ContractTypePage = lazy(() => import('./ContractTypePage.tsx'));
const ClausePage = lazy(() => import('./ClausePage.tsx'));
const TemplatePage = lazy(() => import('./TemplatePage.tsx'));

/**
 * The module app /contract/ (issue #36): the contracts of both sides (#/v2/contract/list), the buyer's form
 * (#/v2/contract/edit[?id=]) and the detail (#/v2/contract/detail?id=) where the buyer submits, sends for
 * signing, terminates or closes and the supplier signs or sends back — the kernel's default screens; the
 * buyer's contract types (#/v2/contract-type/list), clause library (#/v2/clause/list) and templates
 * (#/v2/template/list).
 */
export function ContractApp() {
  const { t } = useTranslation();
  return (
    <ModuleAppFrame className="contract-app" loginNeeded={t('contract:app.loginNeeded')} pushRefresh>
      <Routes>
        <Route path="/v2/contract/list" element={<ContractList />} />
        <Route path="/v2/contract/edit" element={<ContractEdit />} />
        <Route path="/v2/contract/detail" element={<ContractDetail />} />
        <Route path="/v2/contract-type/list" element={<ContractTypePage />} />
        <Route path="/v2/clause/list" element={<ClausePage />} />
        <Route path="/v2/template/list" element={<TemplatePage />} />
        <Route path="*" element={<Navigate to="/v2/contract/list" replace />} />
      </Routes>
    </ModuleAppFrame>
  );
}
