import { type ContractTemplate, TEMPLATE_LIMITS, type TemplateSave } from '@srm/contracts/contract-library';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusOutlined } from '../../components/page-icons.tsx';
import { useCan } from '../../lib/permissions.ts';
import { LibraryModal } from './LibraryModal.tsx';
import { LIBRARY_KEYS, listClauses, listTemplates, saveTemplate } from './library-api.ts';
import './i18n-contract.ts';

type Values = Omit<TemplateSave, 'id' | 'version'>;

/**
 * #/v2/template/list — contract templates (issue #36): an ordered list of headings and published library
 * clauses, header, footer and end content (at most 500, 500 and 2,000 characters), validity dates.
 */
export default function TemplatePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const may = useCan()('contract.save');
  const templates = useQuery({ queryKey: LIBRARY_KEYS.templates, queryFn: listTemplates });
  const clauses = useQuery({ queryKey: LIBRARY_KEYS.clauses, queryFn: listClauses });
  const published = (clauses.data ?? []).filter((c) => c.status === 'published');
  const [editing, setEditing] = useState<ContractTemplate | 'new' | null>(null);
  const text = (name: 'headerText' | 'footerText' | 'endContent', max: number, rows: number) => (
    <Form.Item name={name} label={t(`contract:templates.${name}`)}>
      <Input.TextArea rows={rows} maxLength={max} showCount />
    </Form.Item>
  );
  return (
    <Card
      title={t('contract:templates.title')}
      extra={
        may && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('contract:templates.new')}
          </Button>
        )
      }
    >
      <Table<ContractTemplate>
        rowKey="id"
        size="small"
        loading={templates.isLoading}
        dataSource={templates.data ?? []}
        pagination={false}
        onRow={(row) => ({ onClick: () => setEditing(row), style: { cursor: 'pointer' } })}
        columns={[
          { key: 'code', dataIndex: 'code', title: t('contract:templates.code'), width: 150 },
          { key: 'name', dataIndex: 'name', title: t('contract:templates.name') },
          {
            key: 'items',
            title: t('contract:templates.items'),
            render: (_v, row) =>
              row.items.map((i) => (i.type === 'heading' ? `【${i.text}】` : i.code)).join(' · '),
          },
          { key: 'from', dataIndex: 'validFrom', title: t('contract:templates.validFrom'), width: 120 },
          { key: 'to', dataIndex: 'validTo', title: t('contract:templates.validTo'), width: 120 },
        ]}
      />
      {editing && (
        <LibraryModal<Values>
          width={720}
          title={
            editing === 'new'
              ? t('contract:templates.new')
              : t('contract:templates.edit', { code: editing.code })
          }
          initial={editing === 'new' ? { items: [{ type: 'heading', text: '' }] } : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: LIBRARY_KEYS.templates });
          }}
          save={(v) =>
            saveTemplate({
              ...(editing === 'new' ? {} : { id: editing.id, version: editing.version }),
              ...v,
              items: (v.items ?? []).map((i) =>
                i.type === 'heading'
                  ? { type: 'heading', text: i.text ?? '' }
                  : { type: 'clause', code: i.code ?? '' },
              ),
              validTo: v.validTo || null,
            })
          }
        >
          {(form) => (
            <>
              <Space>
                <Form.Item name="code" label={t('contract:templates.code')}>
                  <Input disabled={editing !== 'new'} />
                </Form.Item>
                <Form.Item name="name" label={t('contract:templates.name')}>
                  <Input style={{ width: 320 }} />
                </Form.Item>
              </Space>
              <Form.List name="items">
                {(fields, { add, remove, move }) => (
                  <Card size="small" title={t('contract:templates.items')} style={{ marginBottom: 12 }}>
                    {fields.map((field, index) => (
                      <Space key={field.key} align="baseline">
                        <span>{index + 1}.</span>
                        <Form.Item name={[field.name, 'type']} noStyle>
                          <Select
                            style={{ width: 110 }}
                            aria-label={t('contract:templates.itemType')}
                            options={[
                              { value: 'heading', label: t('contract:templates.heading') },
                              { value: 'clause', label: t('contract:templates.clause') },
                            ]}
                          />
                        </Form.Item>
                        <Form.Item noStyle shouldUpdate>
                          {() =>
                            form.getFieldValue(['items', field.name, 'type']) === 'clause' ? (
                              <Form.Item name={[field.name, 'code']} noStyle>
                                <Select
                                  style={{ width: 360 }}
                                  aria-label={t('contract:templates.clause')}
                                  options={published.map((c) => ({
                                    value: c.code,
                                    label: `${c.code} ${c.title} (v${c.clauseVersion})`,
                                  }))}
                                />
                              </Form.Item>
                            ) : (
                              <Form.Item name={[field.name, 'text']} noStyle>
                                <Input style={{ width: 360 }} aria-label={t('contract:templates.heading')} />
                              </Form.Item>
                            )
                          }
                        </Form.Item>
                        <Button size="small" disabled={index === 0} onClick={() => move(index, index - 1)}>
                          ↑
                        </Button>
                        <Button size="small" danger onClick={() => remove(field.name)}>
                          {t('contract:library.remove')}
                        </Button>
                      </Space>
                    ))}
                    <Space style={{ marginTop: 8 }}>
                      <Button size="small" onClick={() => add({ type: 'heading', text: '' })}>
                        {t('contract:templates.addHeading')}
                      </Button>
                      <Button size="small" onClick={() => add({ type: 'clause' })}>
                        {t('contract:templates.addClause')}
                      </Button>
                    </Space>
                  </Card>
                )}
              </Form.List>
              {text('headerText', TEMPLATE_LIMITS.header, 2)}
              {text('footerText', TEMPLATE_LIMITS.footer, 2)}
              {text('endContent', TEMPLATE_LIMITS.endContent, 3)}
              <Space>
                <Form.Item name="validFrom" label={t('contract:templates.validFrom')}>
                  <Input type="date" />
                </Form.Item>
                <Form.Item name="validTo" label={t('contract:templates.validTo')}>
                  <Input type="date" />
                </Form.Item>
              </Space>
            </>
          )}
        </LibraryModal>
      )}
    </Card>
  );
}
