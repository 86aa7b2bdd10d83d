import type { FeeSheetKind } from '@srm/contracts/finance';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Result, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useDocumentDetail } from '../../components/document/api.ts';
import { DocumentForm } from '../../components/document/DocumentForm.tsx';
import { editInitial } from '../../components/document/edit-initial.ts';
import { todayIso } from '../../lib/clock.ts';
import { errorText } from '../../lib/http.ts';
import { feeDefinition, findCounterparts, raiserOf } from './api.ts';
import './i18n-finance.ts';

const HEADER: Record<FeeSheetKind, readonly string[]> = {
  deductCost: ['costCause', 'costDate', 'costWay', 'deductType', 'refundNumber', 'currency', 'costDesc'],
  addCost: ['costCause', 'costDate', 'costWay', 'currency', 'costDesc'],
};
const LINE_FIELDS = ['conditionType', 'costDesc', 'balanceQuantity', 'costAmount', 'taxRate', 'freeItem'];
const newLine = () => ({ taxRate: '13' });

/**
 * #/v2/{deductCost|addCost}/edit[?id=…] — the raising side makes a fee sheet (the counterpart picked from
 * its linked companies) or edits a draft or returned one: cause, date, settlement, fee lines with the
 * amount including tax and the tax rate (net and tax are computed by the server, finance-money.ts).
 */
export default function FeeSheetEdit({ kind }: { kind: FeeSheetKind }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const navigate = useNavigate();
  const def = feeDefinition(kind);
  const side = raiserOf(kind);
  const counterpartField = kind === 'deductCost' ? 'toElsAccount' : 'elsAccount';
  const counterparts = useQuery({
    queryKey: ['finance', 'counterparts', side],
    queryFn: () => findCounterparts(side),
  });
  const detail = useDocumentDetail(def, side, id);
  const picker = (disabled: boolean) => (
    <Form.Item
      name={counterpartField}
      label={t(kind === 'deductCost' ? 'finance:fee.counterpartSupplier' : 'finance:fee.counterpartBuyer')}
      rules={[{ required: true, message: t('finance:fee.pickCounterpart') }]}
    >
      <Select
        aria-label={t(
          kind === 'deductCost' ? 'finance:fee.counterpartSupplier' : 'finance:fee.counterpartBuyer',
        )}
        showSearch
        optionFilterProp="label"
        disabled={disabled}
        loading={counterparts.isPending}
        placeholder={t('finance:fee.pickCounterpart')}
        style={{ maxWidth: 420 }}
        options={(counterparts.data ?? []).map((c) => ({
          value: c.elsAccount,
          label: `${c.elsAccount} ${c.companyName}`,
        }))}
      />
    </Form.Item>
  );
  const common = {
    def,
    side,
    headerFields: HEADER[kind],
    lineFields: LINE_FIELDS,
    newLine,
    hideLineCustomFields: true,
  };
  if (!id)
    return (
      <DocumentForm
        {...common}
        title={t(kind === 'deductCost' ? 'finance:fee.newDeduct' : 'finance:fee.newAdd')}
        before={picker(false)}
        initial={{
          costDate: todayIso(),
          costWay: '1',
          currency: 'CNY',
          lines: [newLine()],
        }}
        onCancel={() => navigate(`/v2/${kind}/list`)}
        onSaved={(record) => navigate(`/v2/${kind}/detail?id=${record.id}`, { replace: true })}
      />
    );
  if (detail.isPending) return <Spin className="tab-loading" />;
  if (detail.isError)
    return (
      <Result
        status="warning"
        title={t('document:detail.loadFailed')}
        subTitle={errorText(detail.error)}
        extra={<Button onClick={() => void detail.refetch()}>{t('document:detail.reload')}</Button>}
      />
    );
  const { record } = detail.data;
  return (
    <DocumentForm
      {...common}
      title={t('finance:fee.editTitle', { number: record.costNumber })}
      before={picker(true)}
      existing={{ id: record.id, version: record.version }}
      initial={editInitial(detail.data)}
      onCancel={() => navigate(`/v2/${kind}/detail?id=${id}`)}
      onSaved={() => navigate(`/v2/${kind}/detail?id=${id}`, { replace: true })}
    />
  );
}
