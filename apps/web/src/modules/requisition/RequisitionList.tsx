import { purchaseRequestDefinition } from '@srm/contracts/purchase-request';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import './i18n-requisition.ts';

/** #/v2/requisition/list — the buying company's purchase requisitions (buyer-internal). */
export default function RequisitionList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <DocumentList
      def={purchaseRequestDefinition}
      side="purchase"
      title={t('requisition:list.title')}
      onOpen={(row) => navigate(`/v2/requisition/detail?id=${row.id}`)}
      toolbar={
        <>
          <Button onClick={() => navigate('/v2/requisition/pool')}>{t('requisition:list.pool')}</Button>
          <Button type="primary" onClick={() => navigate('/v2/requisition/new')}>
            {t('requisition:list.new')}
          </Button>
        </>
      }
    />
  );
}
