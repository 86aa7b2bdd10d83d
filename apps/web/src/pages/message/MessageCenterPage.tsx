import type { Inbox } from '@srm/contracts/account';
import { DATE_TIME_FORMAT } from '@srm/contracts/constants';
import type { SysMsg } from '@srm/contracts/message';
import { QueryClientProvider, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Select, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { call, errorText } from '../../lib/http.ts';
import '../../lib/i18n-msg.ts';
import { findMessages, MESSAGE_KEYS, updateMessages } from '../../lib/message-api.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useUnread } from '../../lib/unread-store.ts';
import { linkHref, messageFilterBody } from './link.ts';

type Filters = {
  keyword?: string;
  senderElsAccount?: string;
  readFlag?: 'Y' | 'N' | '';
  handleFlag?: 'Y' | 'N' | '';
  range?: [Dayjs, Dayjs] | null;
};

/**
 * The buyer filter's label (issue #16 "one inbox"): kept in this lazy page, not in the 'msg' namespace the
 * home also loads (the home's JS budget).
 */
const BUYER_LABEL = { zh_cn: '采购方', en: 'Buyer' } as const;

/**
 * Message center /portal/info/message (spec 000 §2; issue #4). A supplier user whose company works for
 * several buyers filters the messages by the sending buyer (issue #16).
 */
export default function MessageCenterRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <MessageCenterPage />
    </QueryClientProvider>
  );
}

function MessageCenterPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const user = useAuth((s) => s.userInfo);
  const [form] = Form.useForm<Filters>();
  const [filters, setFilters] = useState<ReturnType<typeof messageFilterBody>>({});
  const [selected, setSelected] = useState<string[]>([]);
  const lang = i18n.language === 'en' ? 'en' : 'zh_cn';
  // GET /apis/ElsAccountService/findInbox — the supplier company's linked buyers (the lists' buyer select).
  const inbox = useQuery({
    queryKey: ['account', 'inbox'],
    queryFn: () => call<Inbox>({ url: '/ElsAccountService/findInbox' }),
    enabled: user?.station === 'sale',
    staleTime: 5 * 60_000,
  });
  const buyers = inbox.data?.buyers ?? [];

  const update = useMutation({
    mutationFn: (body: { ids: string[]; handleFlag?: 'Y'; readFlag?: 'Y' }) =>
      updateMessages(user?.elsAccount ?? '', user?.elsSubAccount ?? '', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: MESSAGE_KEYS.all });
      useUnread.getState().changed();
    },
  });

  const mark = async (flag: 'handleFlag' | 'readFlag') => {
    if (selected.length === 0) {
      void message.warning(t('msg:messages.selectOne'));
      return;
    }
    try {
      const { updated } = await update.mutateAsync({ ids: selected, [flag]: 'Y' });
      void message.success(
        t(flag === 'handleFlag' ? 'msg:messages.handledDone' : 'msg:messages.readDone', { count: updated }),
      );
      setSelected([]);
    } catch (e) {
      void message.error(errorText(e));
    }
  };

  const open = (row: SysMsg) => {
    const href = linkHref(row.linkUrl);
    if (row.readFlag === 'N') update.mutate({ ids: [row.id], readFlag: 'Y' });
    if (href) navigate(href);
  };

  const search = (values: Filters) => {
    setFilters(messageFilterBody(values));
    setSelected([]);
  };

  return (
    <div className="page-stack">
      <Card>
        <Form<Filters>
          form={form}
          layout="inline"
          className="msg-filters"
          initialValues={{ readFlag: '', handleFlag: '' }}
          onFinish={search}
        >
          <Form.Item name="keyword">
            <Input
              allowClear
              placeholder={t('msg:messages.keyword')}
              aria-label={t('msg:messages.keyword')}
              style={{ width: 220 }}
            />
          </Form.Item>
          {buyers.length > 1 && (
            <Form.Item name="senderElsAccount" label={BUYER_LABEL[lang]}>
              <Select
                allowClear
                style={{ width: 180 }}
                aria-label={BUYER_LABEL[lang]}
                placeholder={t('msg:messages.all')}
                options={buyers.map((b) => ({
                  value: b.elsAccount,
                  label: b.companyShortName || b.companyName,
                }))}
              />
            </Form.Item>
          )}
          <Form.Item name="readFlag" label={t('msg:messages.read')}>
            <Select
              style={{ width: 110 }}
              aria-label={t('msg:messages.read')}
              options={[
                { value: '', label: t('msg:messages.all') },
                { value: 'N', label: t('msg:messages.readN') },
                { value: 'Y', label: t('msg:messages.readY') },
              ]}
            />
          </Form.Item>
          <Form.Item name="handleFlag" label={t('msg:messages.handle')}>
            <Select
              style={{ width: 120 }}
              aria-label={t('msg:messages.handle')}
              options={[
                { value: '', label: t('msg:messages.all') },
                { value: 'N', label: t('msg:messages.handleN') },
                { value: 'Y', label: t('msg:messages.handleY') },
              ]}
            />
          </Form.Item>
          <Form.Item name="range" label={t('msg:messages.range')}>
            <DatePicker.RangePicker
              placeholder={[t('msg:messages.rangeStart'), t('msg:messages.rangeEnd')]}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit">
                {t('msg:messages.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  search({});
                }}
              >
                {t('msg:messages.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card>
        <DataTable<SysMsg>
          tableId="messageCenter"
          title={t('msg:messages.title')}
          rowKey="id"
          queryKey={[...MESSAGE_KEYS.all, 'center', user?.elsAccount, user?.elsSubAccount, filters]}
          fetchPage={(paging) =>
            findMessages({
              ...paging,
              elsAccount: user?.elsAccount,
              elsSubAccount: user?.elsSubAccount,
              ...filters,
            })
          }
          emptyText={t('msg:messages.empty')}
          onPageChange={() => setSelected([])}
          extra={
            <>
              {selected.length > 0 && (
                <Typography.Text type="secondary">
                  {t('msg:messages.selected', { count: selected.length })}
                </Typography.Text>
              )}
              <Button onClick={() => void mark('readFlag')} loading={update.isPending}>
                {t('msg:messages.markRead')}
              </Button>
              <Button type="primary" onClick={() => void mark('handleFlag')} loading={update.isPending}>
                {t('msg:messages.markHandled')}
              </Button>
            </>
          }
          rowName={(row) => row.msgTitle}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
          }}
          rowClassName={(row) => (row.readFlag === 'N' ? 'msg-row-unread' : '')}
          expandable={{
            expandedRowRender: (row) => <div className="msg-content">{row.msgContent}</div>,
            rowExpandable: (row) => Boolean(row.msgContent),
          }}
          columns={[
            {
              key: 'msgTitle',
              title: t('msg:messages.msgTitle'),
              ellipsis: true,
              width: 320,
              render: (title, row) => (
                <span className={row.readFlag === 'N' ? 'msg-unread' : undefined}>{String(title)}</span>
              ),
            },
            {
              key: 'senderName',
              title: t('msg:messages.sender'),
              width: 180,
              ellipsis: true,
              render: (_name, row) => row.senderName ?? row.senderElsAccount ?? '—',
              exportValue: (row) => row.senderName ?? row.senderElsAccount ?? '',
            },
            {
              key: 'sendTime',
              title: t('msg:messages.sendTime'),
              width: 170,
              render: (v) => dayjs(String(v)).format(DATE_TIME_FORMAT),
              exportValue: (row) => dayjs(row.sendTime).format(DATE_TIME_FORMAT),
            },
            {
              key: 'status',
              title: t('msg:messages.status'),
              width: 160,
              render: (_v, row) => (
                <Space size={4}>
                  <Tag color={row.readFlag === 'Y' ? 'default' : 'blue'}>
                    {t(row.readFlag === 'Y' ? 'msg:messages.readY' : 'msg:messages.readN')}
                  </Tag>
                  <Tag color={row.handleFlag === 'Y' ? 'green' : 'orange'}>
                    {t(row.handleFlag === 'Y' ? 'msg:messages.handleY' : 'msg:messages.handleN')}
                  </Tag>
                </Space>
              ),
              exportValue: (row) =>
                `${t(row.readFlag === 'Y' ? 'msg:messages.readY' : 'msg:messages.readN')} / ${t(
                  row.handleFlag === 'Y' ? 'msg:messages.handleY' : 'msg:messages.handleN',
                )}`,
            },
            {
              key: 'open',
              title: t('msg:messages.actions'),
              width: 130,
              render: (_v, row) =>
                row.linkUrl ? (
                  <Button type="link" size="small" onClick={() => open(row)}>
                    {t('msg:messages.open')}
                  </Button>
                ) : (
                  <Typography.Text type="secondary">{t('msg:messages.noLink')}</Typography.Text>
                ),
              exportValue: (row) => row.linkUrl ?? '',
            },
          ]}
        />
      </Card>
    </div>
  );
}
