import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Form, Input, Modal, Select, Space, Spin } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { beforeToday, now } from '../../lib/clock.ts';
import { errorText } from '../../lib/http.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';
import { findSuppliers } from '../masterdata/api.ts';
import type { OrderHeader } from './api.ts';
import { cancelBidding } from './bidding-api.ts';
import { MATERIAL_SEARCH_DELAY_MS, useDebounced } from './MaterialPicker.tsx';
import './i18n-bidding.ts';
import { appUrl } from '../../lib/base-path.ts';

type StartForm = { toElsAccounts: string[]; quoteEndTime: Dayjs | null; remark?: string };

/** The buyer's dialog that invites suppliers to quote the order's lines (startBidding). */
export function StartBiddingDialog({
  order,
  onCancel,
  onOk,
}: {
  order: OrderHeader;
  onCancel: () => void;
  onOk: (body: { toElsAccounts: string[]; quoteEndTime: string; remark?: string }) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StartForm>();
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword, MATERIAL_SEARCH_DELAY_MS);
  const [saving, setSaving] = useState(false);
  // The buyer's supplier master (first 50 matching); the server checks each invitee is a linked supplier.
  const suppliers = useQuery({
    queryKey: ['md', 'suppliers', 'bidding', search],
    queryFn: () => findSuppliers({ keyword: search || undefined, currentPage: 1, pageSize: 50 }),
    staleTime: 30_000,
  });
  const options = useMemo(
    () =>
      (suppliers.data?.records ?? []).map((s) => ({
        value: s.toElsAccount,
        label: `${s.toElsAccount} · ${s.shortName || s.fullName}`,
      })),
    [suppliers.data],
  );
  const initial: StartForm = {
    toElsAccounts: [],
    quoteEndTime: now().add(3, 'day').hour(17).minute(0).second(0).millisecond(0),
  };

  return (
    <Modal
      open
      title={t('order:bidding.start.title', { orderNumber: order.orderNumber })}
      okText={t('order:bidding.start.ok')}
      cancelText={t('order:actions.cancel')}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<StartForm>
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={async (values) => {
          setSaving(true);
          try {
            await onOk({
              toElsAccounts: values.toElsAccounts,
              quoteEndTime: (values.quoteEndTime as Dayjs).toISOString(),
              remark: values.remark?.trim() || undefined,
            });
          } finally {
            setSaving(false);
          }
        }}
      >
        <Form.Item
          name="toElsAccounts"
          label={t('order:bidding.start.suppliers')}
          extra={t('order:bidding.start.suppliersHint')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('order:bidding.start.suppliersRequired') },
          ]}
        >
          <Select
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v.trim()) }}
            placeholder={t('order:bidding.start.search')}
            options={options}
            loading={suppliers.isFetching}
            notFoundContent={
              suppliers.isFetching ? <Spin size="small" /> : t('order:bidding.start.noSupplier')
            }
            onBlur={() => setKeyword('')}
          />
        </Form.Item>
        <Form.Item
          name="quoteEndTime"
          label={t('order:bidding.start.quoteEndTime')}
          rules={[
            { required: true, message: t('order:bidding.start.quoteEndTimeRequired') },
            {
              validator: (_, value: Dayjs | null) =>
                !value || value.isAfter(now())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('order:bidding.start.quoteEndTimeFuture'))),
            },
          ]}
        >
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabledDate={beforeToday}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('order:bidding.start.remark')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Where the RFQ app shows one RFQ (its detail: comparison and award). */
export const rfqDetailHref = (id: string) => `/rfq/#/v2/detail?id=${id}`;

/**
 * The buyer's card of the order's bidding (issue #13: a one-round RFQ): the RFQ's number, and while the
 * order is in bidding what happens there (quotes sealed until the end time or all answered; the award writes
 * back to this order) with a link to open the RFQ and the cancel action; after an award, where the supplier
 * and prices came from.
 */
export function BiddingCard({ order, onChanged }: { order: OrderHeader; onChanged: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  // Cancel needs `order.cancelBidding` (issue #19; hidden while the permissions load).
  const may = useCan();
  if (!order.enquiryId || !order.enquiryNumber) return null;
  const live = order.orderStatus === '6';
  const enquiryId = order.enquiryId;

  const cancel = async () => {
    try {
      await cancelBidding(order.id, order.version);
      void message.success(t('order:bidding.cancelled'));
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      onChanged();
    }
  };

  return (
    <Card
      size="small"
      className="order-bidding"
      title={t('order:bidding.card', { number: order.enquiryNumber })}
      extra={
        <Space>
          <Button type={live ? 'primary' : 'default'} href={appUrl(rfqDetailHref(enquiryId))}>
            {t('order:bidding.openRfq')}
          </Button>
          {live && may(kindCode({ kind: 'order' }, 'cancelBidding')) && (
            <Button
              danger
              onClick={() =>
                modal.confirm({
                  title: t('order:bidding.cancel'),
                  content: t('order:bidding.cancelConfirm'),
                  okText: t('order:actions.ok'),
                  cancelText: t('order:actions.cancel'),
                  onOk: cancel,
                })
              }
            >
              {t('order:bidding.cancel')}
            </Button>
          )}
        </Space>
      }
    >
      <Alert
        className="order-alert"
        showIcon
        type={live ? 'info' : 'success'}
        message={live ? t('order:bidding.live') : t('order:bidding.awarded', { number: order.enquiryNumber })}
      />
    </Card>
  );
}
