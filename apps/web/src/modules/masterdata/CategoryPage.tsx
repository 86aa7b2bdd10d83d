import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Form, Input, Modal, Space, Spin, Tree } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/http.ts';
import { useCan } from '../../lib/permissions.ts';
import { type Category, categoryTree, deleteCategory, MD_KEYS, saveCategory } from './api.ts';
import { MdNav } from './MdNav.tsx';
import { findCategory, parentIds } from './rules.ts';

type Dialog = { mode: 'root' | 'child' | 'rename'; node: Category | null };
type Values = { cateCode: string; cateName: string };

type TreeNode = { key: string; title: string; children: TreeNode[] };
const toTreeData = (nodes: Category[]): TreeNode[] =>
  nodes.map((n) => ({ key: n.id, title: `${n.cateName} (${n.cateCode})`, children: toTreeData(n.children) }));

/** #/v2/category — material categories (3 levels): add a child, rename, delete; server refusals shown as is. */
export default function CategoryPage() {
  const { t } = useTranslation();
  // Maintenance follows the caller's roles (issue #19, contracts MASTER_DATA_ACTIONS); reading does not.
  const may = useCan();
  const editable = may('materialCate.save');
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const tree = useQuery({ queryKey: MD_KEYS.categories, queryFn: categoryTree });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<Values>();
  const selected = selectedId && tree.data ? findCategory(tree.data, selectedId) : null;

  const refresh = () => client.invalidateQueries({ queryKey: MD_KEYS.categories });

  function open(mode: Dialog['mode']) {
    setError(null);
    form.setFieldsValue(
      mode === 'rename' && selected
        ? { cateCode: selected.cateCode, cateName: selected.cateName }
        : { cateCode: '', cateName: '' },
    );
    setDialog({ mode, node: mode === 'root' ? null : selected });
  }

  async function submit(v: Values) {
    if (!dialog) return;
    setSaving(true);
    setError(null);
    try {
      const node = dialog.node;
      const saved = await saveCategory(
        dialog.mode === 'rename' && node
          ? { id: node.id, version: node.version, cateCode: v.cateCode.trim(), cateName: v.cateName.trim() }
          : {
              parentId: dialog.mode === 'child' && node ? node.id : null,
              cateCode: v.cateCode.trim(),
              cateName: v.cateName.trim(),
            },
      );
      void message.success(t('masterdata:saved'));
      setDialog(null);
      await refresh();
      setSelectedId(saved.id);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setSaving(false);
    }
  }

  function remove() {
    if (!selected) return;
    modal.confirm({
      title: t('masterdata:actions.delete'),
      content: t('masterdata:category.confirmDelete', { name: selected.cateName }),
      okText: t('masterdata:actions.ok'),
      cancelText: t('masterdata:actions.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await deleteCategory(selected.id);
          void message.success(t('masterdata:deleted'));
          setSelectedId(null);
          await refresh();
        } catch (e) {
          modal.error({ title: t('masterdata:category.deleteRefused'), content: errorText(e) });
        }
      },
    });
  }

  return (
    <div className="page-stack">
      <MdNav />
      <div className="md-tree-layout">
        <Card
          title={t('masterdata:category.title')}
          extra={
            editable && (
              <Button size="small" onClick={() => open('root')}>
                {t('masterdata:category.addRoot')}
              </Button>
            )
          }
        >
          {tree.isLoading ? (
            <Spin />
          ) : tree.error ? (
            <Alert type="error" showIcon title={errorText(tree.error)} />
          ) : (tree.data ?? []).length === 0 ? (
            <Empty description={t('masterdata:category.empty')} />
          ) : (
            <Tree
              blockNode
              className="md-category-tree"
              treeData={toTreeData(tree.data ?? [])}
              expandedKeys={parentIds(tree.data ?? [])}
              selectedKeys={selectedId ? [selectedId] : []}
              onSelect={(_keys, info) => setSelectedId(String(info.node.key))}
            />
          )}
        </Card>
        <Card title={t('masterdata:category.selected')}>
          {selected ? (
            <>
              <Descriptions column={1} size="small" bordered>
                <Descriptions.Item label={t('masterdata:category.cateCode')}>
                  {selected.cateCode}
                </Descriptions.Item>
                <Descriptions.Item label={t('masterdata:category.cateName')}>
                  {selected.cateName}
                </Descriptions.Item>
                <Descriptions.Item label={t('masterdata:category.level')}>
                  {selected.cateLevel}
                </Descriptions.Item>
              </Descriptions>
              <Space style={{ marginTop: 12 }} wrap>
                {editable && (
                  <Button type="primary" onClick={() => open('child')}>
                    {t('masterdata:category.addChild')}
                  </Button>
                )}
                {editable && (
                  <Button onClick={() => open('rename')}>{t('masterdata:category.rename')}</Button>
                )}
                {may('materialCate.delete') && (
                  <Button danger onClick={remove}>
                    {t('masterdata:actions.delete')}
                  </Button>
                )}
              </Space>
            </>
          ) : (
            <Empty description={t('masterdata:category.pick')} />
          )}
        </Card>
      </div>
      <Modal
        open={dialog !== null}
        title={
          dialog?.mode === 'rename'
            ? t('masterdata:category.rename')
            : dialog?.mode === 'child'
              ? t('masterdata:category.addChildOf', { name: dialog.node?.cateName ?? '' })
              : t('masterdata:category.addRoot')
        }
        okText={t('masterdata:actions.save')}
        cancelText={t('masterdata:actions.cancel')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setDialog(null)}
        forceRender
      >
        <Form<Values> form={form} name="mdCategory" layout="vertical" onFinish={(v) => void submit(v)}>
          <Form.Item
            name="cateCode"
            label={t('masterdata:category.cateCode')}
            rules={[{ required: true, message: t('masterdata:required') }]}
          >
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item
            name="cateName"
            label={t('masterdata:category.cateName')}
            rules={[{ required: true, message: t('masterdata:required') }]}
          >
            <Input maxLength={50} />
          </Form.Item>
          {error && <Alert type="error" showIcon title={error} role="alert" />}
        </Form>
      </Modal>
    </div>
  );
}
