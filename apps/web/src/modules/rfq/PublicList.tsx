import { enquiryDefinition as def, ENQUIRY_TYPE, QUOTE_METHOD } from '@srm/contracts/enquiry';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Space, Spin, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../lib/http.ts';
import { useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { findPublicRfq, findPublicRfqs, joinPublicRfq, type PublicRfq } from './api.ts';
import './i18n-rfq.ts';

const time = (value: string | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—');

/** The lines of one public RFQ (material, quantity, requested date), read when its row is expanded. */
function PublicLines({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: ['rfq', 'public', id], queryFn: () => findPublicRfq(id) });
  if (!detail.data) return <Spin size="small" />;
  return (
    <Table
      size="small"
      rowKey="itemId"
      pagination={false}
      dataSource={detail.data.lines}
      columns={[
        { title: '#', dataIndex: 'lineNumber', render: (n: number) => n / 10 },
        { title: t('rfq:public.material'), render: (_, l) => `${l.materialNumber} ${l.materialDesc}` },
        { title: t('rfq:public.quantity'), render: (_, l) => `${l.quantity} ${l.unit}` },
        { title: t('rfq:public.date'), dataIndex: 'deliveryDate' },
      ]}
    />
  );
}

/**
 * #/v2/public — the supplier's "公开询价 / Public RFQs" (issue #13): every buyer's public RFQs that take
 * participants now, newest published first (keyset pages, "load more"), searchable by number or
 * description; a row expands to its lines. "参与报价 / Take part" (enquiry.quote) makes the supplier's
 * invitations and opens its quote page; a row it already takes part in opens the quote page directly.
 * Only the RFQ's terms are shown: never other participants or prices.
 */
export default function PublicList() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = useCan();
  const navigate = useNavigate();
  const client = useQueryClient();
  const locale = useSettings((st) => st.locale);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const list = useInfiniteQuery({
    queryKey: ['rfq', 'public', 'list', keyword],
    queryFn: ({ pageParam }) => findPublicRfqs({ cursor: pageParam, keyword: keyword || undefined }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const rows = list.data?.pages.flatMap((p) => p.rows) ?? [];
  const quotePage = (id: string) => navigate(`/v2/client/quota?id=${id}`);

  async function takePart(row: PublicRfq) {
    setBusy(row.id);
    try {
      await joinPublicRfq(row.id);
      void message.success(t('rfq:public.joinedDone'));
      await client.invalidateQueries({ queryKey: ['rfq', 'public'] });
      quotePage(row.id);
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card
      title={t('rfq:public.title')}
      extra={<Button onClick={() => navigate('/v2/list')}>{t('rfq:public.back')}</Button>}
    >
      <Alert type="info" showIcon message={t('rfq:public.hint')} style={{ marginBottom: 12 }} />
      <Space style={{ marginBottom: 12 }}>
        <Input
          aria-label={t('rfq:public.keyword')}
          placeholder={t('rfq:public.keyword')}
          value={typed}
          maxLength={50}
          onChange={(e) => setTyped(e.target.value)}
          onPressEnter={() => setKeyword(typed.trim())}
          style={{ width: 260 }}
          allowClear
        />
        <Button onClick={() => setKeyword(typed.trim())}>{t('rfq:public.search')}</Button>
      </Space>
      <Table
        size="small"
        rowKey="id"
        loading={list.isLoading}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('rfq:public.empty') }}
        expandable={{ expandedRowRender: (row) => <PublicLines id={row.id} /> }}
        columns={[
          { title: t('rfq:public.number'), dataIndex: 'enquiryNumber' },
          { title: t('rfq:public.desc'), dataIndex: 'enquiryDesc' },
          { title: t('rfq:public.buyer'), dataIndex: 'buyerName' },
          { title: t('rfq:public.lines'), dataIndex: 'lineCount' },
          {
            title: `${def.header.enquiryType.label[locale]} / ${def.header.quoteMethod.label[locale]}`,
            render: (_, row) => (
              <Space size={4}>
                <Tag>{ENQUIRY_TYPE[row.enquiryType as keyof typeof ENQUIRY_TYPE]?.[locale]}</Tag>
                <Tag>{QUOTE_METHOD[row.quoteMethod as keyof typeof QUOTE_METHOD]?.[locale]}</Tag>
              </Space>
            ),
          },
          { title: t('rfq:public.quoteEnd'), render: (_, row) => time(row.quoteEndTime) },
          { title: t('rfq:public.joinEnd'), render: (_, row) => time(row.joinEndTime) },
          {
            title: t('rfq:public.actions'),
            render: (_, row) =>
              row.joined ? (
                <Space size={4}>
                  <Tag color="green">{t('rfq:public.joined')}</Tag>
                  <Button size="small" onClick={() => quotePage(row.id)}>
                    {t('rfq:public.toQuote')}
                  </Button>
                </Space>
              ) : may('enquiry.quote') && row.joinable ? (
                <Button
                  size="small"
                  type="primary"
                  loading={busy === row.id}
                  onClick={() => void takePart(row)}
                >
                  {t('rfq:public.join')}
                </Button>
              ) : null,
          },
        ]}
      />
      {list.hasNextPage && (
        <Button
          style={{ marginTop: 12 }}
          loading={list.isFetchingNextPage}
          onClick={() => list.fetchNextPage()}
        >
          {t('rfq:public.more')}
        </Button>
      )}
    </Card>
  );
}
