import { deliveryNoteDefinition } from '@srm/contracts/delivery-note';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import { kindCode, useCan } from '../../lib/permissions.ts';
import './i18n-delivery.ts';

/** #/v2/delivery/list — the buyer's delivery notices, or the supplier's own. */
export default function DeliveryList() {
  const { t } = useTranslation();
  const side = useDocumentSide();
  const navigate = useNavigate();
  // Shortcuts the caller's roles do not grant are not shown (issue #19): lines to ship and a delivery
  // request make a notice (`deliveryNote.save`), the receiving desk receives (`deliveryNote.receive`).
  const may = useCan();
  return (
    <DocumentList
      def={deliveryNoteDefinition}
      side={side}
      title={t(side === 'purchase' ? 'delivery:list.titlePurchase' : 'delivery:list.titleSale')}
      onOpen={(row) => navigate(`/v2/delivery/detail?id=${row.id}`)}
      toolbar={
        side === 'sale' ? (
          may(kindCode(deliveryNoteDefinition, 'save')) && (
            <Button type="primary" onClick={() => navigate('/v2/delivery/ship')}>
              {t('delivery:list.toShip')}
            </Button>
          )
        ) : (
          <>
            {may(kindCode(deliveryNoteDefinition, 'receive')) && (
              <Button onClick={() => navigate('/v2/delivery/receive')}>{t('delivery:list.receive')}</Button>
            )}
            {may(kindCode(deliveryNoteDefinition, 'save')) && (
              <Button type="primary" onClick={() => navigate('/v2/delivery/request')}>
                {t('delivery:list.request')}
              </Button>
            )}
          </>
        )
      }
    />
  );
}
