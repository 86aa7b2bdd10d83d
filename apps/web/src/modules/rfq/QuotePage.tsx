import { QUOTE_STATUS } from '@srm/contracts/enquiry';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Input,
  Modal,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { ImportRowError } from '../../components/document/api.ts';
import { ImportErrorTable } from '../../components/document/ImportDocuments.tsx';
import { DownloadOutlined, UploadOutlined } from '../../components/page-icons.tsx';
import { serverFieldErrors } from '../../lib/field-errors.ts';
import { errorText } from '../../lib/http.ts';
import { useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import {
  declineEnquiry,
  downloadQuoteSheet,
  findQuotePage,
  type LadderStep,
  participate,
  submitQuote,
  uploadQuoteSheet,
} from './api.ts';
import './i18n-rfq.ts';
import { amountsTextProblem, ladderTextProblem, priceProblem } from './quote-rules.ts';

/** Where a line's problem shows: under its price (unit price, ladder or costs), its fees or its currency. */
type Slot = 'price' | 'fees' | 'currency';
const SLOT_OF: Record<string, Slot> = {
  priceExcludingTax: 'price',
  ladder: 'price',
  costs: 'price',
  fees: 'fees',
  currency: 'currency',
};
const slotKey = (itemId: string, slot: Slot) => `${itemId}.${slot}`;
const problemId = (key: string) => `quote-problem-${key.replace(/[^\w-]/g, '-')}`;

/** "材料:6.2\n加工:3" → named amounts (cost items or fees; the server checks the names). */
export function parseAmounts(text: string): Array<{ name: string; amount: string }> {
  return text
    .split('\n')
    .map((row) => row.trim())
    .filter(Boolean)
    .map((row) => {
      const at = row.search(/[:：]/);
      return at < 0
        ? { name: row, amount: '' }
        : { name: row.slice(0, at).trim(), amount: row.slice(at + 1).trim() };
    });
}

/** "100:9.5\n1000:9" → ladder steps (the server checks that quantities rise). */
export function parseLadder(text: string): LadderStep[] {
  return text
    .split('\n')
    .map((row) => row.trim())
    .filter(Boolean)
    .map((row) => {
      const at = row.search(/[:：]/);
      return at < 0
        ? { quantity: row, price: '' }
        : { quantity: row.slice(0, at).trim(), price: row.slice(at + 1).trim() };
    });
}

/**
 * #/v2/client/quota?id=… — the supplier's quote page (spec 000 §2 "enquiry quote"): only its invited lines
 * and its own quotes; take part, decline with a reason, quote or re-quote while open.
 */
export default function QuotePage() {
  const may = useCan();
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const client = useQueryClient();
  const id = new URLSearchParams(useLocation().search).get('id') ?? '';
  const page = useQuery({ queryKey: ['rfq', 'quote', id], queryFn: () => findQuotePage(id) });
  const [inputs, setInputs] = useState<Record<string, string>>({});
  const [feeInputs, setFeeInputs] = useState<Record<string, string>>({});
  const [currencyInputs, setCurrencyInputs] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [uploading, setUploading] = useState(false);
  const [refused, setRefused] = useState<{ message: string; errors: ImportRowError[] } | null>(null);
  /** Each field's own error (issue #33), by slotKey: the page's checks or the server's field errors. */
  const [problems, setProblems] = useState<Record<string, string>>({});
  if (!page.data) return <Spin />;
  const { record, open, lines, costItems, feeItems, currencies } = page.data;
  const ladder = record.quoteMethod === '2';
  const awarded = lines.some((l) => l.quota !== null);
  // "Take part" only while a line of the current round still has no response (status 0).
  const mayTakePart = lines.some((l) => l.inRound && l.quoteStatus === '0');
  const costed = record.quoteMethod === '3';
  /** The heading of the price column, also each price input's name (with the line's material). */
  const priceTitle = ladder ? t('rfq:quote.ladder') : costed ? t('rfq:quote.costs') : t('rfq:detail.price');
  /** The field's error state: red, and described by its message (read out with the field). */
  const problemProps = (key: string) =>
    problems[key]
      ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': problemId(key) }
      : {};
  const problemText = (key: string) =>
    problems[key] ? (
      <div id={problemId(key)} className="quote-problem">
        <Typography.Text type="danger">{problems[key]}</Typography.Text>
      </div>
    ) : null;
  const clearProblem = (key: string) =>
    setProblems((all) => {
      if (!(key in all)) return all;
      const { [key]: _gone, ...rest } = all;
      return rest;
    });
  /** The lines with a price typed in, in the order the quote body lists them. */
  const quoted = lines.filter((l) => (inputs[l.itemId] ?? '').trim() !== '');
  /** The page's own checks of what was typed: each problem under its field, in the user's language. */
  const check = () => {
    const found: Record<string, string> = {};
    const say = (problem: { key: string; params?: Record<string, string | number> }) =>
      t(`rfq:quote.rule.${problem.key}`, problem.params ?? {});
    for (const l of quoted) {
      const text = inputs[l.itemId];
      const price = ladder
        ? ladderTextProblem(text)
        : costed
          ? amountsTextProblem(text, 6)
          : priceProblem(text);
      if (price) found[slotKey(l.itemId, 'price')] = say(price);
      const fees = (feeInputs[l.itemId] ?? '').trim();
      const fee = fees ? amountsTextProblem(fees, 2) : null;
      if (fee) found[slotKey(l.itemId, 'fees')] = say(fee);
    }
    return found;
  };
  /** Submits the typed prices; refused fields show their errors next to them, other errors in a toast. */
  const submit = async () => {
    if (quoted.length === 0) {
      setProblems({});
      void message.error(t('rfq:quote.rule.nothing'));
      return;
    }
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    try {
      await submitQuote(
        id,
        quoted.map((l) => ({
          itemId: l.itemId,
          // Names the line in the server's messages by its number (10, 20 …), not its position here.
          lineNumber: l.lineNumber,
          ...(ladder
            ? { ladder: parseLadder(inputs[l.itemId]) }
            : costed
              ? { costs: parseAmounts(inputs[l.itemId]) }
              : { priceExcludingTax: inputs[l.itemId].trim() }),
          ...((feeInputs[l.itemId] ?? '').trim() ? { fees: parseAmounts(feeInputs[l.itemId]) } : {}),
          ...(currencyInputs[l.itemId] ? { currency: currencyInputs[l.itemId] } : {}),
        })),
      );
      void message.success(t('rfq:quote.submitted'));
      await client.invalidateQueries({ queryKey: ['rfq', 'quote', id] });
    } catch (e) {
      const errors = serverFieldErrors(e);
      if (errors.length === 0) {
        void message.error(errorText(e));
        return;
      }
      const placed: Record<string, string> = {};
      const rest: string[] = [];
      for (const error of errors) {
        const [list, index, field] = error.segments;
        const line = list === 'lines' && typeof index === 'number' ? quoted[index] : undefined;
        const slot = typeof field === 'string' ? SLOT_OF[field] : undefined;
        if (line && slot) {
          const key = slotKey(line.itemId, slot);
          placed[key] = placed[key] ? `${placed[key]}; ${error.message}` : error.message;
        } else rest.push(error.message);
      }
      setProblems(placed);
      if (rest.length > 0) void message.error(rest.join('; '));
    }
  };
  const run = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) void message.success(done);
      await client.invalidateQueries({ queryKey: ['rfq', 'quote', id] });
    } catch (e) {
      void message.error(errorText(e));
    }
  };
  return (
    <Card title={`${t('rfq:quote.title')} ${record.enquiryNumber}`}>
      <Descriptions size="small" column={3}>
        <Descriptions.Item label={t('rfq:quote.rfq')}>{String(record.enquiryDesc ?? '')}</Descriptions.Item>
        <Descriptions.Item label={t('rfq:quote.deadline')}>
          {record.quoteEndTime ? dayjs(String(record.quoteEndTime)).format('YYYY-MM-DD HH:mm') : ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('rfq:quote.buyer')}>{String(record.buyerName ?? '')}</Descriptions.Item>
      </Descriptions>
      {!open && <Alert type="warning" message={t('rfq:quote.closed')} />}
      <Table
        size="small"
        rowKey="itemId"
        pagination={false}
        dataSource={lines}
        columns={[
          { title: '#', dataIndex: 'lineNumber' },
          { title: t('rfq:quote.material'), render: (_, l) => `${l.materialNumber} ${l.materialDesc}` },
          { title: t('rfq:quote.quantity'), render: (_, l) => `${l.quantity} ${l.unit}` },
          { title: t('rfq:quote.date'), dataIndex: 'deliveryDate' },
          {
            title: t('rfq:quote.status'),
            render: (_, l) => QUOTE_STATUS[l.quoteStatus as keyof typeof QUOTE_STATUS]?.[locale],
          },
          // Once awarded (issue #33): the caller's quota share of the line and the quantity it gets.
          ...(awarded
            ? [
                {
                  title: t('rfq:quote.awarded'),
                  render: (_: unknown, l: (typeof lines)[number]) =>
                    l.quota !== null && l.awardedQuantity !== null
                      ? t('rfq:quote.awardedValue', {
                          quota: Number(l.quota),
                          quantity: Number(l.awardedQuantity),
                          unit: l.unit,
                        })
                      : '—',
                },
              ]
            : []),
          {
            title: t('rfq:quote.myQuote'),
            render: (_, l) =>
              l.quote ? (
                <>
                  {l.quote.ladder
                    ? l.quote.ladder.map((s) => `≥${s.quantity}: ${s.price}`).join('; ')
                    : l.quote.priceExcludingTax}{' '}
                  {l.quote.currency}
                  {l.quote.costs && <div>{l.quote.costs.map((c) => `${c.name} ${c.amount}`).join('; ')}</div>}
                  {l.quote.fees && <div>{l.quote.fees.map((f) => `${f.name} ${f.amount}`).join('; ')}</div>}
                </>
              ) : (
                '—'
              ),
          },
          ...(String(record.showQuoteInfo) === '1'
            ? [
                {
                  title: t('rfq:quote.rank'),
                  render: (_: unknown, l: (typeof lines)[number]) =>
                    l.rank === null ? '—' : t('rfq:quote.rankValue', { rank: l.rank }),
                },
              ]
            : []),
          {
            title: priceTitle,
            render: (_, l) =>
              open && l.quoteStatus !== '4' && !l.inRound ? (
                <Tag>{t('rfq:quote.notInRound', { bout: record.bout })}</Tag>
              ) : open && l.quoteStatus !== '4' ? (
                <>
                  {ladder || costed ? (
                    <Input.TextArea
                      aria-label={`${priceTitle} ${l.materialNumber}`}
                      rows={costed ? Math.max(2, costItems.length) : 2}
                      placeholder={costed ? costItems.map((c) => `${c}:`).join('\n') : undefined}
                      value={inputs[l.itemId] ?? ''}
                      {...problemProps(slotKey(l.itemId, 'price'))}
                      onChange={(e) => {
                        clearProblem(slotKey(l.itemId, 'price'));
                        setInputs((s) => ({ ...s, [l.itemId]: e.target.value }));
                      }}
                    />
                  ) : (
                    <Input
                      aria-label={`${priceTitle} ${l.materialNumber}`}
                      inputMode="decimal"
                      value={inputs[l.itemId] ?? ''}
                      {...problemProps(slotKey(l.itemId, 'price'))}
                      onChange={(e) => {
                        clearProblem(slotKey(l.itemId, 'price'));
                        setInputs((s) => ({ ...s, [l.itemId]: e.target.value }));
                      }}
                    />
                  )}
                  {problemText(slotKey(l.itemId, 'price'))}
                </>
              ) : null,
          },
          // The RFQ may take quotes in other currencies (its fixed rates convert them for the comparison).
          ...(currencies.length > 1
            ? [
                {
                  title: t('rfq:quote.currency'),
                  render: (_: unknown, l: (typeof lines)[number]) =>
                    open && l.quoteStatus !== '4' && l.inRound ? (
                      <>
                        <Select
                          aria-label={t('rfq:quote.currency')}
                          style={{ width: 170 }}
                          value={currencyInputs[l.itemId] ?? l.quote?.currency ?? currencies[0].currency}
                          {...problemProps(slotKey(l.itemId, 'currency'))}
                          onChange={(value: string) => {
                            clearProblem(slotKey(l.itemId, 'currency'));
                            setCurrencyInputs((s) => ({ ...s, [l.itemId]: value }));
                          }}
                          options={currencies.map((c, i) => ({
                            value: c.currency,
                            label: i === 0 ? c.currency : `${c.currency} (× ${c.exchangeRate})`,
                          }))}
                        />
                        {problemText(slotKey(l.itemId, 'currency'))}
                      </>
                    ) : null,
                },
              ]
            : []),
          ...(feeItems.length > 0
            ? [
                {
                  title: t('rfq:quote.fees'),
                  render: (_: unknown, l: (typeof lines)[number]) =>
                    open && l.quoteStatus !== '4' && l.inRound ? (
                      <>
                        <Input.TextArea
                          aria-label={`${t('rfq:quote.fees')} ${l.materialNumber}`}
                          rows={Math.max(1, feeItems.length)}
                          placeholder={feeItems.map((f) => `${f}:`).join('\n')}
                          value={feeInputs[l.itemId] ?? ''}
                          {...problemProps(slotKey(l.itemId, 'fees'))}
                          onChange={(e) => {
                            clearProblem(slotKey(l.itemId, 'fees'));
                            setFeeInputs((s) => ({ ...s, [l.itemId]: e.target.value }));
                          }}
                        />
                        {problemText(slotKey(l.itemId, 'fees'))}
                      </>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      {/* Taking part, quoting, the sheet and declining need enquiry.quote (issue #19). */}
      {open && may('enquiry.quote') && (
        <Space style={{ marginTop: 12 }} wrap>
          {mayTakePart && (
            <Button onClick={() => run(() => participate(id))}>{t('rfq:quote.participate')}</Button>
          )}
          <Button type="primary" onClick={() => void submit()}>
            {t('rfq:quote.submit')}
          </Button>
          {/* The Excel quote sheet takes unit and ladder prices; cost breakdowns are typed here. */}
          {!costed && (
            <>
              <Button
                icon={<DownloadOutlined />}
                onClick={() =>
                  downloadQuoteSheet(id, `quote-${record.enquiryNumber}.xlsx`).catch(
                    (e: unknown) => void message.error(errorText(e)),
                  )
                }
              >
                {t('rfq:quote.sheetDownload')}
              </Button>
              <Upload
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                maxCount={1}
                showUploadList={false}
                disabled={uploading}
                customRequest={async ({ file, onSuccess, onError }) => {
                  setUploading(true);
                  setRefused(null);
                  try {
                    const outcome = await uploadQuoteSheet(
                      id,
                      file as Blob,
                      (file as File).name || 'quote.xlsx',
                    );
                    if (outcome.ok) {
                      void message.success(t('rfq:quote.submitted'));
                      setInputs({});
                      setFeeInputs({});
                      setProblems({});
                      await client.invalidateQueries({ queryKey: ['rfq', 'quote', id] });
                    } else setRefused({ message: outcome.message, errors: outcome.errors });
                    onSuccess?.(outcome);
                  } catch (e) {
                    void message.error(errorText(e));
                    onError?.(e as Error);
                  } finally {
                    setUploading(false);
                  }
                }}
              >
                <Button icon={<UploadOutlined />} loading={uploading}>
                  {t('rfq:quote.sheetUpload')}
                </Button>
              </Upload>
            </>
          )}
          <Input
            placeholder={t('rfq:quote.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            style={{ width: 240 }}
          />
          <Button
            danger
            disabled={!reason.trim()}
            onClick={() => run(() => declineEnquiry(id, reason.trim()))}
          >
            {t('rfq:quote.decline')}
          </Button>
        </Space>
      )}
      <Modal
        open={refused !== null}
        title={t('rfq:quote.sheetRefused')}
        onCancel={() => setRefused(null)}
        footer={<Button onClick={() => setRefused(null)}>{t('rfq:quote.sheetClose')}</Button>}
        width={760}
        destroyOnHidden
      >
        {refused && <ImportErrorTable message={refused.message} errors={refused.errors} />}
      </Modal>
    </Card>
  );
}
