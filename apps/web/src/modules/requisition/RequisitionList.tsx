import { purchaseRequestDefinition } from '@srm/contracts/purchase-request';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import './i18n-requisition.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';

/** #/v2/requisition/list — the buying company's purchase requisitions (buyer-internal). */
export default function RequisitionList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // "New" needs the kind's save (issue #19; hidden while the permissions load).
  const may = useCan();
  return (
    <DocumentList
      def={purchaseRequestDefinition}
      side="purchase"
      title={t('requisition:list.title')}
      onOpen={(row) => navigate(`/v2/requisition/detail?id=${row.id}`)}
      toolbar={
        <>
          <Button onClick={() => navigate('/v2/requisition/pool')}>{t('requisition:list.pool')}</Button>
          {may(kindCode(purchaseRequestDefinition, 'save')) && (
            <Button type="primary" onClick={() => navigate('/v2/requisition/new')}>
              {t('requisition:list.new')}
            </Button>
          )}
        </>
      }
    />
  );
}
