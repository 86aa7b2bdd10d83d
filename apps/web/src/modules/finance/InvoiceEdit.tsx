import { fixed, mul, sum } from '@srm/contracts/decimal';
import { codeLabel } from '@srm/contracts/document/define';
import { INVOICE_TYPE, ITEM_TYPE, invoiceDefinition } from '@srm/contracts/finance';
import { MONEY_SCALE } from '@srm/contracts/finance-money';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Select,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { namedSelection } from '../../components/data-table/named-selection.ts';
import {
  runDocumentAction,
  useDocumentDetail,
  useDocumentSave,
  useDocumentSide,
} from '../../components/document/api.ts';
import { errorText } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { findInvoiceableLines, findInvoiceableStatements, type InvoiceableLine } from './api.ts';
import './i18n-finance.ts';

type Head = {
  reconId?: string;
  invoiceNumber?: string;
  invoiceCode?: string;
  invoiceType: string;
  invoiceDate?: Dayjs;
  remark?: string;
};

const MONEY = /^\d{1,16}(\.\d{1,2})?$/;
/** The printed figure of a statement line: its amount without the sign (refunds, deductions count against). */
const printed = (amount: string) => amount.replace(/^-/, '');

/**
 * #/v2/invoice/new[?id=…] — the supplier registers a tax invoice against a confirmed statement: the
 * invoice's number, code, type and date; the statement's free lines (all chosen) with the amount invoiced
 * per line, prefilled with the statement's figure (as printed: refunds and deductions count against the
 * invoice). "Save" keeps a draft; "Save and submit" also submits it to the buyer — after a rejection that
 * is the one step that corrects and resubmits the same invoice. The server matches it (order price ×
 * received quantity against the invoice, within the buyer's tolerance).
 */
