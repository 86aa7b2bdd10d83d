import { ebiddingDefinition } from '@srm/contracts/ebidding';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import './i18n-ebidding.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';

/** #/v2/list — the buyer's auctions, or the published auctions the supplier is invited to (its room). */
export default function EbiddingList() {
  const { t } = useTranslation();
  const side = useDocumentSide();
  const navigate = useNavigate();
  // "New" needs the kind's save (issue #19; hidden while the permissions load).
  const may = useCan();
  return (
    <DocumentList
      def={ebiddingDefinition}
      side={side}
      title={t(side === 'purchase' ? 'ebidding:list.title' : 'ebidding:list.supplierTitle')}
      importable={false}
      toolbar={
        side === 'purchase'
          ? may(kindCode(ebiddingDefinition, 'save')) && (
              <Button type="primary" onClick={() => navigate('/v2/edit')}>
                {t('ebidding:list.new')}
              </Button>
            )
          : undefined
      }
      onOpen={(row) => navigate(side === 'purchase' ? `/v2/detail?id=${row.id}` : `/v2/room?id=${row.id}`)}
    />
  );
}
