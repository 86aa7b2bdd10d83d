import { deliveryNoteDefinition } from '@srm/contracts/delivery-note';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentDetail, useDocumentSide } from '../../components/document/api.ts';
import { DocumentForm } from '../../components/document/DocumentForm.tsx';
import { editInitial } from '../../components/document/edit-initial.ts';
import { errorText } from '../../lib/http.ts';
import { openLineInfo } from './DeliveryShip.tsx';
import './i18n-delivery.ts';

/** #/v2/delivery/edit?id=… — a draft notice (supplier) or an unsent request (buyer), edited. */
export default function DeliveryEdit() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const side = useDocumentSide();
  const navigate = useNavigate();
  const detail = useDocumentDetail(deliveryNoteDefinition, side, id);
  if (detail.isPending) return <Spin className="tab-loading" />;
  if (detail.isError)
    return (
      <Result
        status="warning"
        title={t('document:detail.loadFailed')}
        subTitle={errorText(detail.error)}
        extra={<Button onClick={() => void detail.refetch()}>{t('document:detail.reload')}</Button>}
      />
    );
  const { record } = detail.data;
  const buyer = side === 'purchase';
  return (
    <DocumentForm
      def={deliveryNoteDefinition}
      side={side}
      title={t('delivery:edit.title', { number: record.deliveryNoteNumber })}
      existing={{ id: record.id, version: record.version }}
      initial={editInitial(detail.data)}
      headerFields={
        buyer
          ? ['noteDate', 'deliveryTimeSlot', 'receivedAddress', 'receivedUser', 'receivedPhone', 'remark']
          : undefined
      }
      lineInfo={openLineInfo(t).filter((c) => c.key !== 'remainQuantity')}
      lineFields={
        buyer ? ['sendDeliveryNoteQuantity'] : ['sendDeliveryNoteQuantity', 'batchNumber', 'boxCount']
      }
      onCancel={() => navigate(`/v2/delivery/detail?id=${id}`)}
      onSaved={() => navigate(`/v2/delivery/detail?id=${id}`, { replace: true })}
    />
  );
}
