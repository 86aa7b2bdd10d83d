import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { ModuleAppFrame } from '../../components/ModuleAppFrame.tsx';
import { lazyChunk as lazy } from '../../lib/lazy.ts';
import './i18n-order.ts';
import './order.css';
import { appUrl } from '../../lib/base-path.ts';

const OrderList = lazy(() => import('./OrderList.tsx'));
const OrderDetailPage = lazy(() => import('./OrderDetail.tsx'));
const OrderEdit = lazy(() => import('./OrderEdit.tsx'));
// Delivery notices and returns (issue #12): their own folders, one lazy chunk per screen.
const DeliveryList = lazy(() => import('../delivery/DeliveryList.tsx'));
const DeliveryShip = lazy(() => import('../delivery/DeliveryShip.tsx'));
const DeliveryDetail = lazy(() => import('../delivery/DeliveryDetail.tsx'));
const DeliveryEdit = lazy(() => import('../delivery/DeliveryEdit.tsx'));
const DeliveryReceive = lazy(() => import('../delivery/DeliveryReceive.tsx'));
const DeliveryRequest = lazy(() => import('../delivery/DeliveryRequest.tsx'));
const RefundList = lazy(() => import('../refund/RefundList.tsx'));
const RefundDetail = lazy(() => import('../refund/RefundDetail.tsx'));
const RefundNew = lazy(() => import('../refund/RefundNew.tsx'));
const RefundEdit = lazy(() => import('../refund/RefundEdit.tsx'));
// Requisitions and the demand pool (issue #13): buyer-internal, one lazy chunk per screen.
const RequisitionList = lazy(() => import('../requisition/RequisitionList.tsx'));
const RequisitionDetail = lazy(() => import('../requisition/RequisitionDetail.tsx'));
const RequisitionEdit = lazy(() => import('../requisition/RequisitionEdit.tsx'));
const DemandPool = lazy(() => import('../requisition/DemandPool.tsx'));

/**
 * The module app: hash routes #/v2/order/list, #/v2/order/detail?id=…, #/v2/order/edit?id=… (the
 * supplier's former bid pages #/v2/order/bids and #/v2/order/bid, still linked from messages sent before
 * issue #13, open its RFQ inbox: an order's bidding is an RFQ); delivery notices
 * #/v2/delivery/list | ship | detail?id= | edit?id= | receive | request and returns #/v2/refund/list |
 * detail?id= | new?deliveryNoteId= | edit?id= (modules/delivery, modules/refund), and the buyer's
 * requisitions #/v2/requisition/list | detail?id= | new | edit?id= | pool (modules/requisition).
 */
/** The RFQ app's list (the supplier's RFQ inbox), where an order's bidding is quoted since issue #13. */
function ToRfqInbox() {
  window.location.replace(appUrl('/rfq/#/v2/list'));
  return null;
}

export function OrderApp() {
  const { t } = useTranslation();
  return (
    <ModuleAppFrame className="order-app" loginNeeded={t('order:app.loginNeeded')} pushRefresh>
      <Routes>
        <Route path="/v2/order/list" element={<OrderList />} />
        <Route path="/v2/order/detail" element={<OrderDetailPage />} />
        <Route path="/v2/order/edit" element={<OrderEdit />} />
        <Route path="/v2/order/bids" element={<ToRfqInbox />} />
        <Route path="/v2/order/bid" element={<ToRfqInbox />} />
        <Route path="/v2/delivery/list" element={<DeliveryList />} />
        <Route path="/v2/delivery/ship" element={<DeliveryShip />} />
        <Route path="/v2/delivery/detail" element={<DeliveryDetail />} />
        <Route path="/v2/delivery/edit" element={<DeliveryEdit />} />
        <Route path="/v2/delivery/receive" element={<DeliveryReceive />} />
        <Route path="/v2/delivery/request" element={<DeliveryRequest />} />
        <Route path="/v2/refund/list" element={<RefundList />} />
        <Route path="/v2/refund/detail" element={<RefundDetail />} />
        <Route path="/v2/refund/new" element={<RefundNew />} />
        <Route path="/v2/refund/edit" element={<RefundEdit />} />
        <Route path="/v2/requisition/list" element={<RequisitionList />} />
        <Route path="/v2/requisition/detail" element={<RequisitionDetail />} />
        <Route path="/v2/requisition/new" element={<RequisitionEdit />} />
        <Route path="/v2/requisition/edit" element={<RequisitionEdit />} />
        <Route path="/v2/requisition/pool" element={<DemandPool />} />
        <Route path="*" element={<Navigate to="/v2/order/list" replace />} />
      </Routes>
    </ModuleAppFrame>
  );
}
