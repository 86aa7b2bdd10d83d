import type { Locale } from '@srm/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  Radio,
  Result,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kindTextLoaders } from '../../kinds.ts';
import { useAuth } from '../../lib/auth-store.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { bundledText } from '../../lib/module-texts.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { findLanguage, LANGUAGE_KEYS, refreshCachedTexts, saveLanguage } from './language-api.ts';
import {
  KEY_MAX,
  type LanguageRow,
  newRowProblems,
  ROWS_MAX,
  type RowProblem,
  TEXT_MAX,
  TEXT_NAMESPACES,
  textProblem,
  toOverrides,
  toRows,
} from './language-rows.ts';

const LANGS: Locale[] = ['zh_cn', 'en'];

/**
 * The namespaces the shell and the other module apps register lazily: loaded here so their bundled texts can
 * be shown (one lazy chunk each, only when this page opens) — the shell's, then every kind's from the web's
 * manifest of kinds (kinds.ts, issue #34).
 */
const LAZY_BUNDLES = [
  () => import('../../lib/i18n-portal.ts'),
  () => import('../../lib/i18n-account.ts'),
  () => import('../../lib/i18n-msg.ts'),
  () => import('../../lib/i18n-audit.ts'),
  ...kindTextLoaders(),
];

/**
 * The app's own value of a key (a string, an object for a group of texts, or undefined when unknown) — not
 * the company's text this app has merged over it.
 */
const bundledValue = (lang: Locale, ns: string, key: string): unknown => bundledText(lang, ns, key);

type NewRow = { ns?: string; key?: string; text?: string };

/**
 * #/v2/language — the buyer admin's interface texts (issue #18/#19, spec 000 §7 "language JSON files by
 * tenant id and language"): per language, the saved overrides as a table (namespace, key, the app's
 * default text when known, the editable replacement), rows added (namespace of the shell or a module app, dotted key,
 * text ≤ 500, no duplicates) and removed, then the whole map saved with the version read ('409': someone
 * saved meanwhile — reloaded). The shell and the module apps merge them over their texts at their next load.
 */
