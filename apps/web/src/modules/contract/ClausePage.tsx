import {
  CLAUSE_CATEGORY,
  CLAUSE_STATUS,
  CONTRACT_VARIABLES,
  type LibraryClause,
} from '@srm/contracts/contract-library';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusOutlined } from '../../components/page-icons.tsx';
import { errorText } from '../../lib/http.ts';
import { useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { LibraryModal } from './LibraryModal.tsx';
import { changeClause, LIBRARY_KEYS, listClauses, saveClause } from './library-api.ts';
import './i18n-contract.ts';

type Values = Pick<LibraryClause, 'code' | 'title' | 'body' | 'category' | 'locked'>;
const STATUS_COLOR = { draft: 'blue', published: 'green', retired: 'default' } as const;

/**
 * #/v2/clause/list — the clause library (issue #36): every version of each clause, newest first. A draft is
 * edited and published; a published version never changes (a new version is a copy to edit and publish,
 * which retires the one before); contracts keep the version they were made with.
 */
export default function ClausePage() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const may = useCan()('contract.save');
  const clauses = useQuery({ queryKey: LIBRARY_KEYS.clauses, queryFn: listClauses });
  const [editing, setEditing] = useState<LibraryClause | 'new' | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: LIBRARY_KEYS.clauses });
  async function change(row: LibraryClause, what: 'publish' | 'newVersion' | 'retire') {
    try {
      const result = await changeClause(row, what);
      void message.success(t(`contract:clauses.done.${what}`, { code: row.code, v: result.clauseVersion }));
      await refresh();
      if (what === 'newVersion') setEditing(result);
    } catch (e) {
      void message.error(errorText(e));
    }
  }
  return (
    <Card
      title={t('contract:clauses.title')}
      extra={
        may && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('contract:clauses.new')}
          </Button>
        )
      }
    >
      <Table<LibraryClause>
        rowKey="id"
        size="small"
        loading={clauses.isLoading}
        dataSource={clauses.data ?? []}
        pagination={false}
        columns={[
          { key: 'code', dataIndex: 'code', title: t('contract:clauses.code'), width: 130 },
          { key: 'v', dataIndex: 'clauseVersion', title: t('contract:clauses.version'), width: 70 },
          { key: 'title', dataIndex: 'title', title: t('contract:clauses.clauseTitle'), width: 120 },
          { key: 'body', dataIndex: 'body', title: t('contract:clauses.body'), ellipsis: true },
          {
            key: 'category',
            title: t('contract:clauses.category'),
            width: 100,
            render: (_v, row) =>
              CLAUSE_CATEGORY[row.category as keyof typeof CLAUSE_CATEGORY]?.[locale] ?? row.category,
          },
          {
            key: 'status',
            title: t('contract:clauses.status'),
            width: 90,
            render: (_v, row) => (
              <Tag color={STATUS_COLOR[row.status]}>{CLAUSE_STATUS[row.status][locale]}</Tag>
            ),
          },
          {
            key: 'locked',
            title: t('contract:clauses.locked'),
            width: 80,
            render: (_v, row) =>
              row.locked === 'Y' ? <Tag color="orange">{t('contract:clauses.lockedTag')}</Tag> : null,
          },
          {
            key: 'ops',
            title: t('contract:library.operations'),
            width: 200,
            render: (_v, row) =>
              may && (
                <Space size={0}>
                  {row.status === 'draft' && (
                    <>
                      <Button type="link" size="small" onClick={() => setEditing(row)}>
                        {t('contract:library.edit')}
                      </Button>
                      <Button type="link" size="small" onClick={() => void change(row, 'publish')}>
                        {t('contract:clauses.publish')}
                      </Button>
                    </>
                  )}
                  {row.status !== 'draft' && (
                    <Button type="link" size="small" onClick={() => void change(row, 'newVersion')}>
                      {t('contract:clauses.newVersion')}
                    </Button>
                  )}
                  {row.status === 'published' && (
                    <Button type="link" size="small" danger onClick={() => void change(row, 'retire')}>
                      {t('contract:clauses.retire')}
                    </Button>
                  )}
                </Space>
              ),
          },
        ]}
      />
      {editing && (
        <LibraryModal<Values>
          width={640}
          title={
            editing === 'new'
              ? t('contract:clauses.new')
              : t('contract:clauses.edit', { code: editing.code, v: editing.clauseVersion })
          }
          initial={editing === 'new' ? { category: 'general', locked: 'N' } : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
          save={(v) =>
            saveClause({
              ...(editing === 'new' ? {} : { id: editing.id, version: editing.version }),
              ...v,
              category: v.category as keyof typeof CLAUSE_CATEGORY,
            })
          }
        >
          {() => (
            <>
              <Form.Item name="code" label={t('contract:clauses.code')}>
                <Input disabled={editing !== 'new'} />
              </Form.Item>
              <Form.Item name="title" label={t('contract:clauses.clauseTitle')}>
                <Input />
              </Form.Item>
              <Form.Item
                name="body"
                label={t('contract:clauses.body')}
                extra={t('contract:clauses.variablesHint', {
                  list: CONTRACT_VARIABLES.map((v) => `{{${v}}}`).join(' '),
                })}
              >
                <Input.TextArea rows={6} maxLength={5000} showCount />
              </Form.Item>
              <Form.Item name="category" label={t('contract:clauses.category')}>
                <Select
                  options={Object.entries(CLAUSE_CATEGORY).map(([value, l]) => ({ value, label: l[locale] }))}
                />
              </Form.Item>
              <Form.Item name="locked" label={t('contract:clauses.locked')}>
                <Select
                  options={[
                    { value: 'N', label: t('contract:clauses.editable') },
                    { value: 'Y', label: t('contract:clauses.lockedTag') },
                  ]}
                />
              </Form.Item>
            </>
          )}
        </LibraryModal>
      )}
    </Card>
  );
}
