import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Popconfirm, Select, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-store.ts';
import { call, errorText } from '../../lib/http.ts';
import '../../lib/i18n-audit.ts';
import { cancelDelegation, createDelegation, type Delegation, findDelegations } from './audit-api.ts';
import { type DelegationForm, delegationBody } from './delegation-rules.ts';

const KEY = ['audit', 'delegations'] as const;
const fmt = (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm');

/** Colleagues matching `keyword` (spec 000 §7 findPageListFuzzy: first page of 10), of the caller's station. */
function searchColleagues(keyword: string, station: string) {
  return call<{ records: Array<{ elsSubAccount: string; name: string }> }>({
    url: '/ElsAccountService/findPageListFuzzy',
    method: 'POST',
    data: { currentPage: 1, pageSize: 10, isDel: 'N', station, ...(keyword ? { keyword } : {}) },
  });
}

/** The state a delegation is in now: active, upcoming, ended, cancelled. */
function stateOf(d: Delegation, now: number): 'active' | 'upcoming' | 'ended' | 'cancelledStatus' {
  if (d.status === 'cancelled') return 'cancelledStatus';
  if (Date.parse(d.endDate) <= now) return 'ended';
  if (Date.parse(d.startDate) > now) return 'upcoming';
  return 'active';
}
const STATE_COLOR = {
  active: 'success',
  upcoming: 'processing',
  ended: 'default',
  cancelledStatus: 'default',
};

/**
 * "审批委托 / Approval delegation" (issue #19), a section of the personal information page: the caller's
 * delegations (and those naming them as delegate) with cancel, and a form for a new one (delegate, period,
 * remark). The form checks the fields first (`delegationBody`); the server's refusals (no chains, overlap)
 * show under the form.
 */
export function DelegationSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const me = useAuth((s) => s.userInfo);
  const [form] = Form.useForm<DelegationForm>();
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const list = useQuery({ queryKey: KEY, queryFn: findDelegations });
  const colleagues = useQuery({
    queryKey: ['audit', 'colleagues', keyword],
    queryFn: () => searchColleagues(keyword, me?.station ?? 'purchase'),
    staleTime: 30_000,
  });
  const save = useMutation({
    mutationFn: createDelegation,
    onSuccess: async () => {
      void message.success(t('audit:delegation.created'));
      form.resetFields();
      setError(null);
      await client.invalidateQueries({ queryKey: KEY });
    },
    onError: (e) => setError(errorText(e)),
  });
  const cancel = useMutation({
    mutationFn: (d: Delegation) => cancelDelegation(d.id, d.version),
    onSuccess: () => void message.success(t('audit:delegation.cancelled')),
    onError: (e) => void message.error(errorText(e)),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });

  function onFinish(values: DelegationForm) {
    const checked = delegationBody(values, me?.elsSubAccount ?? '', Date.now());
    if (!checked.ok) {
      form.setFields([
        { name: checked.field, errors: [t(`audit:delegation.errors.${checked.field}.${checked.error}`)] },
      ]);
      return;
    }
    save.mutate(checked.body);
  }

  const now = Date.now();
  return (
    <Card title={t('audit:delegation.title')}>
      <Typography.Paragraph type="secondary">{t('audit:delegation.help')}</Typography.Paragraph>
      <Form<DelegationForm> form={form} layout="inline" onFinish={onFinish} style={{ rowGap: 12 }}>
        <Form.Item label={t('audit:delegation.delegate')} name="delegate">
          <Select
            showSearch
            allowClear
            aria-label={t('audit:delegation.delegate')}
            placeholder={t('audit:delegation.delegatePlaceholder')}
            style={{ minWidth: 220 }}
            filterOption={false}
            onSearch={setKeyword}
            loading={colleagues.isFetching}
            options={(colleagues.data?.records ?? [])
              .filter((a) => a.elsSubAccount !== me?.elsSubAccount)
              .map((a) => ({ value: a.elsSubAccount, label: `${a.name} (${a.elsSubAccount})` }))}
          />
        </Form.Item>
        <Form.Item label={t('audit:delegation.period')} name="period">
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            aria-label={t('audit:delegation.period')}
            placeholder={[t('audit:delegation.start'), t('audit:delegation.end')]}
          />
        </Form.Item>
        <Form.Item label={t('audit:delegation.remark')} name="remark" rules={[{ max: 200 }]}>
          <Input style={{ width: 180 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('audit:delegation.add')}
        </Button>
      </Form>
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 12 }}>
          {error}
        </Typography.Text>
      )}
      <Table<Delegation>
        style={{ marginTop: 16 }}
        size="small"
        rowKey="id"
        loading={list.isPending}
        pagination={false}
        dataSource={list.data ?? []}
        locale={{ emptyText: t('audit:delegation.empty') }}
        columns={[
          {
            key: 'direction',
            title: t('audit:delegation.direction'),
            render: (_v, d) =>
              d.mine
                ? t('audit:delegation.mine', { name: `${d.delegateName} (${d.delegate})` })
                : t('audit:delegation.theirs', { name: `${d.delegatorName} (${d.delegator})` }),
          },
          { key: 'start', title: t('audit:delegation.start'), render: (_v, d) => fmt(d.startDate) },
          { key: 'end', title: t('audit:delegation.end'), render: (_v, d) => fmt(d.endDate) },
          {
            key: 'status',
            title: t('audit:delegation.status'),
            render: (_v, d) => {
              const state = stateOf(d, now);
              return <Tag color={STATE_COLOR[state]}>{t(`audit:delegation.${state}`)}</Tag>;
            },
          },
          { key: 'remark', title: t('audit:delegation.remark'), render: (_v, d) => d.remark ?? '—' },
          {
            key: 'actions',
            render: (_v, d) =>
              d.mine && d.status === 'active' && Date.parse(d.endDate) > now ? (
                <Popconfirm title={t('audit:delegation.cancelConfirm')} onConfirm={() => cancel.mutate(d)}>
                  <Button type="link" size="small" danger>
                    {t('audit:delegation.cancel')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}