export default function LanguageTexts() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const uiLocale = useSettings((s) => s.locale);
  const tenant = useAuth((s) => s.userInfo?.actingElsAccount ?? s.userInfo?.elsAccount ?? '');
  const [lang, setLang] = useState<Locale>(uiLocale);
  const [edits, setEdits] = useState<LanguageRow[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<NewRow>();
  const label = (key: string, options?: Record<string, unknown>) =>
    t(`companyAdmin:language.${key}`, options);
  const problemText = (p: RowProblem) =>
    label(`problems.${p.field}.${p.rule}`, { max: p.field === 'key' ? KEY_MAX : TEXT_MAX });

  const query = useQuery({ queryKey: LANGUAGE_KEYS.saved(lang), queryFn: () => findLanguage(lang) });
  const bundles = useQuery({
    queryKey: ['system', 'language', 'bundles'],
    queryFn: async () => {
      await Promise.all(LAZY_BUNDLES.map((load) => load()));
      return true;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (query.isPending) return <Spin className="tab-loading" />;
  if (query.isError)
    return <Result status="warning" title={label('loadFailed')} subTitle={errorText(query.error)} />;

  const rows = edits ?? toRows(query.data.overrides);
  const invalid = rows.some((r) => textProblem(r.text));

  const switchLang = (next: Locale) => {
    const go = () => {
      setEdits(null);
      form.resetFields();
      setLang(next);
    };
    if (!edits) return go();
    modal.confirm({ title: label('discardTitle'), content: label('discardBody'), onOk: go });
  };

  const add = (values: NewRow) => {
    const key = (values.key ?? '').trim();
    const problems = newRowProblems(values, rows, values.ns ? bundledValue(lang, values.ns, key) : undefined);
    form.setFields(
      (['ns', 'key', 'text'] as const).map((name) => ({
        name,
        errors: problems.filter((p) => p.field === name).map(problemText),
      })),
    );
    if (problems.length > 0 || !values.ns) return;
    setEdits([...rows, { id: `${values.ns}:${key}`, ns: values.ns, key, text: values.text ?? '' }]);
    form.resetFields();
  };

  const change = (id: string, text: string) => setEdits(rows.map((r) => (r.id === id ? { ...r, text } : r)));
  const remove = (id: string) => setEdits(rows.filter((r) => r.id !== id));

  async function save() {
    if (invalid) return void message.error(label('fixFirst'));
    if (rows.length > ROWS_MAX) return void message.error(label('tooMany', { max: ROWS_MAX }));
    setSaving(true);
    try {
      await saveLanguage(lang, toOverrides(rows), query.data?.version ?? null);
      setEdits(null);
      await query.refetch();
      if (tenant) await refreshCachedTexts(tenant, lang);
      void message.success(label('saved'));
    } catch (e) {
      if (e instanceof ApiError && e.code === '409') {
        void message.warning(label('stale'));
        setEdits(null);
        await query.refetch();
      } else {
        void message.error(errorText(e));
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <>
      <Typography.Title level={4}>{label('title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{label('intro')}</Typography.Paragraph>
      <Card
        title={
          <Space>
            <span id="language-texts-lang">{label('langLabel')}</span>
            <Radio.Group
              aria-labelledby="language-texts-lang"
              optionType="button"
              buttonStyle="solid"
              value={lang}
              onChange={(e) => switchLang(e.target.value as Locale)}
              options={LANGS.map((l) => ({ value: l, label: label(`langs.${l}`) }))}
            />
          </Space>
        }
        extra={
          <Space>
            {edits && <Tag color="orange">{label('unsaved')}</Tag>}
            <Typography.Text type="secondary">{label('count', { count: rows.length })}</Typography.Text>
            <Button disabled={!edits || saving} onClick={() => setEdits(null)}>
              {label('reset')}
            </Button>
            <Button type="primary" loading={saving} disabled={!edits} onClick={() => void save()}>
              {label('save')}
            </Button>
          </Space>
        }
      >
        <Form<NewRow>
          form={form}
          layout="inline"
          name="languageAdd"
          aria-label={label('addTitle')}
          onFinish={add}
          style={{ marginBottom: 16, rowGap: 8 }}
        >
          <Form.Item name="ns" label={label('ns')}>
            <Select
              showSearch
              style={{ width: 160 }}
              options={TEXT_NAMESPACES.map((ns) => ({ value: ns, label: ns }))}
            />
          </Form.Item>
          <Form.Item name="key" label={label('key')} tooltip={label('keyHelp')}>
            <Input style={{ width: 220 }} placeholder="topbar.followUs" />
          </Form.Item>
          <Form.Item name="text" label={label('text')}>
            <Input style={{ width: 260 }} />
          </Form.Item>
          <Form.Item>
            <Button htmlType="submit">{label('add')}</Button>
          </Form.Item>
        </Form>
        <Table<LanguageRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: label('empty') }}
          scroll={{ y: 'calc(100vh - 380px)' }}
          columns={[
            {
              key: 'ns',
              title: label('ns'),
              dataIndex: 'ns',
              width: 110,
              render: (ns: string) => <code>{ns}</code>,
            },
            {
              key: 'key',
              title: label('key'),
              dataIndex: 'key',
              width: 240,
              render: (key: string) => <code>{key}</code>,
            },
            {
              key: 'bundled',
              title: label('bundled'),
              width: '28%',
              render: (_v, row) => {
                // Once the lazy namespaces are registered (the page renders again then).
                const value = bundles.isSuccess ? bundledValue(lang, row.ns, row.key) : undefined;
                return typeof value === 'string' ? (
                  <Typography.Text type="secondary">{value}</Typography.Text>
                ) : (
                  '—'
                );
              },
            },
            {
              key: 'text',
              title: label('text'),
              render: (_v, row) => {
                const problem = textProblem(row.text);
                return (
                  <>
                    <Input
                      value={row.text}
                      status={problem ? 'error' : undefined}
                      aria-label={label('textOf', { key: `${row.ns}:${row.key}` })}
                      aria-invalid={problem ? true : undefined}
                      onChange={(e) => change(row.id, e.target.value)}
                    />
                    {problem && (
                      <Typography.Text type="danger" role="alert">
                        {problemText(problem)}
                      </Typography.Text>
                    )}
                  </>
                );
              },
            },
            {
              key: 'actions',
              title: label('actions'),
              width: 90,
              render: (_v, row) => (
                <Button
                  size="small"
                  danger
                  aria-label={label('removeOf', { key: `${row.ns}:${row.key}` })}
                  onClick={() => remove(row.id)}
                >
                  {label('remove')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
