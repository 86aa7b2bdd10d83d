import {
  CUSTOM_FIELD_DOCUMENT_KINDS,
  CUSTOM_FIELD_LABEL_MAX,
  customFieldCountOf,
} from '@srm/contracts/custom-field';
import { CUSTOM_FIELD_KEYS } from '@srm/contracts/purchase-order';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Input, Result, Segmented, Space, Spin, Switch, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-store.ts';
import {
  CUSTOM_FIELD_KEYS_QUERY,
  type CustomFieldDocumentKind,
  type CustomFieldLabelSet,
  findCustomFieldLabels,
  saveCustomFieldLabels,
} from '../../lib/custom-field-api.ts';
import { ApiError, errorText } from '../../lib/http.ts';

type Draft = Record<string, { zh_cn: string; en: string }>;
type Row = { key: string; zh_cn: string; en: string };

const toDraft = (set: CustomFieldLabelSet | undefined): Draft =>
  Object.fromEntries((set?.labels ?? []).map((l) => [l.fieldKey, { zh_cn: l.zh_cn, en: l.en }]));

/** The labels to save: the named fields in fbk order, trimmed; a field with both inputs empty is unnamed. */
function toLabels(draft: Draft) {
  return CUSTOM_FIELD_KEYS.flatMap((key) => {
    const zh = draft[key]?.zh_cn.trim() ?? '';
    const en = draft[key]?.en.trim() ?? '';
    return zh || en ? [{ fieldKey: key, zh_cn: zh, en }] : [];
  });
}

/**
 * #/v2/custom-fields — the buyer administrator names the custom fields fbk1…fbk50 per document kind
 * (issue #5): a table of the 50 keys with a Chinese and an English input; only named fields are saved.
 */
export default function CustomFieldsPage() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.userInfo);
  const admin = user?.station === 'purchase' && user.permission === 'admin';
  const [kind, setKind] = useState<CustomFieldDocumentKind>('purchaseOrder');
  if (!admin) return <Result status="403" title={t('masterdata:customFields.adminOnly')} />;
  return (
    <Card title={t('masterdata:customFields.title')} className="md-custom-fields">
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('masterdata:customFields.help')} />
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t('masterdata:customFields.kind')}</span>
        <Segmented<CustomFieldDocumentKind>
          value={kind}
          onChange={setKind}
          options={CUSTOM_FIELD_DOCUMENT_KINDS.map((k) => ({
            value: k,
            label: t(`masterdata:customFields.kinds.${k}`),
          }))}
        />
      </Space>
      <KindEditor key={kind} kind={kind} />
    </Card>
  );
}

function KindEditor({ kind }: { kind: CustomFieldDocumentKind }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: [...CUSTOM_FIELD_KEYS_QUERY, 'own', kind],
    queryFn: () => findCustomFieldLabels(kind),
  });
  /** Edits over the saved set; null: none yet (the inputs show the saved labels). */
  const [edits, setEdits] = useState<Draft | null>(null);
  const [onlyNamed, setOnlyNamed] = useState(false);
  const [saving, setSaving] = useState(false);
  const draft = useMemo(() => edits ?? toDraft(query.data), [edits, query.data]);
  const namedCount = toLabels(draft).length;
  const rows: Row[] = useMemo(
    () =>
      // A kernel kind has its own count of custom fields (30, 40 or 50): only those can be named.
      CUSTOM_FIELD_KEYS.slice(0, customFieldCountOf(kind))
        .map((key) => ({
          key,
          zh_cn: draft[key]?.zh_cn ?? '',
          en: draft[key]?.en ?? '',
        }))
        .filter((r) => !onlyNamed || r.zh_cn.trim() || r.en.trim()),
    [draft, onlyNamed, kind],
  );

  if (query.isPending) return <Spin className="tab-loading" />;
  if (query.isError)
    return (
      <Result
        status="warning"
        title={t('masterdata:customFields.loadFailed')}
        subTitle={errorText(query.error)}
      />
    );

  const change = (key: string, lang: 'zh_cn' | 'en', value: string) =>
    setEdits({
      ...draft,
      [key]: { zh_cn: draft[key]?.zh_cn ?? '', en: draft[key]?.en ?? '', [lang]: value },
    });

  async function save() {
    setSaving(true);
    try {
      const saved = await saveCustomFieldLabels({
        documentKind: kind,
        labels: toLabels(draft),
        version: query.data?.version ?? 0,
      });
      client.setQueryData([...CUSTOM_FIELD_KEYS_QUERY, 'own', kind], saved);
      // Order pages read the labels through their own queries.
      void client.invalidateQueries({ queryKey: CUSTOM_FIELD_KEYS_QUERY });
      setEdits(null);
      void message.success(t('masterdata:customFields.saved'));
    } catch (e) {
      if (e instanceof ApiError && e.code === '409') {
        void message.warning(t('masterdata:customFields.stale'));
        setEdits(null);
        await query.refetch();
      } else {
        void message.error(errorText(e));
      }
    } finally {
      setSaving(false);
    }
  }

  const input = (row: Row, lang: 'zh_cn' | 'en') => (
    <Input
      value={row[lang]}
      maxLength={CUSTOM_FIELD_LABEL_MAX}
      allowClear
      placeholder={lang === 'en' ? row.zh_cn.trim() || undefined : row.en.trim() || undefined}
      aria-label={t('masterdata:customFields.labelOf', {
        field: row.key,
        lang: t(`masterdata:customFields.${lang}`),
      })}
      onChange={(e) => change(row.key, lang, e.target.value)}
    />
  );

  return (
    <>
      <Space wrap style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }}>
        <Space>
          <Switch size="small" checked={onlyNamed} onChange={setOnlyNamed} id="md-cf-only-named" />
          <label htmlFor="md-cf-only-named">{t('masterdata:customFields.onlyNamed')}</label>
          <Tag>{t('masterdata:customFields.named', { count: namedCount })}</Tag>
        </Space>
        <Space>
          <Button disabled={!edits || saving} onClick={() => setEdits(null)}>
            {t('masterdata:customFields.reset')}
          </Button>
          <Button type="primary" loading={saving} disabled={!edits} onClick={() => void save()}>
            {t('masterdata:customFields.save')}
          </Button>
        </Space>
      </Space>
      <Table<Row>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={rows}
        scroll={{ y: 'calc(100vh - 330px)' }}
        columns={[
          {
            key: 'key',
            title: t('masterdata:customFields.field'),
            dataIndex: 'key',
            width: 90,
            render: (key: string) => <code>{key}</code>,
          },
          {
            key: 'zh_cn',
            title: t('masterdata:customFields.zh_cn'),
            render: (_v, row) => input(row, 'zh_cn'),
          },
          { key: 'en', title: t('masterdata:customFields.en'), render: (_v, row) => input(row, 'en') },
        ]}
      />
    </>
  );
}
