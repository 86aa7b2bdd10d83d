import { refundDefinition } from '@srm/contracts/refund';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import './i18n-refund.ts';

/** #/v2/refund/list — returns: the buyer's, or those sent to the supplier (which may confirm many at once). */
export default function RefundList() {
  const { t } = useTranslation();
  const side = useDocumentSide();
  const navigate = useNavigate();
  return (
    <DocumentList
      def={refundDefinition}
      side={side}
      title={t('refund:list.title')}
      bulk
      onOpen={(row) => navigate(`/v2/refund/detail?id=${row.id}`)}
    />
  );
}
