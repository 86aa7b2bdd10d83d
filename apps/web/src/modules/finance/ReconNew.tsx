import { codeLabel } from '@srm/contracts/document/define';
import { ITEM_TYPE, reconDefinition } from '@srm/contracts/finance';
import { sumMoney } from '@srm/contracts/finance-money';
import {
  type ReconPickRow,
  reconPickerRows,
  reconSelection,
  reconSourcesOf,
} from '@srm/contracts/finance-recon';
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
import { useDocumentDetail, useDocumentSave, useDocumentSide } from '../../components/document/api.ts';
import { errorText } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { findCounterparts, findReconcilable, type ReconCandidate } from './api.ts';
import './i18n-finance.ts';

type Scope = { counterpart?: string; currency: string; beginDate?: Dayjs; endDate?: Dayjs };
/** One row of the picker: one line the statement will hold (a fee sheet's lines are selected together). */
type Row = ReconPickRow<ReconCandidate>;

/**
 * #/v2/recon/new[?id=…] — a statement by either side: the counterpart (a linked company), the currency
 * and the period; the lines it can pull are listed, one row per line the statement will hold with its tax
 * rate (a fee sheet's lines are selected together, issue #32; all selected), the totals follow the selection under
 * the one money rule (finance-money.ts), and saving reserves them ('409' if another statement took one in
 * the meantime). With `?id=` the creating side edits its draft or returned statement: its lines come
 * back selected next to what is still open.
 */
