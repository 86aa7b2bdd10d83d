import { codeLabel } from '@srm/contracts/document/define';
import { CLAIM_STATUS, REQUEST_ITEM_STATUS } from '@srm/contracts/purchase-request';
import { useInfiniteQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { measureSafeSelection } from '../../components/data-table/measure-inert.tsx';
import { trimDecimal } from '../../components/document/definition.ts';
import { MasterSelect, supplierSource } from '../../components/MasterSelect.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { errorText } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import {
  claimLines,
  enquiryDetailHref,
  findPool,
  linesToEnquiry,
  linesToOrders,
  type PoolLine,
  returnLines,
} from './api.ts';
import {
  type EnquiryProblems,
  enquiryProblems,
  hasProblems,
  MIN_ENQUIRY_SUPPLIERS,
} from './enquiry-problems.ts';
import { PoolToBidding } from './PoolToBidding.tsx';
import './i18n-requisition.ts';
import { appUrl } from '../../lib/base-path.ts';

type Filter = {
  materialNumber?: string;
  cateCode?: string;
  purchaseFactory?: string;
  purchasePerson?: string;
  claimUser?: string;
  claimStatus?: '0' | '1';
};

const clean = (values: Filter): Filter =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== '')) as Filter;

/** The sub-account part of a claim key `{elsAccount}_{elsSubAccount}`. */
export const claimantOf = (key: string | null) => (key ? key.slice(key.indexOf('_') + 1) : '');

/**
 * #/v2/requisition/pool — the demand pool (需求池, seed 001 §2): open lines of approved requisitions, most
 * urgent first. Filter, select lines, claim them, return them to the requester with a remark, or turn the
 * lines one has claimed into purchase order drafts (one per supplier), into one RFQ draft (suppliers
 * invited per line; the RFQ opens in the /rfq/ app) or into one per-line e-auction draft (PoolToBidding;
 * it opens in the /ebidding/ app).
 */
