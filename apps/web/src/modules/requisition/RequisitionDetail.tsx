import { purchaseRequestDefinition } from '@srm/contracts/purchase-request';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import './i18n-requisition.ts';

const LINE_FIELDS = [
  'requestItemNumber',
  'materialNumber',
  'materialDesc',
  'quantity',
  'unit',
  'budgetPrice',
  'deliveryDate',
  'expectSupplierName',
  'itemStatus',
  'claimUser',
  'toEnquiryQuantity',
  'toBiddingQuantity',
  'toOrderQuantity',
  'backRemark',
] as const;

/**
 * #/v2/requisition/detail?id=… — one requisition (submit, withdraw, cancel, scrap, edit, delete). Opened by
 * the approval to-do list too (`&taskId=`): then without actions.
 */
export default function RequisitionDetail() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const query = new URLSearchParams(search);
  const id = query.get('id') ?? '';
  const inAudit = query.has('taskId');
  const navigate = useNavigate();
  return (
    <DocumentDetail
      def={purchaseRequestDefinition}
      side="purchase"
      id={id}
      onBack={inAudit ? undefined : () => navigate('/v2/requisition/list')}
      onEdit={inAudit ? undefined : (d) => navigate(`/v2/requisition/edit?id=${d.record.id}`)}
      onDeleted={() => navigate('/v2/requisition/list')}
      hideActions={inAudit}
      lineFields={LINE_FIELDS}
      extra={() =>
        inAudit ? null : (
          <Button onClick={() => navigate('/v2/requisition/pool')}>{t('requisition:detail.pool')}</Button>
        )
      }
    />
  );
}
