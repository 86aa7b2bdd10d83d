import {
  STATUS_CHANGE_STATUS,
  SUPPLIER_CONVERSIONS,
  SUPPLIER_STAGES,
  type SupplierStage,
} from '@srm/contracts/supplier-lifecycle';
import { Button, Card, Dropdown, Form, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { PlusOutlined } from '../../components/page-icons.tsx';
import { useSettings } from '../../lib/settings-store.ts';
import { STATUS_COLOR, VIEW_TYPES } from './LifecycleRequestPage.tsx';
import { findStatusChanges, LC_KEYS, type StatusChangeRequest } from './lifecycle-api.ts';
import { MdNav } from './MdNav.tsx';

/**
 * #/v2/supplier-lifecycle (issue #16): the buyer's supplier status change requests, newest first, with a
 * status filter; a request opens at its route (supplierView1…6?id=…); "New request" offers every type.
 */
export default function LifecycleList() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const navigate = useNavigate();
  const [status, setStatus] = useState<string | undefined>();
  const stage = (s: string | null) => (s ? (SUPPLIER_STAGES[s as SupplierStage]?.[locale] ?? s) : '—');
  const open = (r: StatusChangeRequest) =>
    navigate(`/v2/${SUPPLIER_CONVERSIONS[r.requestType].view}?id=${r.id}`);
  const newItems = Object.entries(VIEW_TYPES).flatMap(([view, types]) =>
    types.map((type) => ({
      key: `${view}:${type}`,
      label: SUPPLIER_CONVERSIONS[type].label[locale],
      onClick: () => navigate(`/v2/${view}?type=${type}`),
    })),
  );
  return (
    <div className="page-stack">
      <MdNav />
      <Card size="small">
        <Form layout="inline">
          {/* Not a form field (no name): the label names the select through htmlFor/id (WCAG 1.3.1, 4.1.2). */}
          <Form.Item label={t('masterdata:lifecycle.status')} htmlFor="lifecycle-status-filter">
            <Select
              id="lifecycle-status-filter"
              allowClear
              style={{ width: 140 }}
              value={status}
              onChange={setStatus}
              options={Object.entries(STATUS_CHANGE_STATUS).map(([value, label]) => ({
                value,
                label: label[locale],
              }))}
            />
          </Form.Item>
        </Form>
      </Card>
      <Card>
        <DataTable<StatusChangeRequest>
          tableId="purchaseSupplierStatusChangeList"
          title={t('masterdata:lifecycle.title')}
          rowKey="id"
          queryKey={[...LC_KEYS.requests, 'list', status]}
          fetchPage={(paging) => findStatusChanges({ ...paging, ...(status ? { status } : {}) })}
          emptyText={t('masterdata:lifecycle.empty')}
          extra={
            <Dropdown menu={{ items: newItems }}>
              <Button type="primary" icon={<PlusOutlined />}>
                {t('masterdata:lifecycle.newRequest')}
              </Button>
            </Dropdown>
          }
          columns={[
            {
              key: 'requestNumber',
              title: t('masterdata:lifecycle.requestNumber'),
              width: 150,
              render: (v, row) => (
                <Button type="link" size="small" className="link-cell" onClick={() => open(row)}>
                  {String(v)}
                </Button>
              ),
            },
            {
              key: 'requestType',
              title: t('masterdata:lifecycle.requestType'),
              width: 140,
              render: (v) =>
                SUPPLIER_CONVERSIONS[v as StatusChangeRequest['requestType']]?.label[locale] ?? String(v),
            },
            {
              key: 'toElsAccount',
              title: t('masterdata:lifecycle.supplier'),
              width: 240,
              render: (_v, row) => `${row.toElsAccount ?? ''} ${row.supplierName ?? ''}`.trim(),
            },
            {
              key: 'fromStatus',
              title: t('masterdata:lifecycle.fromStatus'),
              width: 100,
              render: (v) => stage(v as string | null),
            },
            {
              key: 'toStatus',
              title: t('masterdata:lifecycle.toStatus'),
              width: 120,
              render: (_v, row) =>
                `${stage(row.toStatus)}${row.toFrozen === null ? '' : ` · ${t(row.toFrozen ? 'masterdata:lifecycle.frozen' : 'masterdata:lifecycle.unfrozen')}`}`,
            },
            { key: 'reason', title: t('masterdata:lifecycle.reason'), width: 220, ellipsis: true },
            {
              key: 'status',
              title: t('masterdata:lifecycle.status'),
              width: 100,
              render: (v) => (
                <Tag color={STATUS_COLOR[String(v)]}>
                  {STATUS_CHANGE_STATUS[v as StatusChangeRequest['status']]?.[locale] ?? String(v)}
                </Tag>
              ),
            },
            {
              key: 'createDate',
              title: t('masterdata:lifecycle.time'),
              width: 160,
              render: (v) => new Date(String(v)).toLocaleString(),
            },
          ]}
        />
      </Card>
      <Space />
    </div>
  );
}
