import { type QualTemplate, TEMPLATE_STATUS } from '@srm/contracts/admission';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { findTemplates, moveTemplate } from './qual-api.ts';
import './i18n-admission.ts';

const STATUS_COLOR: Record<string, string> = {
  DRAFT: 'default',
  RELEASE: 'green',
  FAIL: 'red',
  APPLY: 'blue',
  REVOKE: 'orange',
};

/**
 * #/v2/qualTemplate/list — the buyer's qualification templates: new, edit a draft or revoked one, apply it to
 * its categories, release, revoke back, invalidate, delete a draft.
 */
export default function QualTemplateList() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 20 });
  const [status, setStatus] = useState<string | undefined>();
  const list = useQuery({
    queryKey: ['admission', 'templates', page, status],
    queryFn: () => findTemplates({ ...page, ...(status ? { templateStatus: status } : {}) }),
  });
  async function move(kind: 'apply' | 'release' | 'revoke' | 'invalidate' | 'delete', row: QualTemplate) {
    const done = {
      apply: 'applied',
      release: 'released',
      revoke: 'revoked',
      invalidate: 'invalidated',
      delete: 'deleted',
    } as const;
    try {
      await moveTemplate(kind, row.id, row.version);
      void message.success(t(`admission:template.${done[kind]}`));
    } catch (e) {
      void message.error(errorText(e));
    }
    void client.invalidateQueries({ queryKey: ['admission', 'templates'] });
  }
  return (
    <Card
      title={t('admission:template.title')}
      extra={
        <Space>
          <Select
            aria-label={t('admission:template.status')}
            allowClear
            placeholder={t('admission:template.status')}
            style={{ width: 140 }}
            value={status}
            onChange={(v) => setStatus(v)}
            options={Object.entries(TEMPLATE_STATUS).map(([code, l]) => ({ value: code, label: l[locale] }))}
          />
          <Button type="primary" onClick={() => navigate('/v2/qualTemplate/edit')}>
            {t('admission:template.new')}
          </Button>
        </Space>
      }
    >
      <Table<QualTemplate>
        size="small"
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.records ?? []}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          { key: 'templateCode', dataIndex: 'templateCode', title: t('admission:template.code') },
          { key: 'templateName', dataIndex: 'templateName', title: t('admission:template.name') },
          {
            key: 'templateStatus',
            dataIndex: 'templateStatus',
            title: t('admission:template.status'),
            render: (v: string) => (
              <Tag color={STATUS_COLOR[v]}>
                {TEMPLATE_STATUS[v as keyof typeof TEMPLATE_STATUS]?.[locale] ?? v}
              </Tag>
            ),
          },
          {
            key: 'categories',
            dataIndex: 'categories',
            title: t('admission:template.categories'),
            render: (v: string[]) => v.join(', '),
          },
          { key: 'principal', dataIndex: 'principal', title: t('admission:template.principal') },
          {
            key: 'createDate',
            dataIndex: 'createDate',
            title: t('admission:template.createDate'),
            render: (v: string) => new Date(v).toLocaleString(locale === 'en' ? 'en' : 'zh-CN'),
          },
          {
            key: 'actions',
            title: t('admission:template.actions'),
            render: (_v: unknown, row) => (
              <Space size="small" wrap>
                <Button size="small" onClick={() => navigate(`/v2/qualTemplate/edit?id=${row.id}`)}>
                  {t('admission:template.edit')}
                </Button>
                {(row.templateStatus === 'DRAFT' || row.templateStatus === 'REVOKE') && (
                  <Button size="small" onClick={() => void move('apply', row)}>
                    {t('admission:template.apply')}
                  </Button>
                )}
                {row.templateStatus === 'APPLY' && (
                  <Button size="small" type="primary" onClick={() => void move('release', row)}>
                    {t('admission:template.release')}
                  </Button>
                )}
                {(row.templateStatus === 'APPLY' || row.templateStatus === 'RELEASE') && (
                  <Button size="small" onClick={() => void move('revoke', row)}>
                    {t('admission:template.revoke')}
                  </Button>
                )}
                {row.templateStatus === 'DRAFT' && (
                  <>
                    <Button size="small" type="primary" onClick={() => void move('release', row)}>
                      {t('admission:template.release')}
                    </Button>
                    <Button
                      size="small"
                      danger
                      onClick={() =>
                        modal.confirm({
                          title: t('admission:template.confirmDelete'),
                          okButtonProps: { danger: true },
                          onOk: () => move('delete', row),
                        })
                      }
                    >
                      {t('admission:template.delete')}
                    </Button>
                  </>
                )}
                {(row.templateStatus === 'RELEASE' || row.templateStatus === 'REVOKE') && (
                  <Button size="small" danger onClick={() => void move('invalidate', row)}>
                    {t('admission:template.invalidate')}
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
