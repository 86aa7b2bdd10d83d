import type { ContractType } from '@srm/contracts/contract-library';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlusOutlined } from '../../components/page-icons.tsx';
import { useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { LibraryModal } from './LibraryModal.tsx';
import { LIBRARY_KEYS, listContractTypes, listTemplates, saveContractType } from './library-api.ts';
import './i18n-contract.ts';

type Values = Omit<ContractType, 'id' | 'version'>;

/**
 * #/v2/contract-type/list — the buyer's contract types (issue #36): code (upper-case letters and digits,
 * fixed once saved), names in both languages, default template, number prefix, amount control, status.
 */
export default function ContractTypePage() {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const queryClient = useQueryClient();
  const may = useCan();
  const types = useQuery({ queryKey: LIBRARY_KEYS.types, queryFn: listContractTypes });
  const templates = useQuery({ queryKey: LIBRARY_KEYS.templates, queryFn: listTemplates });
  const [editing, setEditing] = useState<ContractType | 'new' | null>(null);
  const yesNo = [
    { value: 'N', label: t('contract:library.no') },
    { value: 'Y', label: t('contract:library.yes') },
  ];
  return (
    <Card
      title={t('contract:types.title')}
      extra={
        may('contract.save') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('contract:types.new')}
          </Button>
        )
      }
    >
      <Table<ContractType>
        rowKey="id"
        size="small"
        loading={types.isLoading}
        dataSource={types.data ?? []}
        pagination={false}
        onRow={(row) => ({ onClick: () => setEditing(row), style: { cursor: 'pointer' } })}
        columns={[
          { key: 'code', dataIndex: 'code', title: t('contract:types.code'), width: 140 },
          {
            key: 'name',
            title: t('contract:types.name'),
            render: (_v, row) => (locale === 'en' ? row.nameEn : row.name),
          },
          { key: 'tpl', dataIndex: 'defaultTemplate', title: t('contract:types.defaultTemplate') },
          { key: 'prefix', dataIndex: 'numberPrefix', title: t('contract:types.numberPrefix'), width: 110 },
          {
            key: 'amount',
            title: t('contract:types.amountControl'),
            width: 110,
            render: (_v, row) =>
              t(row.amountControl === 'Y' ? 'contract:library.yes' : 'contract:library.no'),
          },
          {
            key: 'status',
            title: t('contract:types.status'),
            width: 100,
            render: (_v, row) => (
              <Tag color={row.status === 'enabled' ? 'green' : 'default'}>
                {t(`contract:types.${row.status}`)}
              </Tag>
            ),
          },
        ]}
      />
      {editing && (
        <LibraryModal<Values>
          title={
            editing === 'new' ? t('contract:types.new') : t('contract:types.edit', { code: editing.code })
          }
          initial={editing === 'new' ? { amountControl: 'N', status: 'enabled' } : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void queryClient.invalidateQueries({ queryKey: LIBRARY_KEYS.types });
          }}
          save={(v) =>
            saveContractType({
              ...(editing === 'new' ? {} : { id: editing.id, version: editing.version }),
              ...v,
              code: v.code?.trim() ?? '',
              defaultTemplate: v.defaultTemplate || null,
              numberPrefix: v.numberPrefix?.trim() || null,
            })
          }
        >
          {() => (
            <>
              <Form.Item name="code" label={t('contract:types.code')} extra={t('contract:types.codeHint')}>
                <Input disabled={editing !== 'new'} />
              </Form.Item>
              <Form.Item name="name" label={t('contract:types.nameZh')}>
                <Input />
              </Form.Item>
              <Form.Item name="nameEn" label={t('contract:types.nameEn')}>
                <Input />
              </Form.Item>
              <Form.Item name="defaultTemplate" label={t('contract:types.defaultTemplate')}>
                <Select
                  allowClear
                  options={(templates.data ?? []).map((p) => ({
                    value: p.code,
                    label: `${p.code} ${p.name}`,
                  }))}
                />
              </Form.Item>
              <Form.Item name="numberPrefix" label={t('contract:types.numberPrefix')}>
                <Input />
              </Form.Item>
              <Form.Item name="amountControl" label={t('contract:types.amountControl')}>
                <Select options={yesNo} />
              </Form.Item>
              <Form.Item name="status" label={t('contract:types.status')}>
                <Select
                  options={['enabled', 'disabled'].map((value) => ({
                    value,
                    label: t(`contract:types.${value}`),
                  }))}
                />
              </Form.Item>
            </>
          )}
        </LibraryModal>
      )}
    </Card>
  );
}
