import { conversionsFrom, SUPPLIER_CONVERSIONS } from '@srm/contracts/supplier-lifecycle';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Dropdown, Form, Input, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { PlusOutlined, SearchOutlined } from '../../components/page-icons.tsx';
import { useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import {
  exportWorkbook,
  findSuppliers,
  MD_KEYS,
  type Supplier,
  type SupplierFilter,
  supplierStatusDict,
} from './api.ts';
import { ImportButton } from './ImportButton.tsx';
import { MdNav } from './MdNav.tsx';
import { SupplierForm } from './SupplierForm.tsx';

/** The hash route of the supplier form: #/v2/supplier/edit (new) or #/v2/supplier/edit?id=… (edit). */
export const SUPPLIER_EDIT_ROUTE = '/v2/supplier/edit';
const LIST_ROUTE = '/v2/supplier/list';

const STATUS_COLOR: Record<string, string> = {
  qualified: 'green',
  good: 'cyan',
  excellent: 'geekblue',
  cooperating: 'lime',
  potential: 'blue',
  stranger: 'default',
  unqualified: 'orange',
  eliminated: 'volcano',
  blacklist: 'red',
};

/**
 * #/v2/supplier/list — the supplier master with status tags, Excel export and import; New and Edit open
 * the supplier form at #/v2/supplier/edit[?id=…] over the list (a link to that route opens it directly).
 */
export default function SupplierList() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const editing = pathname === SUPPLIER_EDIT_ROUTE ? (new URLSearchParams(search).get('id') ?? 'new') : null;
  const openForm = (id?: string) => navigate(id ? `${SUPPLIER_EDIT_ROUTE}?id=${id}` : SUPPLIER_EDIT_ROUTE);
  const closeForm = () => navigate(LIST_ROUTE);
  const locale = useSettings((s) => s.locale);
  // Maintenance follows the caller's roles (issue #19, contracts MASTER_DATA_ACTIONS); reading does not.
  const may = useCan();
  const editable = may('supplier.save');
  const [form] = Form.useForm<SupplierFilter>();
  const [filter, setFilter] = useState<SupplierFilter>({});
  const dict = useQuery({ queryKey: [...MD_KEYS.suppliers, 'statusDict'], queryFn: supplierStatusDict });
  const statusLabel = (v: string) => {
    const hit = dict.data?.find((d) => d.value === v);
    return hit ? (locale === 'en' ? hit.labelI18n.en : hit.labelI18n.zh_cn) : v;
  };

  return (
    <div className="page-stack">
      <MdNav />
      <Card size="small">
        <Form<SupplierFilter>
          form={form}
          layout="inline"
          className="md-filter"
          onFinish={(v) =>
            setFilter({
              ...(v.keyword?.trim() ? { keyword: v.keyword.trim() } : {}),
              ...(v.supplierStatus ? { supplierStatus: v.supplierStatus } : {}),
            })
          }
        >
          <Form.Item name="keyword" label={t('masterdata:supplier.keyword')}>
            <Input allowClear style={{ width: 200 }} />
          </Form.Item>
          <Form.Item name="supplierStatus" label={t('masterdata:supplier.supplierStatus')}>
            <Select
              allowClear
              style={{ width: 130 }}
              options={(dict.data ?? []).map((d) => ({ value: d.value, label: statusLabel(d.value) }))}
            />
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
        <DataTable<Supplier>
          tableId="purchaseSupplierList"
          title={t('masterdata:supplier.title')}
          rowKey="id"
          queryKey={[...MD_KEYS.suppliers, filter]}
          fetchPage={(paging) => findSuppliers({ ...paging, ...filter })}
          onExport={
            may('supplier.export')
              ? () => exportWorkbook('PurchaseSupplierService', filter, 'suppliers.xlsx')
              : undefined
          }
          emptyText={t('masterdata:supplier.empty')}
          extra={
            <Space wrap size={6}>
              {editable && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm()}>
                  {t('masterdata:actions.new')}
                </Button>
              )}
              {may('supplier.import') && (
                <ImportButton
                  service="PurchaseSupplierService"
                  onImported={() => void client.invalidateQueries({ queryKey: MD_KEYS.suppliers })}
                />
              )}
            </Space>
          }
          columns={[
            {
              key: 'supplierCode',
              title: t('masterdata:supplier.supplierCode'),
              width: 130,
              render: (v, row) => (
                <Button type="link" size="small" className="link-cell" onClick={() => openForm(row.id)}>
                  {String(v)}
                </Button>
              ),
            },
            { key: 'toElsAccount', title: t('masterdata:supplier.toElsAccount'), width: 110 },
            { key: 'fullName', title: t('masterdata:supplier.fullName'), width: 220, ellipsis: true },
            { key: 'shortName', title: t('masterdata:supplier.shortName'), width: 120 },
            { key: 'supplierType', title: t('masterdata:supplier.supplierType'), width: 100 },
            {
              key: 'supplierStatus',
              title: t('masterdata:supplier.supplierStatus'),
              width: 100,
              render: (v, row) => (
                <Space size={2}>
                  <Tag color={STATUS_COLOR[String(v)] ?? 'default'}>{statusLabel(String(v))}</Tag>
                  {row.frozen && <Tag color="purple">{t('masterdata:lifecycle.frozen')}</Tag>}
                </Space>
              ),
              exportValue: (row) =>
                `${statusLabel(row.supplierStatus)}${row.frozen ? ` ${t('masterdata:lifecycle.frozen')}` : ''}`,
            },
            { key: 'currency', title: t('masterdata:supplier.currency'), width: 80 },
            {
              key: 'contacts',
              title: t('masterdata:supplier.contact'),
              width: 180,
              render: (_v, row) =>
                row.contacts[0]
                  ? `${row.contacts[0].name}${row.contacts[0].telphone ? ` ${row.contacts[0].telphone}` : ''}`
                  : '—',
              exportValue: (row) => row.contacts[0]?.name ?? '',
            },
            {
              key: 'paymentClause',
              title: t('masterdata:supplier.paymentClause'),
              width: 160,
              ellipsis: true,
            },
            {
              key: 'actions',
              title: t('masterdata:actions.title'),
              width: 170,
              render: (_v, row) => (
                <Space size={0}>
                  <Button
                    type="link"
                    size="small"
                    aria-label={`${editable ? t('masterdata:actions.edit') : t('masterdata:actions.view')} ${row.supplierCode}`}
                    onClick={() => openForm(row.id)}
                  >
                    {editable ? t('masterdata:actions.edit') : t('masterdata:actions.view')}
                  </Button>
                  {/* Issue #16: only the conversions allowed from the supplier's stage and frozen flag. */}
                  <Dropdown
                    trigger={['click']}
                    menu={{
                      items: conversionsFrom(row.supplierStatus, row.frozen ?? false).map((type) => ({
                        key: type,
                        label: SUPPLIER_CONVERSIONS[type].label[locale],
                        onClick: () =>
                          navigate(
                            `/v2/${SUPPLIER_CONVERSIONS[type].view}?toElsAccount=${row.toElsAccount}&type=${type}`,
                          ),
                      })),
                    }}
                  >
                    <Button
                      type="link"
                      size="small"
                      aria-label={`${t('masterdata:lifecycle.changeStage')} ${row.supplierCode}`}
                    >
                      {t('masterdata:lifecycle.changeStage')}
                    </Button>
                  </Dropdown>
                </Space>
              ),
              exportValue: () => null,
            },
          ]}
        />
      </Card>
      {editing !== null && (
        <SupplierForm
          id={editing === 'new' ? null : editing}
          readOnly={!editable}
          onClose={closeForm}
          onSaved={() => {
            closeForm();
            void client.invalidateQueries({ queryKey: MD_KEYS.suppliers });
          }}
        />
      )}
    </div>
  );
}