export default function ReconNew() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const side = useDocumentSide();
  const navigate = useNavigate();
  const [form] = Form.useForm<Scope>();
  const save = useDocumentSave(reconDefinition, side);
  const detail = useDocumentDetail(reconDefinition, side, id);
  const counterparts = useQuery({
    queryKey: ['finance', 'counterparts', side],
    queryFn: () => findCounterparts(side),
  });
  const [rows, setRows] = useState<Row[] | null>(null);
  const [truncated, setTruncated] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const counterpartLabel = t(
    side === 'purchase' ? 'finance:recon.counterpartSupplier' : 'finance:recon.counterpartBuyer',
  );
  const label = (name: 'currency' | 'beginDate' | 'endDate') => reconDefinition.header[name].label[locale];

  useEffect(() => {
    if (!detail.data) return;
    const r = detail.data.record;
    form.setFieldsValue({
      counterpart: String(side === 'purchase' ? r.toElsAccount : r.elsAccount),
      currency: String(r.currency ?? 'CNY'),
      beginDate: dayjs(String(r.beginDate)),
      endDate: dayjs(String(r.endDate)),
    });
  }, [detail.data, form, side]);

  const load = async () => {
    const scope = await form.validateFields();
    setLoading(true);
    setError(null);
    try {
      const answer = await findReconcilable(side, {
        counterpart: scope.counterpart ?? '',
        currency: scope.currency || 'CNY',
        beginDate: (scope.beginDate as Dayjs).format('YYYY-MM-DD'),
        endDate: (scope.endDate as Dayjs).format('YYYY-MM-DD'),
      });
      const own = (detail.data?.lines ?? []) as unknown as ReconCandidate[];
      const next = reconPickerRows([...own, ...answer.lines]);
      setRows(next);
      setTruncated(answer.truncated);
      setSelected(next.map((r) => r.key));
    } catch (e) {
      setError(errorText(e));
      setRows(null);
    } finally {
      setLoading(false);
    }
  };

  const chosen = useMemo(() => (rows ?? []).filter((r) => selected.includes(r.key)), [rows, selected]);
  const totals = sumMoney(chosen);

  const submit = async () => {
    const scope = await form.validateFields();
    if (chosen.length === 0) {
      void message.error(t('finance:recon.needLines'));
      return;
    }
    const lines = reconSourcesOf(chosen);
    try {
      const record = await save.mutateAsync({
        ...(detail.data ? { id: detail.data.record.id, version: detail.data.record.version } : {}),
        ...(side === 'purchase' ? { toElsAccount: scope.counterpart } : { elsAccount: scope.counterpart }),
        currency: scope.currency || 'CNY',
        beginDate: (scope.beginDate as Dayjs).format('YYYY-MM-DD'),
        endDate: (scope.endDate as Dayjs).format('YYYY-MM-DD'),
        lines,
      });
      navigate(`/v2/recon/detail?id=${record.id}`, { replace: true });
    } catch (e) {
      setError(errorText(e));
    }
  };

  if (id && detail.isPending) return <Spin className="tab-loading" />;
  const money = (v: string | null) => <span className="num">{v ?? ''}</span>;
  return (
    <Card
      title={
        id && detail.data
          ? t('finance:recon.editTitle', { number: detail.data.record.reconNumber })
          : t('finance:recon.newTitle')
      }
      className="document-form"
    >
      <Form<Scope> form={form} layout="inline" initialValues={{ currency: 'CNY' }} style={{ rowGap: 12 }}>
        <Form.Item
          name="counterpart"
          label={counterpartLabel}
          rules={[{ required: true, message: counterpartLabel }]}
        >
          <Select
            aria-label={counterpartLabel}
            showSearch
            optionFilterProp="label"
            disabled={Boolean(id)}
            loading={counterparts.isPending}
            style={{ width: 280 }}
            options={(counterparts.data ?? []).map((c) => ({
              value: c.elsAccount,
              label: `${c.elsAccount} ${c.companyName}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="currency" label={label('currency')} rules={[{ required: true }, { max: 3 }]}>
          <Input aria-label={label('currency')} style={{ width: 80 }} />
        </Form.Item>
        <Form.Item
          name="beginDate"
          label={label('beginDate')}
          rules={[{ required: true, message: label('beginDate') }]}
        >
          <DatePicker aria-label={label('beginDate')} />
        </Form.Item>
        <Form.Item
          name="endDate"
          label={label('endDate')}
          rules={[{ required: true, message: label('endDate') }]}
        >
          <DatePicker aria-label={label('endDate')} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" loading={loading} onClick={() => void load()}>
            {t('finance:recon.load')}
          </Button>
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon message={error} style={{ marginTop: 12 }} />}
      {truncated && (
        <Alert type="warning" showIcon message={t('finance:recon.truncated')} style={{ marginTop: 12 }} />
      )}
      {rows && (
        <>
          <Table<Row>
            style={{ marginTop: 16 }}
            size="small"
            rowKey="key"
            virtual
            scroll={{ x: 1200, y: 420 }}
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: t('finance:recon.nothing') }}
            rowSelection={namedSelection<Row>(
              {
                columnWidth: 48,
                selectedRowKeys: selected,
                onChange: (keys) => setSelected((was) => reconSelection(rows, was, keys as string[])),
              },
              (r) => [r.sourceNumber, r.sourceItemNumber].filter((part) => part != null).join(' '),
              (number) => t('document:list.selectRow1', { number }),
            )}
            columns={[
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
                key: 'sourceItemNumber',
                title: t('finance:recon.cols.sourceItemNumber'),
                dataIndex: 'sourceItemNumber',
                width: 70,
              },
              {
                key: 'businessDate',
                title: t('finance:recon.cols.businessDate'),
                dataIndex: 'businessDate',
                width: 110,
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
                key: 'netAmount',
                title: t('finance:recon.cols.netAmount'),
                width: 120,
                align: 'right',
                render: (_, r) => money(r.netAmount),
              },
              {
                key: 'taxAmount',
                title: t('finance:recon.cols.taxAmount'),
                width: 100,
                align: 'right',
                render: (_, r) => money(r.taxAmount),
              },
              {
                key: 'amount',
                title: t('finance:recon.cols.amount'),
                width: 120,
                align: 'right',
                render: (_, r) => money(r.amount),
              },
            ]}
          />
          <Space direction="vertical" style={{ marginTop: 12, width: '100%' }}>
            <Typography.Text strong role="status">
              {t('finance:recon.selected', { count: chosen.length })} ·{' '}
              {t('finance:recon.totals', {
                net: totals.netAmount,
                tax: totals.taxAmount,
                total: totals.amount,
              })}
            </Typography.Text>
            <Typography.Text type="secondary">{t('finance:recon.rule')}</Typography.Text>
            <Space>
              <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
                {t('finance:recon.save')}
              </Button>
              <Button onClick={() => navigate(id ? `/v2/recon/detail?id=${id}` : '/v2/recon/list')}>
                {t('finance:recon.cancel')}
              </Button>
            </Space>
          </Space>
        </>
      )}
    </Card>
  );
}