export default function DemandPool() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const navigate = useNavigate();
  const [form] = Form.useForm<Filter>();
  const [filter, setFilter] = useState<Filter>({});
  const [selected, setSelected] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [returning, setReturning] = useState(false);
  const [ordering, setOrdering] = useState(false);
  const [remark, setRemark] = useState('');
  const [enquiring, setEnquiring] = useState(false);
  const [bidding, setBidding] = useState(false);
  const [enquiryDesc, setEnquiryDesc] = useState('');
  const [quoteEnd, setQuoteEnd] = useState<dayjs.Dayjs | null>(null);
  const [problems, setProblems] = useState<EnquiryProblems>({ lines: {} });
  /** An edited line field's mark goes (the rule is checked again on OK). */
  const clearLineProblem = (lineId: string, field: 'quantity' | 'suppliers') =>
    setProblems((p) => ({
      ...p,
      lines: { ...p.lines, [lineId]: { ...p.lines[lineId], [field]: undefined } },
    }));
  const problemOf = (key: string | undefined) =>
    key ? t(`requisition:pool.${key}`, { min: MIN_ENQUIRY_SUPPLIERS }) : undefined;
  const [enquiryLines, setEnquiryLines] = useState<Record<string, { quantity: string; suppliers: string[] }>>(
    {},
  );
  const me = useAuth((s) => (s.userInfo ? `${s.userInfo.elsAccount}_${s.userInfo.elsSubAccount}` : ''));
  const [orderLines, setOrderLines] = useState<Record<string, { toElsAccount: string; quantity: string }>>(
    {},
  );
  const pool = useInfiniteQuery({
    queryKey: ['demand-pool', filter],
    queryFn: ({ pageParam }) => findPool({ ...filter, pageSize: 20, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = pool.data?.pages.flatMap((p) => p.records) ?? [];
  const total = pool.data?.pages[0]?.total ?? 0;
  const chosen = rows.filter((r) => selected.includes(r.id));
  /** The first columns of both dialogs' tables: which requisition line, which material. */
  const chosenLineColumns: TableColumnsType<PoolLine> = [
    {
      key: 'line',
      title: t('requisition:pool.cols.number'),
      render: (_v, r) => `${r.purchaseRequestNumber} / ${r.requestItemNumber}`,
    },
    { key: 'materialNumber', dataIndex: 'materialNumber', title: t('requisition:pool.cols.materialNumber') },
  ];

  async function run(work: () => Promise<string>) {
    if (selected.length === 0) {
      void message.warning(t('requisition:pool.selectRow'));
      return false;
    }
    setBusy(true);
    try {
      void message.success(await work());
      setSelected([]);
      await pool.refetch();
      return true;
    } catch (e) {
      void message.error(errorText(e));
      return false;
    } finally {
      setBusy(false);
    }
  }

  const openOrdering = () => {
    if (selected.length === 0) return void message.warning(t('requisition:pool.selectRow'));
    setOrderLines(
      Object.fromEntries(
        chosen.map((r) => [
          r.id,
          { toElsAccount: r.expectSupplierEls ?? '', quantity: trimDecimal(r.remainQuantity) },
        ]),
      ),
    );
    setOrdering(true);
  };

  const openEnquiring = () => {
    if (selected.length === 0) return void message.warning(t('requisition:pool.selectRow'));
    if (chosen.some((r) => r.claimStatus !== '1' || (me && r.claimUser !== me)))
      return void message.warning(t('requisition:pool.notClaimedByYou'));
    setEnquiryLines(
      Object.fromEntries(
        chosen.map((r) => [r.id, { quantity: trimDecimal(r.remainQuantity), suppliers: [] }]),
      ),
    );
    setProblems({ lines: {} });
    setEnquiring(true);
  };

  const openBidding = () => {
    if (selected.length === 0) return void message.warning(t('requisition:pool.selectRow'));
    if (chosen.some((r) => r.claimStatus !== '1' || (me && r.claimUser !== me)))
      return void message.warning(t('requisition:pool.notClaimedForBidding'));
    setBidding(true);
  };

  async function makeEnquiry() {
    const lines = chosen.map((r) => ({ lineId: r.id, ...enquiryLines[r.id] }));
    // Each broken rule marks its own field or line (issue #33), not one toast for all of them.
    const found = enquiryProblems({ enquiryDesc, quoteEnd, lines });
    setProblems(found);
    if (hasProblems(found) || !quoteEnd) return;
    let made: { id: string; enquiryNumber: string } | undefined;
    const done = await run(async () => {
      made = await linesToEnquiry({
        enquiryDesc: enquiryDesc.trim(),
        quoteEndTime: quoteEnd.toISOString(),
        lines,
      });
      return t('requisition:pool.enquiryMade', { number: made.enquiryNumber });
    });
    if (done && made) {
      setEnquiring(false);
      setEnquiryDesc('');
      setQuoteEnd(null);
      // The RFQ lives in another module app (/rfq/): this frame goes there.
      window.location.assign(appUrl(enquiryDetailHref(made.id)));
    }
  }

  const num = (v: string) => <span className="num">{trimDecimal(v)}</span>;
  return (
    <div className="page-stack">
      <Card title={t('requisition:pool.title')} size="small">
        <Form<Filter>
          form={form}
          layout="inline"
          onFinish={(values) => {
            setSelected([]);
            setFilter(clean(values));
          }}
        >
          <Form.Item name="materialNumber" label={t('requisition:pool.material')}>
            <Input allowClear style={{ width: 150 }} />
          </Form.Item>
          <Form.Item name="cateCode" label={t('requisition:pool.cateCode')}>
            <Input allowClear style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="purchaseFactory" label={t('requisition:pool.factory')}>
            <Input allowClear style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="purchasePerson" label={t('requisition:pool.purchaser')}>
            <Input allowClear style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="claimUser" label={t('requisition:pool.claimant')}>
            <Input allowClear style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="claimStatus" label={t('requisition:pool.claimStatus')}>
            <Select
              allowClear
              style={{ width: 110 }}
              placeholder={t('requisition:pool.all')}
              options={Object.keys(CLAIM_STATUS).map((code) => ({
                value: code,
                label: codeLabel(CLAIM_STATUS, code, locale),
              }))}
            />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('requisition:pool.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilter({});
              }}
            >
              {t('requisition:pool.reset')}
            </Button>
          </Space>
        </Form>
      </Card>
      <Card
        size="small"
        title={t('requisition:pool.total', { total })}
        extra={
          <Space wrap>
            <Typography.Text type="secondary">
              {t('requisition:pool.selected', { count: selected.length })}
            </Typography.Text>
            <Button
              loading={busy}
              onClick={() =>
                void run(async () =>
                  t('requisition:pool.claimed', { count: (await claimLines(selected)).claimed }),
                )
              }
            >
              {t('requisition:pool.claim')}
            </Button>
            <Button
              onClick={() =>
                selected.length === 0
                  ? void message.warning(t('requisition:pool.selectRow'))
                  : setReturning(true)
              }
            >
              {t('requisition:pool.return')}
            </Button>
            <Button onClick={openEnquiring}>{t('requisition:pool.toEnquiry')}</Button>
            <Button onClick={openBidding}>{t('requisition:pool.toBidding')}</Button>
            <Button type="primary" onClick={openOrdering}>
              {t('requisition:pool.toOrder')}
            </Button>
          </Space>
        }
      >
        <Table<PoolLine>
          size="small"
          rowKey="id"
          loading={pool.isPending}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 'max-content' }}
          rowSelection={measureSafeSelection<PoolLine>({
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys as string[]),
            getCheckboxProps: (r) => ({ 'aria-label': `${r.purchaseRequestNumber} ${r.requestItemNumber}` }),
          })}
          columns={[
            {
              key: 'number',
              title: t('requisition:pool.cols.number'),
              render: (_v, r) => (
                <Typography.Link onClick={() => navigate(`/v2/requisition/detail?id=${r.requestId}`)}>
                  {r.purchaseRequestNumber}
                </Typography.Link>
              ),
            },
            { key: 'line', dataIndex: 'requestItemNumber', title: t('requisition:pool.cols.line') },
            {
              key: 'materialNumber',
              dataIndex: 'materialNumber',
              title: t('requisition:pool.cols.materialNumber'),
            },
            {
              key: 'materialDesc',
              dataIndex: 'materialDesc',
              title: t('requisition:pool.cols.materialDesc'),
            },
            {
              key: 'quantity',
              title: t('requisition:pool.cols.quantity'),
              render: (_v, r) => num(r.quantity),
            },
            {
              key: 'remain',
              title: t('requisition:pool.cols.remain'),
              render: (_v, r) => num(r.remainQuantity),
            },
            { key: 'unit', dataIndex: 'unit', title: t('requisition:pool.cols.unit') },
            {
              key: 'deliveryDate',
              dataIndex: 'deliveryDate',
              title: t('requisition:pool.cols.deliveryDate'),
            },
            {
              key: 'supplier',
              title: t('requisition:pool.cols.supplier'),
              render: (_v, r) => r.expectSupplierName ?? r.expectSupplierEls ?? '',
            },
            { key: 'applicant', dataIndex: 'applicant', title: t('requisition:pool.cols.applicant') },
            { key: 'factory', dataIndex: 'purchaseFactory', title: t('requisition:pool.cols.factory') },
            {
              key: 'status',
              title: t('requisition:pool.cols.status'),
              render: (_v, r) => codeLabel(REQUEST_ITEM_STATUS, r.itemStatus, locale),
            },
            {
              key: 'claim',
              title: t('requisition:pool.cols.claim'),
              render: (_v, r) =>
                r.claimStatus === '1' ? (
                  <Tag color="blue">{claimantOf(r.claimUser)}</Tag>
                ) : (
                  <Tag>{codeLabel(CLAIM_STATUS, r.claimStatus, locale)}</Tag>
                ),
            },
          ]}
        />
        {pool.hasNextPage && (
          <Button
            style={{ marginTop: 8 }}
            loading={pool.isFetchingNextPage}
            onClick={() => void pool.fetchNextPage()}
          >
            {t('requisition:pool.more')}
          </Button>
        )}
      </Card>
      <Modal
        open={returning}
        title={t('requisition:pool.returnTitle')}
        okButtonProps={{ loading: busy }}
        onCancel={() => setReturning(false)}
        onOk={async () => {
          if (!remark.trim()) return void message.warning(t('requisition:pool.backRemarkRequired'));
          const done = await run(async () =>
            t('requisition:pool.returned', { count: (await returnLines(selected, remark.trim())).returned }),
          );
          if (done) {
            setReturning(false);
            setRemark('');
          }
        }}
      >
        <Form layout="vertical">
          <Form.Item label={t('requisition:pool.backRemark')} required>
            <Input.TextArea
              aria-label={t('requisition:pool.backRemark')}
              maxLength={500}
              value={remark}
              onChange={(e) => setRemark(e.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={ordering}
        width={760}
        title={t('requisition:pool.toOrderTitle')}
        okButtonProps={{ loading: busy }}
        onCancel={() => setOrdering(false)}
        onOk={async () => {
          let made: Awaited<ReturnType<typeof linesToOrders>>['orders'] = [];
          const done = await run(async () => {
            made = (
              await linesToOrders({
                lines: chosen.map((r) => ({
                  lineId: r.id,
                  quantity: orderLines[r.id]?.quantity || undefined,
                  toElsAccount: orderLines[r.id]?.toElsAccount || undefined,
                })),
              })
            ).orders;
            return t('requisition:pool.ordersMade', {
              count: made.length,
              numbers: made.map((o) => o.orderNumber).join(', '),
            });
          });
          if (done) {
            setOrdering(false);
            if (made.length > 0) navigate(`/v2/order/detail?id=${made[0].id}`);
          }
        }}
      >
        <Typography.Paragraph type="secondary">{t('requisition:pool.toOrderHint')}</Typography.Paragraph>
        <Table<PoolLine>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={chosen}
          columns={[
            ...chosenLineColumns,
            {
              key: 'supplier',
              title: t('requisition:pool.supplier'),
              render: (_v, r) => (
                <Input
                  aria-label={`${t('requisition:pool.supplier')} ${r.materialNumber}`}
                  value={orderLines[r.id]?.toElsAccount ?? ''}
                  onChange={(e) =>
                    setOrderLines((o) => ({
                      ...o,
                      [r.id]: { ...o[r.id], toElsAccount: e.target.value.trim() },
                    }))
                  }
                />
              ),
            },
            {
              key: 'quantity',
              title: t('requisition:pool.quantity'),
              render: (_v, r) => (
                <Input
                  aria-label={`${t('requisition:pool.quantity')} ${r.materialNumber}`}
                  value={orderLines[r.id]?.quantity ?? ''}
                  onChange={(e) =>
                    setOrderLines((o) => ({ ...o, [r.id]: { ...o[r.id], quantity: e.target.value.trim() } }))
                  }
                />
              ),
            },
            { key: 'unit', dataIndex: 'unit', title: t('requisition:pool.cols.unit') },
          ]}
        />
      </Modal>
      {bidding && <PoolToBidding lines={chosen} onClose={() => setBidding(false)} />}
      <Modal
        open={enquiring}
        width={900}
        title={t('requisition:pool.toEnquiryTitle')}
        okButtonProps={{ loading: busy }}
        onCancel={() => setEnquiring(false)}
        onOk={() => void makeEnquiry()}
      >
        <Typography.Paragraph type="secondary">{t('requisition:pool.toEnquiryHint')}</Typography.Paragraph>
        <Form layout="inline" style={{ marginBottom: 12 }}>
          <Form.Item
            label={t('requisition:pool.enquiryDesc')}
            required
            validateStatus={problems.enquiryDesc ? 'error' : undefined}
            help={problemOf(problems.enquiryDesc)}
          >
            <Input
              aria-label={t('requisition:pool.enquiryDesc')}
              style={{ width: 280 }}
              maxLength={200}
              value={enquiryDesc}
              onChange={(e) => {
                setEnquiryDesc(e.target.value);
                setProblems((p) => ({ ...p, enquiryDesc: undefined }));
              }}
            />
          </Form.Item>
          <Form.Item
            label={t('requisition:pool.quoteEndTime')}
            required
            validateStatus={problems.quoteEnd ? 'error' : undefined}
            help={problemOf(problems.quoteEnd)}
          >
            <DatePicker
              aria-label={t('requisition:pool.quoteEndTime')}
              showTime
              value={quoteEnd}
              onChange={(v) => {
                setQuoteEnd(v);
                setProblems((p) => ({ ...p, quoteEnd: undefined }));
              }}
            />
          </Form.Item>
        </Form>
        <Table<PoolLine>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={chosen}
          columns={[
            ...chosenLineColumns,
            {
              key: 'quantity',
              title: t('requisition:pool.quantityToEnquire'),
              render: (_v, r) => (
                <Form.Item
                  style={{ marginBottom: 0 }}
                  validateStatus={problems.lines[r.id]?.quantity ? 'error' : undefined}
                  help={problemOf(problems.lines[r.id]?.quantity)}
                >
                  <Input
                    style={{ width: 110 }}
                    aria-label={`${t('requisition:pool.quantityToEnquire')} ${r.materialNumber}`}
                    value={enquiryLines[r.id]?.quantity ?? ''}
                    onChange={(e) => {
                      setEnquiryLines((o) => ({
                        ...o,
                        [r.id]: { ...o[r.id], quantity: e.target.value.trim() },
                      }));
                      clearLineProblem(r.id, 'quantity');
                    }}
                  />
                </Form.Item>
              ),
            },
            { key: 'unit', dataIndex: 'unit', title: t('requisition:pool.cols.unit') },
            {
              key: 'suppliers',
              title: t('requisition:pool.suppliers'),
              render: (_v, r) => (
                <Form.Item
                  style={{ marginBottom: 0 }}
                  validateStatus={problems.lines[r.id]?.suppliers ? 'error' : undefined}
                  help={problemOf(problems.lines[r.id]?.suppliers)}
                >
                  <MasterSelect
                    source={supplierSource}
                    mode="multiple"
                    style={{ width: 360 }}
                    aria-label={`${t('requisition:pool.suppliers')} ${r.materialNumber}`}
                    value={enquiryLines[r.id]?.suppliers ?? []}
                    onChange={(v) => {
                      setEnquiryLines((o) => ({
                        ...o,
                        [r.id]: { ...o[r.id], suppliers: (v as string[] | undefined) ?? [] },
                      }));
                      clearLineProblem(r.id, 'suppliers');
                    }}
                  />
                </Form.Item>
              ),
            },
          ]}
        />
      </Modal>
    </div>
  );
}
