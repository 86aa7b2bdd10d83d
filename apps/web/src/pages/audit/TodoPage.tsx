import { QueryClientProvider } from '@tanstack/react-query';
import { Button, Card, Tabs, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import '../../lib/i18n-audit.ts';
import { candidatesText, stepLabel } from '../../lib/approval-task.ts';
import { queryClient } from '../../lib/query-client.ts';
import { userLabel } from '../../lib/user-label.ts';
import { targetHref } from '../../shell/menu-path.ts';
import { approvalKindName } from './approval-kinds.ts';
import {
  AUDIT_KEYS,
  AUDIT_LISTS,
  type AuditCopy,
  type AuditList,
  type AuditTask,
  findCopies,
  findTasks,
} from './audit-api.ts';
import { todoHref } from './audit-rules.ts';
import { behalfLabel } from './delegation-rules.ts';

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
  const [list, setList] = useState<AuditList | 'copiedToMe'>('todoPagelist');
  return (
    <Card>
      <Tabs
        activeKey={list}
        onChange={(k) => setList(k as AuditList | 'copiedToMe')}
        items={[
          ...AUDIT_LISTS.map((key) => ({
            key,
            label: t(`audit:lists.${key}`),
            children: <TaskTable list={key} />,
          })),
          { key: 'copiedToMe', label: t('audit:lists.copiedToMe'), children: <CopyTable /> },
        ]}
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
        {
          key: 'stepName',
          title: t('audit:fields.stepName'),
          width: 160,
          // "代 {name} 审批 / on behalf of {name}" under the step when a delegate acts (issue #19); the step's
          // name in the reader's language, the other one when empty (issue #33).
          render: (_v, row) => {
            const behalf = behalfLabel(row, (k, o) => t(k, o));
            return (
              <>
                {stepLabel(row, i18n.language)}
                {behalf && (
                  <Tag color="purple" style={{ marginInlineStart: 6 }}>
                    {behalf}
                  </Tag>
                )}
              </>
            );
          },
          exportValue: (row) =>
            [stepLabel(row, i18n.language), behalfLabel(row, (k, o) => t(k, o))].filter(Boolean).join(' · '),
        },
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
        {
          key: 'promoter',
          title: t('audit:fields.promoter'),
          width: 180,
          render: (v, row) => userLabel(String(v), row.promoterName),
          exportValue: (row) => userLabel(row.promoter, row.promoterName),
        },
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
          width: 180,
          // While waiting: who may approve it (issue #33).
          render: (v, row) => candidatesText(row, t) ?? userLabel(v ? String(v) : null, row.handledByName),
          exportValue: (row) => candidatesText(row, t) ?? userLabel(row.handledBy, row.handledByName),
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

/** "抄送我的 / Copied to me" (issue #19): read-only; a row opens the document in its module app. */
function CopyTable() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const open = (row: AuditCopy) => {
    if (!row.link) return;
    navigate(targetHref({ pathname: `/myiframe/${encodeURIComponent(row.link)}`, query: {} }));
  };
  return (
    <DataTable<AuditCopy>
      tableId="audit_copiedToMe"
      rowKey="id"
      queryKey={[...AUDIT_KEYS.all, 'copiedToMe']}
      fetchPage={(paging) => findCopies(paging)}
      emptyText={t('audit:copy.empty')}
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
          width: 130,
          render: (v) => approvalKindName(String(v), i18n.language),
          exportValue: (row) => approvalKindName(row.documentKind, i18n.language),
        },
        {
          key: 'result',
          title: t('audit:fields.result'),
          width: 110,
          render: (v) => (
            <Tag color={STATUS_COLOR[String(v)] ?? 'default'}>{t(`audit:copy.${String(v)}`)}</Tag>
          ),
          exportValue: (row) => t(`audit:copy.${row.result}`),
        },
        {
          key: 'promoter',
          title: t('audit:fields.promoter'),
          width: 180,
          render: (v, row) => userLabel(String(v), row.promoterName),
          exportValue: (row) => userLabel(row.promoter, row.promoterName),
        },
        {
          key: 'amount',
          title: t('audit:fields.amount'),
          width: 130,
          render: (v) => (v ? String(v) : '—'),
        },
        {
          key: 'createDate',
          title: t('audit:fields.copiedAt'),
          width: 150,
          render: (v) => fmt(String(v)),
          exportValue: (row) => fmt(row.createDate),
        },
        {
          key: 'actions',
          title: t('audit:fields.actions'),
          width: 100,
          render: (_v, row) => (
            <Button type="link" size="small" onClick={() => open(row)}>
              {t('audit:todo.view')}
            </Button>
          ),
          exportValue: () => null,
        },
      ]}
    />
  );
}
