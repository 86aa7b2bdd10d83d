import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Select, Space, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/data-table/DataTable.tsx';
import { PlusOutlined, SearchOutlined } from '../../components/page-icons.tsx';
import { errorText } from '../../lib/http.ts';
import { useCan } from '../../lib/permissions.ts';
import {
  categoryTree,
  deleteMaterial,
  exportWorkbook,
  findMaterials,
  type Material,
  type MaterialFilter,
  MD_KEYS,
} from './api.ts';
import { ImportButton } from './ImportButton.tsx';
import { MaterialForm } from './MaterialForm.tsx';
import { MdNav } from './MdNav.tsx';

type FilterForm = { keyword?: string; cateId?: string; isFreeze?: 'Y' | 'N' };

function toFilter(v: FilterForm): MaterialFilter {
  const f: MaterialFilter = {};
  if (v.keyword?.trim()) f.keyword = v.keyword.trim();
  if (v.cateId) f.cateId = v.cateId;
  if (v.isFreeze) f.isFreeze = v.isFreeze;
  return f;
}

/** #/v2/material/list — the material master: filter, new/edit, delete, Excel export and import. */
export default function MaterialList() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<FilterForm>();
  const [filter, setFilter] = useState<MaterialFilter>({});
  const [editing, setEditing] = useState<Material | 'new' | null>(null);
  const tree = useQuery({ queryKey: MD_KEYS.categories, queryFn: categoryTree });
  // Maintenance follows the caller's roles (issue #19, contracts MASTER_DATA_ACTIONS); reading does not.
  const may = useCan();
  const editable = may('material.save');

  const refresh = () => void client.invalidateQueries({ queryKey: MD_KEYS.materials });
  const yesNo = [
    { value: 'Y', label: t('masterdata:yes') },
    { value: 'N', label: t('masterdata:no') },
  ];
  const treeData = (nodes: typeof tree.data = []): object[] =>
    nodes.map((n) => ({
      value: n.id,
      title: `${n.cateName} (${n.cateCode})`,
      children: treeData(n.children),
    }));

  const confirmDelete = (row: Material) =>
    modal.confirm({
      title: t('masterdata:actions.delete'),
      content: t('masterdata:material.confirmDelete', { number: row.materialNumber }),
      okText: t('masterdata:actions.ok'),
      cancelText: t('masterdata:actions.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteMaterial(row.id);
          void message.success(t('masterdata:deleted'));
          refresh();
        } catch (e) {
          void message.error(errorText(e));
        }
      },
    });

  return (
    <div className="page-stack">
      <MdNav />
      <Card size="small">
        <Form<FilterForm>
          form={form}
          layout="inline"
          className="md-filter"
          onFinish={(v) => setFilter(toFilter(v))}
        >
          <Form.Item name="keyword" label={t('masterdata:material.keyword')}>
            <Input allowClear style={{ width: 200 }} placeholder={t('masterdata:material.keywordHint')} />
          </Form.Item>
          <Form.Item name="cateId" label={t('masterdata:material.category')}>
            <TreeSelect
              allowClear
              treeDefaultExpandAll
              style={{ width: 220 }}
              treeData={treeData(tree.data)}
              loading={tree.isLoading}
            />
          </Form.Item>
          <Form.Item name="isFreeze" label={t('masterdata:material.isFreeze')}>
            <Select allowClear style={{ width: 100 }} options={yesNo} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('masterdata:actions.search')}
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setFilter({});
                }}
              >
                {t('masterdata:actions.reset')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card>
        <DataTable<Material>
          tableId="purchaseMaterialList"
          title={t('masterdata:material.title')}
          rowKey="id"
          queryKey={[...MD_KEYS.materials, filter]}
          fetchPage={(paging) => findMaterials({ ...paging, ...filter })}
          onExport={
            may('material.export')
              ? () => exportWorkbook('PurchaseMaterialService', filter, 'materials.xlsx')
              : undefined
          }
          emptyText={t('masterdata:material.empty')}
          extra={
            <Space wrap size={6}>
              {editable && (
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
                  {t('masterdata:actions.new')}
                </Button>
              )}
              {may('material.import') && (
                <ImportButton service="PurchaseMaterialService" onImported={refresh} />
              )}
            </Space>
          }
          columns={[
            {
              key: 'materialNumber',
              title: t('masterdata:material.materialNumber'),
              width: 150,
              render: (v, row) => (
                <Button type="link" size="small" className="link-cell" onClick={() => setEditing(row)}>
                  {String(v)}
                </Button>
              ),
            },
            { key: 'materialName', title: t('masterdata:material.materialName'), width: 180, ellipsis: true },
            { key: 'materialDesc', title: t('masterdata:material.materialDesc'), width: 180, ellipsis: true },
            { key: 'materialType', title: t('masterdata:material.materialType'), width: 90 },
            { key: 'brand', title: t('masterdata:material.brand'), width: 100 },
            {
              key: 'cateName3',
              title: t('masterdata:material.category'),
              width: 220,
              ellipsis: true,
              render: (_v, row) => [row.cateName1, row.cateName2, row.cateName3].filter(Boolean).join(' / '),
              exportValue: (row) => [row.cateName1, row.cateName2, row.cateName3].filter(Boolean).join(' / '),
            },
            { key: 'baseUnit', title: t('masterdata:material.baseUnit'), width: 80 },
            { key: 'minOrderQuantity', title: t('masterdata:material.minOrderQuantity'), width: 120 },
            {
              key: 'isFreeze',
              title: t('masterdata:material.isFreeze'),
              width: 80,
              render: (v) =>
                v === 'Y' ? <Tag color="blue">{t('masterdata:yes')}</Tag> : <Tag>{t('masterdata:no')}</Tag>,
            },
            {
              key: 'actions',
              title: t('masterdata:actions.title'),
              width: 140,
              render: (_v, row) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing(row)}>
                    {editable ? t('masterdata:actions.edit') : t('masterdata:actions.view')}
                  </Button>
                  {may('material.delete') && (
                    <Button type="link" size="small" danger onClick={() => confirmDelete(row)}>
                      {t('masterdata:actions.delete')}
                    </Button>
                  )}
                </Space>
              ),
              exportValue: () => null,
            },
          ]}
        />
      </Card>
      {editing !== null && (
        <MaterialForm
          material={editing === 'new' ? null : editing}
          tree={tree.data ?? []}
          readOnly={!editable}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
    </div>
  );
}
