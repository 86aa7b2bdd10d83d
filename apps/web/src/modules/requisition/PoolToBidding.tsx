import { App, DatePicker, Form, Input, Modal, Table, Typography } from 'antd';
import type dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trimDecimal } from '../../components/document/definition.ts';
import { MasterSelect, supplierSource } from '../../components/MasterSelect.tsx';
import { errorText } from '../../lib/http.ts';
import { ebiddingDetailHref, linesToBidding, type PoolLine } from './api.ts';
import './i18n-requisition.ts';
import { appUrl } from '../../lib/base-path.ts';

/** Fewest suppliers an auction invites (the server's rule, contracts MIN_BIDDERS; checked again there). */
const MIN_BIDDERS = 2;

/**
 * The demand pool's "to e-auction" dialog (issue #14 "created from demand-pool lines"): the claimed
 * `lines` become one per-line reverse-auction draft — a name, a scheduled start and end, the least
 * decrement (an amount in the auction's currency), the invited suppliers (at least 2, searched on the server
 * as typed), and per line the
 * quantity (default what is left, in the line's unit) and a starting unit price excl. tax. The server
 * decides (PurchaseRequestService/toBidding: its '400's are shown); once made, the frame opens the
 * auction in the /ebidding/ app. Rendered only while open (its state starts from `lines`).
 */
export function PoolToBidding({ lines, onClose }: { lines: PoolLine[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [name, setName] = useState('');
  const [start, setStart] = useState<dayjs.Dayjs | null>(null);
  const [end, setEnd] = useState<dayjs.Dayjs | null>(null);
  const [extent, setExtent] = useState('');
  const [suppliers, setSuppliers] = useState<string[]>([]);
  // Mounted when the dialog opens (the pool renders it then): the lines' defaults are read once.
  const [values, setValues] = useState<Record<string, { quantity: string; startingPrice: string }>>(() =>
    Object.fromEntries(
      lines.map((r) => [r.id, { quantity: trimDecimal(r.remainQuantity), startingPrice: '' }]),
    ),
  );
  const set = (id: string, patch: Partial<{ quantity: string; startingPrice: string }>) =>
    setValues((o) => ({ ...o, [id]: { ...o[id], ...patch } }));

  async function make() {
    const picked = lines.map((r) => ({ lineId: r.id, ...values[r.id] }));
    if (
      !name.trim() ||
      !start ||
      !end ||
      !extent.trim() ||
      suppliers.length < MIN_BIDDERS ||
      picked.some((l) => !l.quantity || !l.startingPrice)
    )
      return void message.warning(t('requisition:pool.fillBidding'));
    setBusy(true);
    try {
      const made = await linesToBidding({
        ebiddingName: name.trim(),
        startTime: start.toISOString(),
        endTime: end.toISOString(),
        priceReviseExtent: extent.trim(),
        suppliers,
        lines: picked,
      });
      void message.success(t('requisition:pool.biddingMade', { number: made.ebiddingNumber }));
      onClose();
      // The auction lives in another module app (/ebidding/): this frame goes there.
      window.location.assign(appUrl(ebiddingDetailHref(made.id)));
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      width={900}
      title={t('requisition:pool.toBiddingTitle')}
      okButtonProps={{ loading: busy }}
      onCancel={onClose}
      onOk={() => void make()}
    >
      <Typography.Paragraph type="secondary">{t('requisition:pool.toBiddingHint')}</Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item label={t('requisition:pool.ebiddingName')} required>
          <Input
            aria-label={t('requisition:pool.ebiddingName')}
            style={{ width: 240 }}
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={t('requisition:pool.startTime')} required>
          <DatePicker
            aria-label={t('requisition:pool.startTime')}
            showTime
            value={start}
            onChange={(v) => setStart(v)}
          />
        </Form.Item>
        <Form.Item label={t('requisition:pool.endTime')} required>
          <DatePicker
            aria-label={t('requisition:pool.endTime')}
            showTime
            value={end}
            onChange={(v) => setEnd(v)}
          />
        </Form.Item>
        <Form.Item label={t('requisition:pool.priceReviseExtent')} required>
          <Input
            aria-label={t('requisition:pool.priceReviseExtent')}
            style={{ width: 110 }}
            value={extent}
            onChange={(e) => setExtent(e.target.value.trim())}
          />
        </Form.Item>
        <Form.Item label={t('requisition:pool.biddingSuppliers')} required>
          <MasterSelect
            source={supplierSource}
            mode="multiple"
            style={{ width: 420 }}
            aria-label={t('requisition:pool.biddingSuppliers')}
            value={suppliers}
            onChange={(v) => setSuppliers((v as string[] | undefined) ?? [])}
          />
        </Form.Item>
      </Form>
      <Table<PoolLine>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={lines}
        columns={[
          {
            key: 'line',
            title: t('requisition:pool.cols.number'),
            render: (_v, r) => `${r.purchaseRequestNumber} / ${r.requestItemNumber}`,
          },
          {
            key: 'materialNumber',
            dataIndex: 'materialNumber',
            title: t('requisition:pool.cols.materialNumber'),
          },
          {
            key: 'quantity',
            title: t('requisition:pool.quantityToBid'),
            render: (_v, r) => (
              <Input
                style={{ width: 110 }}
                aria-label={`${t('requisition:pool.quantityToBid')} ${r.materialNumber}`}
                value={values[r.id]?.quantity ?? ''}
                onChange={(e) => set(r.id, { quantity: e.target.value.trim() })}
              />
            ),
          },
          { key: 'unit', dataIndex: 'unit', title: t('requisition:pool.cols.unit') },
          {
            key: 'startingPrice',
            title: t('requisition:pool.startingPrice'),
            render: (_v, r) => (
              <Input
                style={{ width: 130 }}
                aria-label={`${t('requisition:pool.startingPrice')} ${r.materialNumber}`}
                value={values[r.id]?.startingPrice ?? ''}
                onChange={(e) => set(r.id, { startingPrice: e.target.value.trim() })}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
