import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { PlusOutlined, SearchOutlined } from '../../components/page-icons.tsx';
import { errorText } from '../../lib/http.ts';
import { useCan } from '../../lib/permissions.ts';
import { deletePrice, exportWorkbook, findPrices, MD_KEYS, type Price, type PriceFilter } from './api.ts';
import { ImportButton } from './ImportButton.tsx';
import { MdNav } from './MdNav.tsx';
import { PriceForm } from './PriceForm.tsx';
import { ladderText, priceSourceText } from './price-source.ts';
import { shortDateTime } from './rules.ts';

/** #/v2/price/list — the price master: filter, new/edit, delete, Excel export and import. */
export default function PriceList() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<PriceFilter>();
  const [filter, setFilter] = useState<PriceFilter>({});
  const [editing, setEditing] = useState<Price | 'new' | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: MD_KEYS.prices });
  // Maintenance follows the caller's roles (issue #19, contracts MASTER_DATA_ACTIONS); reading does not.
  const may = useCan();
  const editable = may('price.save');

  const confirmDelete = (row: Price) =>
    modal.confirm({
      title: t('masterdata:actions.delete'),
      content: t('masterdata:price.confirmDelete', { number: row.materialNumber }),
      okText: t('masterdata:actions.ok'),
      cancelText: t('masterdata:actions.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deletePrice(row.id);
          void message.success(t('masterdata:deleted'));
          refresh();
        } catch (e) {
          void message.error(errorText(e));
        }
      },
    });

  const num = (v: unknown) => <span className="num">{String(v)}</span>;
  return (
    <div className="page-stack">
      <MdNav />
      <Card size="small">
        <Form<PriceFilter>
          form={form}
          layout="inline"
          className="md-filter"
          onFinish={(v) =>
            setFilter({
              ...(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}),
              ...(v.toElsAccount?.trim() ? { toElsAccount: v.toElsAccount.trim() } : {}),
            })
          }
        >
          <Form.Item name="keyword" label={t('masterdata:price.keyword')}>
            <Input allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="toElsAccount" label={t('masterdata:price.toElsAccount')}>
            <Input allowClear style={{ width: 130 }} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('masterdata:actions.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setFilter({});
                }}
              >
                {t('masterdata:actions.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card>
        <DataTable<Price>
          tableId="purchasePriceList"
          title={t('masterdata:price.title')}
          rowKey="id"
          queryKey={[...MD_KEYS.prices, filter]}
          fetchPage={(paging) => findPrices({ ...paging, ...filter })}
          onExport={
            may('price.export')
              ? () => exportWorkbook('PurchasePriceService', filter, 'prices.xlsx')
              : undefined
          }
          emptyText={t('masterdata:price.empty')}
          extra={
            <Space wrap size={6}>
              {editable && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  {t('masterdata:actions.new')}
                </Button>
              )}
              {may('price.import') && <ImportButton service="PurchasePriceService" onImported={refresh} />}
            </Space>
          }
          columns={[
            {
              key: 'materialNumber',
              title: t('masterdata:price.material'),
              width: 200,
              ellipsis: true,
              render: (_v, row) => `${row.materialNumber} ${row.materialName ?? ''}`,
              exportValue: (row) => `${row.materialNumber} ${row.materialName ?? ''}`,
            },
            {
              key: 'toElsAccount',
              title: t('masterdata:price.supplier'),
              width: 200,
              ellipsis: true,
              render: (_v, row) => `${row.supplierName ?? ''} (${row.toElsAccount})`,
              exportValue: (row) => `${row.supplierName ?? ''} (${row.toElsAccount})`,
            },
            {
              key: 'priceExcludingTax',
              title: t('masterdata:price.priceExcludingTax'),
              width: 120,
              render: num,
            },
            {
              key: 'priceIncludingTax',
              title: t('masterdata:price.priceIncludingTax'),
              width: 120,
              render: num,
            },
            {
              key: 'taxRate',
              title: t('masterdata:price.taxRate'),
              width: 80,
              render: (v) => `${String(v)}%`,
            },
            { key: 'currency', title: t('masterdata:price.currency'), width: 70 },
            { key: 'exchangeRate', title: t('masterdata:price.exchangeRate'), width: 90, render: num },
            {
              key: 'validStartDate',
              title: t('masterdata:price.validity'),
              width: 260,
              render: (_v, row) =>
                `${shortDateTime(row.validStartDate)} ~ ${shortDateTime(row.priceExpiryDate)}`,
              exportValue: (row) => `${row.validStartDate} ~ ${row.priceExpiryDate}`,
            },
            { key: 'quota', title: t('masterdata:price.quota'), width: 80, render: (v) => `${String(v)}%` },
            // Issue #33: the RFQ or auction (and line) an award wrote the record from, and a ladder's steps.
            {
              key: 'sourceNumber',
              title: t('masterdata:price.source'),
              width: 220,
              ellipsis: true,
              render: (_v, row) => priceSourceText(t, row),
              exportValue: (row) => priceSourceText(t, row),
            },
            {
              key: 'ladderJson',
              title: t('masterdata:price.ladder'),
              width: 220,
              ellipsis: true,
              render: (_v, row) => ladderText(row),
              exportValue: (row) => ladderText(row),
            },
            {
              key: 'actions',
              title: t('masterdata:actions.title'),
              width: 140,
              render: (_v, row) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing(row)}>
                    {editable ? t('masterdata:actions.edit') : t('masterdata:actions.view')}
                  </Button>
                  {may('price.delete') && (
                    <Button type="link" size="small" danger onClick={() => confirmDelete(row)}>
                      {t('masterdata:actions.delete')}
                    </Button>
                  )}
                </Space>
              ),
              exportValue: () => null,
            },
          ]}
        />
      </Card>
      {editing !== null && (
        <PriceForm
          price={editing === 'new' ? null : editing}
          readOnly={!editable}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </div>
  );
}