export default function InvoiceEdit() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const side = useDocumentSide();
  const navigate = useNavigate();
  const [form] = Form.useForm<Head>();
  const save = useDocumentSave(invoiceDefinition, side);
  const detail = useDocumentDetail(invoiceDefinition, side, id);
  const statements = useQuery({ queryKey: ['finance', 'invoiceable'], queryFn: findInvoiceableStatements });
  const reconId = Form.useWatch('reconId', form);
  const lines = useQuery({
    queryKey: ['finance', 'invoiceable', reconId, id],
    queryFn: () => findInvoiceableLines(reconId as string, id || undefined),
    enabled: Boolean(reconId),
  });
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = (name: keyof typeof invoiceDefinition.header) => invoiceDefinition.header[name].label[locale];

  useEffect(() => {
    if (!detail.data) return;
    const r = detail.data.record;
    form.setFieldsValue({
      reconId: String(r.reconId),
      invoiceNumber: String(r.invoiceNumber ?? ''),
      invoiceCode: r.invoiceCode ? String(r.invoiceCode) : undefined,
      invoiceType: String(r.invoiceType ?? 'VAT'),
      invoiceDate: dayjs(String(r.invoiceDate)),
      remark: r.remark ? String(r.remark) : undefined,
    });
  }, [detail.data, form]);

  // A statement's lines: the invoice's own amounts when correcting it, else the statement's figures.
  useEffect(() => {
    if (!lines.data) return;
    const own = new Map(
      (detail.data?.lines ?? []).map((l) => [String(l.reconItemId), printed(String(l.invoiceAmount))]),
    );
    setAmounts(Object.fromEntries(lines.data.lines.map((l) => [l.id, own.get(l.id) ?? printed(l.amount)])));
    setSelected(
      detail.data
        ? lines.data.lines.filter((l) => own.has(l.id)).map((l) => l.id)
        : lines.data.lines.map((l) => l.id),
    );
  }, [lines.data, detail.data]);

  const rows = lines.data?.lines ?? [];
  const chosen = useMemo(() => rows.filter((l) => selected.includes(l.id)), [rows, selected]);
  const bad = chosen.find((l) => !MONEY.test(amounts[l.id] ?? ''));
  // The invoice's total as the server signs it (refund and deduction lines negative).
  const total = useMemo(() => {
    const signed = chosen
      .filter((l) => MONEY.test(amounts[l.id] ?? ''))
      .map((l) => mul(amounts[l.id], l.amount.startsWith('-') ? -1 : 1));
    return fixed(sum(signed), MONEY_SCALE);
  }, [chosen, amounts]);

  const submit = async (andSend: boolean) => {
    const head = await form.validateFields();
    setError(null);
    if (chosen.length === 0) {
      setError(t('finance:invoice.needLines'));
      return;
    }
    if (bad) {
      setError(t('finance:invoice.badAmount', { line: bad.lineNumber }));
      return;
    }
    setBusy(true);
    try {
      const record = await save.mutateAsync({
        ...(detail.data ? { id: detail.data.record.id, version: detail.data.record.version } : {}),
        reconId: head.reconId,
        invoiceNumber: head.invoiceNumber?.trim(),
        invoiceCode: head.invoiceCode?.trim() || undefined,
        invoiceType: head.invoiceType,
        invoiceDate: (head.invoiceDate as Dayjs).format('YYYY-MM-DD'),
        remark: head.remark?.trim() || undefined,
        lines: chosen.map((l) => ({ reconItemId: l.id, invoiceAmount: amounts[l.id] })),
      });
      if (andSend) {
        await runDocumentAction(invoiceDefinition, side, 'send', record.id, { version: record.version });
        void message.success(t('finance:invoice.submitted'));
      }
      navigate(`/v2/invoice/detail?id=${record.id}`, { replace: true });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  if (id && detail.isPending) return <Spin className="tab-loading" />;
  const money = (v: string | null) => <span className="num">{v ?? ''}</span>;
  const statementLabel = label('reconId');
  return (
    <Card
      title={
        id && detail.data
          ? t('finance:invoice.editTitle', { number: detail.data.record.invoiceSequence })
          : t('finance:invoice.newTitle')
      }
      className="document-form"
    >
      {detail.data?.record.backReason ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('finance:invoice.rejected', { reason: String(detail.data.record.backReason) })}
        />
      ) : null}
      <Form<Head> form={form} layout="inline" initialValues={{ invoiceType: 'VAT' }} style={{ rowGap: 12 }}>
        <Form.Item
          name="reconId"
          label={statementLabel}
          rules={[{ required: true, message: statementLabel }]}
        >
          <Select
            aria-label={statementLabel}
            showSearch
            optionFilterProp="label"
            disabled={Boolean(id)}
            loading={statements.isPending}
            style={{ width: 340 }}
            options={[
              ...(detail.data
                ? [
                    {
                      value: String(detail.data.record.reconId),
                      label: String(detail.data.record.reconNumber),
                    },
                  ]
                : []),
              ...(statements.data?.statements ?? [])
                .filter((s) => s.id !== detail.data?.record.reconId)
                .map((s) => ({
                  value: s.id,
                  label: `${s.reconNumber} ${s.buyerName} ${s.currency} ${s.totalAmount}`,
                })),
            ]}
          />
        </Form.Item>
        <Form.Item
          name="invoiceNumber"
          label={label('invoiceNumber')}
          rules={[{ required: true, message: label('invoiceNumber') }, { max: 20 }]}
        >
          <Input aria-label={label('invoiceNumber')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="invoiceCode" label={label('invoiceCode')} rules={[{ max: 20 }]}>
          <Input aria-label={label('invoiceCode')} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="invoiceType" label={label('invoiceType')}>
          <Select
            aria-label={label('invoiceType')}
            style={{ width: 180 }}
            options={Object.keys(INVOICE_TYPE).map((code) => ({
              value: code,
              label: codeLabel(INVOICE_TYPE, code, locale),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="invoiceDate"
          label={label('invoiceDate')}
          rules={[{ required: true, message: label('invoiceDate') }]}
        >
          <DatePicker aria-label={label('invoiceDate')} />
        </Form.Item>
        <Form.Item name="remark" label={label('remark')} rules={[{ max: 500 }]}>
          <Input aria-label={label('remark')} style={{ width: 260 }} />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} />}
      {reconId && (
        <>
          <Table<InvoiceableLine>
            style={{ marginTop: 16 }}
            size="small"
            rowKey="id"
            loading={lines.isPending}
            scroll={{ x: 1100 }}
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: t('finance:invoice.nothing') }}
            rowSelection={namedSelection<InvoiceableLine>(
              {
                columnWidth: 48,
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys as string[]),
              },
              (r) => `${r.sourceNumber} ${r.lineNumber}`,
              (number) => t('document:list.selectRow1', { number }),
            )}
            columns={[
              {
                key: 'lineNumber',
                title: t('finance:invoice.cols.line'),
                dataIndex: 'lineNumber',
                width: 60,
              },
              {
                key: 'itemType',
                title: t('finance:recon.cols.itemType'),
                width: 90,
                render: (_, r) => codeLabel(ITEM_TYPE, r.itemType, locale),
              },
              {
                key: 'sourceNumber',
                title: t('finance:recon.cols.sourceNumber'),
                dataIndex: 'sourceNumber',
                width: 150,
              },
              {
                key: 'material',
                title: t('finance:recon.cols.material'),
                width: 220,
                render: (_, r) => [r.materialNumber, r.materialDesc].filter(Boolean).join(' '),
              },
              {
                key: 'quantity',
                title: t('finance:recon.cols.quantity'),
                width: 100,
                align: 'right',
                render: (_, r) => money(r.quantity),
              },
              {
                key: 'price',
                title: t('finance:recon.cols.price'),
                width: 110,
                align: 'right',
                render: (_, r) => money(r.price),
              },
              {
                key: 'taxRate',
                title: t('finance:recon.cols.taxRate'),
                dataIndex: 'taxRate',
                width: 70,
                align: 'right',
              },
              {
                key: 'amount',
                title: t('finance:invoice.cols.statementAmount'),
                width: 120,
                align: 'right',
                render: (_, r) => money(r.amount),
              },
              {
                key: 'invoiceAmount',
                title: t('finance:invoice.cols.invoiceAmount'),
                width: 150,
                render: (_, r) => (
                  <Input
                    aria-label={t('finance:invoice.lineAmount', { line: r.lineNumber })}
                    inputMode="decimal"
                    status={selected.includes(r.id) && !MONEY.test(amounts[r.id] ?? '') ? 'error' : undefined}
                    value={amounts[r.id] ?? ''}
                    onChange={(e) => setAmounts((a) => ({ ...a, [r.id]: e.target.value.trim() }))}
                  />
                ),
              },
            ]}
          />
          <Space direction="vertical" style={{ marginTop: 12, width: '100%' }}>
            <Typography.Text strong role="status">
              {t('finance:invoice.total', { count: chosen.length, total })}
            </Typography.Text>
            <Typography.Text type="secondary">{t('finance:invoice.matchRule')}</Typography.Text>
            <Space>
              <Button loading={busy} onClick={() => void submit(false)}>
                {t('finance:invoice.saveDraft')}
              </Button>
              <Button type="primary" loading={busy} onClick={() => void submit(true)}>
                {t(
                  detail.data?.record.invoiceStatus === '3'
                    ? 'finance:invoice.resubmit'
                    : 'finance:invoice.saveSubmit',
                )}
              </Button>
              <Button onClick={() => navigate(id ? `/v2/invoice/detail?id=${id}` : '/v2/invoice/list')}>
                {t('finance:recon.cancel')}
              </Button>
            </Space>
          </Space>
        </>
      )}
    </Card>
  );
}
