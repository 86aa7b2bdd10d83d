import type { Side } from '@srm/contracts/document/define';
import { App, Button, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DataColumn, DataTable } from '../../components/data-table/DataTable.tsx';
import { trimDecimal } from '../../components/document/definition.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';
import { findOpenLines, type OpenLine, type OpenLineQuery } from './api.ts';
import { keepOneBuyer, selectableFor } from './rules.ts';

/**
 * Open order lines to deliver, with a selection that stays across pages: the supplier's lines to ship
 * (one buyer per notice) or the buyer's lines of one supplier (delivery request).
 */
export function OpenLines({
  side,
  filter,
  title,
  createLabel,
  onCreate,
}: {
  side: Side;
  filter: Omit<OpenLineQuery, 'currentPage' | 'pageSize'>;
  title: ReactNode;
  createLabel: string;
  onCreate: (lines: OpenLine[]) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [picked, setPicked] = useState<OpenLine[]>([]);
  const sale = side === 'sale';
  // "Create delivery notice" saves a notice (`deliveryNote.save`, issue #19): hidden without it.
  const mayCreate = useCan()(kindCode({ kind: 'deliveryNote' }, 'save'));
  const num = (v: unknown) => <span className="num">{trimDecimal(String(v ?? '0'))}</span>;

  const columns: DataColumn<OpenLine>[] = [
    { key: 'orderNumber', title: t('delivery:cols.orderNumber'), width: 150 },
    { key: 'itemNumber', title: t('delivery:cols.itemNumber'), width: 60 },
    sale
      ? {
          key: 'buyerName',
          title: t('delivery:cols.buyer'),
          width: 200,
          ellipsis: true,
          render: (_v, row) => `${row.buyerName ?? ''} (${row.elsAccount})`,
          exportValue: (row) => `${row.buyerName ?? ''} (${row.elsAccount})`,
        }
      : {
          key: 'supplierName',
          title: t('delivery:cols.supplier'),
          width: 200,
          ellipsis: true,
          render: (_v, row) => `${row.supplierName ?? ''} (${row.toElsAccount ?? ''})`,
        },
    { key: 'materialNumber', title: t('delivery:cols.materialNumber'), width: 120 },
    { key: 'materialDesc', title: t('delivery:cols.materialDesc'), width: 180, ellipsis: true },
    { key: 'unit', title: t('delivery:cols.unit'), width: 60 },
    { key: 'quantity', title: t('delivery:cols.quantity'), width: 90, render: num },
    { key: 'shippedQuantity', title: t('delivery:cols.shipped'), width: 90, render: num },
    { key: 'receivedQuantity', title: t('delivery:cols.received'), width: 90, render: num },
    { key: 'remainQuantity', title: t('delivery:cols.remain'), width: 90, render: num },
    { key: 'deliveryDate', title: t('delivery:cols.deliveryDate'), width: 110 },
    { key: 'replyDeliveryDate', title: t('delivery:cols.replyDeliveryDate'), width: 110 },
    { key: 'minPackingQuantity', title: t('delivery:cols.minPacking'), width: 100, render: num },
  ];

  return (
    <DataTable<OpenLine>
      tableId={`${side}-delivery-open-lines`}
      title={title}
      rowKey="orderItemId"
      queryKey={['delivery-open-lines', side, filter]}
      fetchPage={(paging) => findOpenLines(side, { ...paging, ...filter })}
      emptyText={t(sale ? 'delivery:ship.empty' : 'delivery:request.empty')}
      columns={columns}
      rowSelection={{
        preserveSelectedRowKeys: true,
        selectedRowKeys: picked.map((l) => l.orderItemId),
        onChange: (_keys, rows) => {
          const { kept, dropped } = keepOneBuyer(rows.filter(Boolean));
          if (dropped > 0) void message.warning(t('delivery:ship.oneBuyer'));
          setPicked(kept);
        },
        getCheckboxProps: (row) => ({
          disabled: sale && !selectableFor(picked, row),
          'aria-label': t('delivery:ship.selectLine', { order: row.orderNumber, line: row.itemNumber }),
        }),
      }}
      extra={
        <Space>
          {picked.length > 0 && <span>{t('delivery:ship.selected', { count: picked.length })}</span>}
          {mayCreate && (
            <Button
              type="primary"
              onClick={() => {
                if (picked.length === 0) void message.warning(t('delivery:ship.selectLines'));
                else onCreate(picked);
              }}
            >
              {createLabel}
            </Button>
          )}
        </Space>
      }
    />
  );
}
