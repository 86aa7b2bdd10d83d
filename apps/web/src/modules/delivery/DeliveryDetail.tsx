import { deliveryNoteDefinition } from '@srm/contracts/delivery-note';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentDetail } from '../../components/document/DocumentDetail.tsx';
import { errorText } from '../../lib/http.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';
import { printLabels, printNote } from './api.ts';
import './i18n-delivery.ts';
import { canReturn, describeLine, leftToReceive } from './rules.ts';

const LINE_FIELDS = [
  'orderNumber',
  'itemNumber',
  'materialNumber',
  'materialDesc',
  'unit',
  'deliveryDate',
  'sendDeliveryNoteQuantity',
  'confirmQuantity',
  'returnQuantity',
  'batchNumber',
  'boxCount',
] as const;

/**
 * #/v2/delivery/detail?id=… — one delivery notice with the actions of the caller's side (supplier: ship,
 * cancel, edit, reply; buyer: receive, send, cancel, return goods), its box labels and its print.
 */
export default function DeliveryDetail() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const side = useDocumentSide();
  const navigate = useNavigate();
  const [printing, setPrinting] = useState<string | null>(null);
  // Own buttons the caller's roles do not grant are not shown (issue #19): returning goods makes a return
  // (`refund.save`), the labels and the print read the notice (`deliveryNote.read`).
  const may = useCan();

  async function print(kind: 'labels' | 'note', number: string) {
    setPrinting(kind);
    try {
      await (kind === 'labels' ? printLabels(side, id, number) : printNote(side, id, number));
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setPrinting(null);
    }
  }

  return (
    <DocumentDetail
      def={deliveryNoteDefinition}
      side={side}
      id={id}
      onBack={() => navigate('/v2/delivery/list')}
      onEdit={(d) => navigate(`/v2/delivery/edit?id=${d.record.id}`)}
      onDeleted={() => navigate('/v2/delivery/list')}
      lineFields={LINE_FIELDS}
      // Seed 001 §5: logistics information is required to ship (the notice's values start the dialog).
      quantityOf={(_action, line) => ({ remaining: leftToReceive(line), describe: describeLine(line) })}
      extra={(d) => {
        const number = String(d.record.deliveryNoteNumber ?? '');
        return (
          <>
            {side === 'purchase' && canReturn(d.lines) && may(kindCode({ kind: 'refund' }, 'save')) && (
              <Button onClick={() => navigate(`/v2/refund/new?deliveryNoteId=${d.record.id}`)}>
                {t('delivery:detail.returnGoods')}
              </Button>
            )}
            {may(kindCode(deliveryNoteDefinition, 'print')) && (
              <>
                <Button loading={printing === 'labels'} onClick={() => void print('labels', number)}>
                  {t('delivery:detail.printLabels')}
                </Button>
                <Button loading={printing === 'note'} onClick={() => void print('note', number)}>
                  {t('delivery:detail.print')}
                </Button>
              </>
            )}
          </>
        );
      }}
    />
  );
}
