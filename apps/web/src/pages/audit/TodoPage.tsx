import { QueryClientProvider } from '@tanstack/react-query';
import { Button, Card, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import '../../lib/i18n-audit.ts';
import { queryClient } from '../../lib/query-client.ts';
import { targetHref } from '../../shell/menu-path.ts';
import { approvalKindName } from './approval-kinds.ts';
import { AUDIT_KEYS, AUDIT_LISTS, type AuditList, type AuditTask, findTasks } from './audit-api.ts';
import { todoHref } from './audit-rules.ts';

const fmt = (v: string | null) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '—');

/** /portal/info/todo — the four approval lists (spec 000 §7 CommonAuditService). */
export default function TodoRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <TodoPage />
    </QueryClientProvider>
  );
}

function TodoPage() {
  const { t } = useTranslation();
  const [list, setList] = useState<AuditList>('todoPagelist');
  return (
    <Card>
      <Tabs
        activeKey={list}
        onChange={(k) => setList(k as AuditList)}
        items={AUDIT_LISTS.map((key) => ({
          key,
          label: t(`audit:lists.${key}`),
          children: <TaskTable list={key} />,
        }))}
      />
    </Card>
  );
}

const STATUS_COLOR: Record<string, string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
};

function TaskTable({ list }: { list: AuditList }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const pending = list === 'todoPagelist';

  const open = (row: AuditTask) => {
    if (pending) {
      navigate(todoHref(row));
      return;
    }
    // Handled or own tasks: the document itself, read-only in its module app.
    const base = row.link?.split('?')[0];
    if (!base) return;
    navigate(
      targetHref({ pathname: `/myiframe/${encodeURIComponent(`${base}?id=${row.documentId}`)}`, query: {} }),
    );
  };

  return (
    <DataTable<AuditTask>
      tableId={`audit_${list}`}
      rowKey="id"
      queryKey={[...AUDIT_KEYS.all, list]}
      fetchPage={(paging) => findTasks(list, paging)}
      emptyText={t(pending ? 'audit:todo.emptyTodo' : 'audit:todo.empty')}
      columns={[
        {
          key: 'documentNumber',
          title: t('audit:fields.documentNumber'),
          width: 160,
          render: (v, row) => (
            <Button type="link" size="small" className="link-cell" onClick={() => open(row)}>
              {String(v)}
            </Button>
          ),
        },
        {
          key: 'documentKind',
          title: t('audit:fields.documentKind'),
          width: 110,
          render: (v) => approvalKindName(String(v), i18n.language),
          exportValue: (row) => approvalKindName(row.documentKind, i18n.language),
        },
        { key: 'stepName', title: t('audit:fields.stepName'), width: 140 },
        {
          key: 'status',
          title: t('audit:fields.status'),
          width: 100,
          render: (v) => (
            <Tag color={STATUS_COLOR[String(v)] ?? 'default'}>
              {t(`audit:status.${String(v)}`, { defaultValue: String(v) })}
            </Tag>
          ),
          exportValue: (row) => t(`audit:status.${row.status}`, { defaultValue: row.status }),
        },
        { key: 'promoter', title: t('audit:fields.promoter'), width: 140 },
        {
          key: 'amount',
          title: t('audit:fields.amount'),
          width: 130,
          render: (v) => (v ? String(v) : '—'),
        },
        {
          key: 'createDate',
          title: t('audit:fields.createDate'),
          width: 150,
          render: (v) => fmt(String(v)),
          exportValue: (row) => fmt(row.createDate),
        },
        {
          key: 'handledBy',
          title: t('audit:fields.handledBy'),
          width: 120,
          render: (v) => (v ? String(v) : '—'),
        },
        {
          key: 'handledDate',
          title: t('audit:fields.handledDate'),
          width: 150,
          render: (v) => fmt(v ? String(v) : null),
          exportValue: (row) => fmt(row.handledDate),
        },
        {
          key: 'remark',
          title: t('audit:fields.remark'),
          width: 180,
          ellipsis: true,
          render: (v) => (v ? String(v) : '—'),
        },
        {
          key: 'actions',
          title: t('audit:fields.actions'),
          width: 100,
          render: (_v, row) => (
            <Button type="link" size="small" onClick={() => open(row)}>
              {t(pending ? 'audit:todo.handle' : 'audit:todo.view')}
            </Button>
          ),
          exportValue: () => null,
        },
      ]}
    />
  );
}
