import { deliveryNoteDefinition } from '@srm/contracts/delivery-note';
import { App, Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import { ApiError, errorText } from '../../lib/http.ts';
import { findByNumber } from './api.ts';
import './i18n-delivery.ts';

/**
 * #/v2/delivery/receive — the buyer's receiving desk: scan or type a notice number (Enter) to open it;
 * below, the shipped notices waiting for their goods.
 */
export default function DeliveryReceive() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [value, setValue] = useState('');

  async function open(raw: string) {
    const number = raw.trim();
    if (!number) return;
    setBusy(true);
    try {
      const { id } = await findByNumber(number);
      navigate(`/v2/delivery/detail?id=${id}`);
    } catch (e) {
      void message.error(
        e instanceof ApiError && e.code === '404' ? t('delivery:receive.notFound', { number }) : errorText(e),
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page-stack document-page">
      <Card size="small" title={t('delivery:receive.title')}>
        <Input.Search
          size="large"
          autoFocus
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={t('delivery:receive.scan')}
          aria-label={t('delivery:receive.scan')}
          enterButton={t('delivery:receive.open')}
          loading={busy}
          onSearch={(v) => void open(v)}
          style={{ maxWidth: 560 }}
        />
      </Card>
      <DocumentList
        def={deliveryNoteDefinition}
        side="purchase"
        title={t('delivery:receive.toReceive')}
        tableId="purchase-deliveryNote-receive"
        initialFilter={{ noteStatus: '3' }}
        importable={false}
        onOpen={(row) => navigate(`/v2/delivery/detail?id=${row.id}`)}
      />
    </div>
  );
}
