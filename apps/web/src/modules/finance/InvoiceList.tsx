import { invoiceDefinition } from '@srm/contracts/finance';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDocumentSide } from '../../components/document/api.ts';
import { DocumentList } from '../../components/document/DocumentList.tsx';
import { errorText } from '../../lib/http.ts';
import { findTolerance, saveTolerance, type Tolerance } from './api.ts';
import './i18n-finance.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';

/**
 * The buyer's three-way-match tolerance (amount and percentage; the stricter applies; empty = that limit
 * does not apply; both empty = exact to the cent), in a dialog from the invoice list.
 */
function ToleranceButton() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Tolerance>();
  const tolerance = useQuery({ queryKey: ['finance', 'tolerance'], queryFn: findTolerance, enabled: open });
  const amountLabel = t('finance:invoice.toleranceAmount');
  const percentLabel = t('finance:invoice.tolerancePercent');
  const save = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await saveTolerance({
        toleranceAmount: values.toleranceAmount?.trim() || null,
        tolerancePercent: values.tolerancePercent?.trim() || null,
      });
      await queryClient.invalidateQueries({ queryKey: ['finance', 'tolerance'] });
      void message.success(t('finance:invoice.toleranceSaved'));
      setOpen(false);
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('finance:invoice.tolerance')}</Button>
      <Modal
        title={t('finance:invoice.tolerance')}
        open={open}
        onOk={() => void save()}
        okText={t('finance:invoice.toleranceSave')}
        confirmLoading={saving}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        {tolerance.data && (
          <Form<Tolerance>
            form={form}
            layout="vertical"
            initialValues={{
              toleranceAmount: tolerance.data.toleranceAmount ?? '',
              tolerancePercent: tolerance.data.tolerancePercent ?? '',
            }}
          >
            <Form.Item
              name="toleranceAmount"
              label={amountLabel}
              rules={[{ pattern: /^\d{1,13}(\.\d{1,2})?$/, message: t('finance:invoice.toleranceRule') }]}
            >
              <Input aria-label={amountLabel} inputMode="decimal" />
            </Form.Item>
            <Form.Item
              name="tolerancePercent"
              label={percentLabel}
              rules={[
                {
                  pattern: /^(100(\.0{1,2})?|\d{1,2}(\.\d{1,2})?)$/,
                  message: t('finance:invoice.toleranceRule'),
                },
              ]}
            >
              <Input aria-label={percentLabel} inputMode="decimal" />
            </Form.Item>
            <Typography.Paragraph type="secondary">{t('finance:invoice.toleranceHelp')}</Typography.Paragraph>
          </Form>
        )}
      </Modal>
    </>
  );
}

/** #/v2/invoice/list — invoices: the supplier's own (and its Excel import); those submitted to the buyer. */
export default function InvoiceList() {
  const { t } = useTranslation();
  const side = useDocumentSide();
  const navigate = useNavigate();
  // "New" needs the kind's save (issue #19; hidden while the permissions load).
  const may = useCan();
  return (
    <DocumentList
      def={invoiceDefinition}
      side={side}
      title={t('finance:invoice.title')}
      importable={side === 'sale'}
      toolbar={
        side === 'sale'
          ? may(kindCode(invoiceDefinition, 'save')) && (
              <Button type="primary" onClick={() => navigate('/v2/invoice/new')}>
                {t('finance:invoice.new')}
              </Button>
            )
          : // The tolerance is read and saved under the kind's save (the server's saveTolerance).
            may(kindCode(invoiceDefinition, 'save')) && <ToleranceButton />
      }
      onOpen={(row) => navigate(`/v2/invoice/detail?id=${row.id}`)}
    />
  );
}
