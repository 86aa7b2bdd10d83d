import { deliveryNoteDefinition } from '@srm/contracts/delivery-note';
import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Button, Card, Form, Input, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentForm } from '../../components/document/DocumentForm.tsx';
import { todayIso } from '../../lib/clock.ts';
import { findOpenLines, type OpenLine } from './api.ts';
import { openLineInfo, toNoteLines } from './DeliveryShip.tsx';
import './i18n-delivery.ts';
import { OpenLines } from './OpenLines.tsx';

type Filter = { toElsAccount?: string; orderNumber?: string };

/**
 * #/v2/delivery/request — the buyer's purchase-initiated request: the supplier, then its open lines,
 * quantities, date, address and time slot; saved as a draft the detail page sends.
 */
export default function DeliveryRequest() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Filter>();
  const [filter, setFilter] = useState<Filter | null>(null);
  const [picked, setPicked] = useState<OpenLine[] | null>(null);
  // The suppliers with open lines (the first 100 lines), offered in the supplier field; typing stays possible.
  const open = useQuery({
    queryKey: ['delivery-open-lines', 'purchase', 'suppliers'],
    queryFn: () => findOpenLines('purchase', { currentPage: 1, pageSize: 100 }),
  });
  const supplierOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const l of open.data?.records ?? [])
      if (l.toElsAccount) seen.set(l.toElsAccount, l.supplierName ?? '');
    return [...seen].map(([value, name]) => ({ value, label: `${value} · ${name}` }));
  }, [open.data]);

  if (picked && filter?.toElsAccount)
    return (
      <DocumentForm
        def={deliveryNoteDefinition}
        side="purchase"
        title={t('delivery:request.formTitle', {
          supplier: `${picked[0].supplierName ?? ''} (${filter.toElsAccount})`,
        })}
        initial={{ noteDate: todayIso(), lines: toNoteLines(picked) }}
        headerFields={[
          'noteDate',
          'deliveryTimeSlot',
          'receivedAddress',
          'receivedUser',
          'receivedPhone',
          'remark',
        ]}
        required={['noteDate']}
        lineInfo={openLineInfo(t)}
        lineFields={['sendDeliveryNoteQuantity']}
        lineMax={{ sendDeliveryNoteQuantity: (line) => String(line.remainQuantity ?? '') || undefined }}
        onCancel={() => setPicked(null)}
        onSaved={(record) => navigate(`/v2/delivery/detail?id=${record.id}`, { replace: true })}
      />
    );

  return (
    <div className="page-stack document-page">
      <Card size="small" title={t('delivery:request.title')}>
        <Form<Filter>
          form={form}
          layout="inline"
          className="document-filter"
          onFinish={(v) =>
            setFilter({
              toElsAccount: v.toElsAccount?.trim(),
              ...(v.orderNumber?.trim() ? { orderNumber: v.orderNumber.trim() } : {}),
            })
          }
        >
          <Form.Item
            name="toElsAccount"
            label={t('delivery:request.supplier')}
            rules={[{ required: true, whitespace: true, message: t('delivery:request.needSupplier') }]}
          >
            <AutoComplete
              allowClear
              style={{ width: 260 }}
              options={supplierOptions}
              placeholder={t('delivery:request.pickSupplier')}
              filterOption={(input, option) =>
                String(option?.label ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase())
              }
            />
          </Form.Item>
          <Form.Item name="orderNumber" label={t('delivery:ship.orderNumber')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('delivery:request.show')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      {filter?.toElsAccount && (
        <Card>
          <OpenLines
            key={filter.toElsAccount}
            side="purchase"
            filter={filter}
            title={t('delivery:request.lines')}
            createLabel={t('delivery:request.create')}
            onCreate={setPicked}
          />
        </Card>
      )}
    </div>
  );
}
