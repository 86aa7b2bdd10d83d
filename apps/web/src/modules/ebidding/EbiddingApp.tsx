import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { ModuleAppFrame } from '../../components/ModuleAppFrame.tsx';
import { lazyChunk as lazy } from '../../lib/lazy.ts';
import './i18n-ebidding.ts';
import '../order/order.css';

const EbiddingList = lazy(() => import('./EbiddingList.tsx'));
const EbiddingEdit = lazy(() => import('./EbiddingEdit.tsx'));
const EbiddingConsole = lazy(() => import('./EbiddingConsole.tsx'));
const BiddingRoom = lazy(() => import('./BiddingRoom.tsx'));

/**
 * The module app /ebidding/ (issue #14): #/v2/list (both sides), #/v2/edit?id= (buyer: new or draft; the
 * approval link "edit e-bidding"), #/v2/detail?id= (the buyer's live console and award), #/v2/room?id=
 * (the supplier's bidding room, the link of its invitation and notices).
 */
export function EbiddingApp() {
  const { t } = useTranslation();
  return (
    <ModuleAppFrame className="order-app" loginNeeded={t('ebidding:app.loginNeeded')} pushRefresh>
      <Routes>
        <Route path="/v2/list" element={<EbiddingList />} />
        <Route path="/v2/edit" element={<EbiddingEdit />} />
        <Route path="/v2/detail" element={<EbiddingConsole />} />
        <Route path="/v2/room" element={<BiddingRoom />} />
        <Route path="*" element={<Navigate to="/v2/list" replace />} />
      </Routes>
    </ModuleAppFrame>
  );
}
