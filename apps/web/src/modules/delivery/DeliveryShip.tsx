import { deliveryNoteDefinition } from '@srm/contracts/delivery-note';
import { Button, Card, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DocumentForm, type LineInfo } from '../../components/document/DocumentForm.tsx';
import { trimDecimal } from '../../components/document/definition.ts';
import { todayIso } from '../../lib/clock.ts';
import type { OpenLine } from './api.ts';
import './i18n-delivery.ts';
import { OpenLines } from './OpenLines.tsx';

type Filter = { elsAccount?: string; orderNumber?: string };

/** Read-only columns of a picked open line in the notice form. */
export function openLineInfo(t: (key: string) => string): LineInfo[] {
  return [
    { key: 'orderNumber', title: t('delivery:cols.orderNumber') },
    { key: 'itemNumber', title: t('delivery:cols.itemNumber') },
    { key: 'materialNumber', title: t('delivery:cols.materialNumber') },
    { key: 'materialDesc', title: t('delivery:cols.materialDesc') },
    { key: 'unit', title: t('delivery:cols.unit') },
    {
      key: 'remainQuantity',
      title: t('delivery:cols.remain'),
      render: (line) => <span className="num">{trimDecimal(String(line.remainQuantity ?? '0'))}</span>,
    },
  ];
}

/** The picked lines as notice lines, each delivering what remains. */
export function toNoteLines(lines: OpenLine[]) {
  return lines.map((l) => ({ ...l, sendDeliveryNoteQuantity: trimDecimal(l.remainQuantity) }));
}

/**
 * #/v2/delivery/ship — the supplier's lines to ship: pick lines of one buyer (several of its orders are
 * fine), then "Create delivery notice": header inputs and a quantity per line (≤ what remains).
 */
export default function DeliveryShip() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Filter>();
  const [filter, setFilter] = useState<Filter>({});
  const [picked, setPicked] = useState<OpenLine[] | null>(null);

  if (picked)
    return (
      <DocumentForm
        def={deliveryNoteDefinition}
        side="sale"
        title={t('delivery:ship.formTitle', {
          buyer: `${picked[0].buyerName ?? ''} (${picked[0].elsAccount})`,
        })}
        initial={{ noteDate: todayIso(), lines: toNoteLines(picked) }}
        lineInfo={openLineInfo(t)}
        lineFields={['sendDeliveryNoteQuantity', 'batchNumber', 'boxCount']}
        lineMax={{ sendDeliveryNoteQuantity: (line) => String(line.remainQuantity ?? '') || undefined }}
        onCancel={() => setPicked(null)}
        onSaved={(record) => navigate(`/v2/delivery/detail?id=${record.id}`, { replace: true })}
      />
    );

  return (
    <div className="page-stack document-page">
      <Card size="small">
        <Form<Filter>
          form={form}
          layout="inline"
          className="document-filter"
          onFinish={(v) =>
            setFilter({
              ...(v.elsAccount?.trim() ? { elsAccount: v.elsAccount.trim() } : {}),
              ...(v.orderNumber?.trim() ? { orderNumber: v.orderNumber.trim() } : {}),
            })
          }
        >
          <Form.Item name="elsAccount" label={t('delivery:ship.buyer')}>
            <Input allowClear style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="orderNumber" label={t('delivery:ship.orderNumber')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('delivery:ship.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setFilter({});
                }}
              >
                {t('delivery:ship.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card>
        <OpenLines
          side="sale"
          filter={filter}
          title={t('delivery:ship.title')}
          createLabel={t('delivery:ship.create')}
          onCreate={setPicked}
        />
      </Card>
    </div>
  );
}
