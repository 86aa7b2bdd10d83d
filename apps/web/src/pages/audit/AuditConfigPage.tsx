import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Result, Select, Space, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeleteOutlined, PlusOutlined } from '../../components/page-icons.tsx';
import { useAuth } from '../../lib/auth-store.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import '../../lib/i18n-audit.ts';
import type { DataItem } from '@srm/contracts/data-permission';
import { orgUnitTypeOfItem } from '@srm/contracts/org-master';
import { APPROVAL_KIND_CODES } from '@srm/contracts/task-links';
import { useState } from 'react';
import { MasterSelect } from '../../components/MasterSelect.tsx';
import { orgUnitSource } from '../../components/org-unit-source.ts';
import { queryClient } from '../../lib/query-client.ts';
import { ApproverPicker } from './ApproverPicker.tsx';
import { approvalKindName } from './approval-kinds.ts';
import { findConfig, saveConfig } from './audit-api.ts';
import {
  amountRangeOk,
  type ConditionStepForm,
  categoryOptions,
  findCategoryTree,
  findConditionOptions,
  toConditionRows,
  toConditionSteps,
} from './audit-conditions.ts';
import { parseApprovers, stepNameOk } from './audit-rules.ts';

type StepForm = ConditionStepForm;

/**
 * /portal/audit/config — approval steps of each approval flow (buyer admins): purchase orders, returns,
 * requisitions, RFQ edit and award, e-auction edit (contracts' APPROVAL_KINDS); `?kind=` preselects one.
 * Each step may carry conditions (issue #19): an amount range, document types (the flow's type dictionary),
 * material categories (master data) and organisation codes — only those the flow's documents have.
 */
export default function AuditConfigRoute() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuditConfigPage />
    </QueryClientProvider>
  );
}

function AuditConfigPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [KIND, setKind] = useState<string>(() => {
    const hashQuery = window.location.hash.split('?')[1] ?? '';
    const asked =
      new URLSearchParams(hashQuery).get('kind') ??
      new URLSearchParams(window.location.search).get('kind') ??
      '';
    return (APPROVAL_KIND_CODES as readonly string[]).includes(asked) ? asked : 'order';
  });
  const user = useAuth((s) => s.userInfo);
  const admin = user?.station === 'purchase' && user.permission === 'admin';
  const [form] = Form.useForm<{ steps: StepForm[] }>();
  const config = useQuery({
    queryKey: ['audit', 'config', KIND],
    queryFn: () => findConfig(KIND),
    enabled: admin,
  });

  const offer = useQuery({
    queryKey: ['audit', 'conditionOptions', KIND],
    queryFn: () => findConditionOptions(KIND),
    enabled: admin,
    staleTime: 300_000,
  });
  const categories = useQuery({
    queryKey: ['audit', 'categoryOptions'],
    queryFn: async () => categoryOptions(await findCategoryTree()),
    enabled: admin && offer.data?.categories === true,
    staleTime: 60_000,
  });

  if (!admin) return <Result status="403" title={t('audit:config.adminOnly')} />;
  if (config.isPending || offer.isPending) return <Spin className="tab-loading" />;
  if (config.isError) return <Result status="warning" title={errorText(config.error)} />;
  if (offer.isError) return <Result status="warning" title={errorText(offer.error)} />;
  const pick = (label: { zh_cn: string; en: string }) => (i18n.language === 'en' ? label.en : label.zh_cn);
  const conditions = offer.data;
  const typeLabel = conditions.documentType ? pick(conditions.documentType.label) : '';
  // One organisation picker per item the flow offers (purchase organisation, factory), from the masters.
  const orgItems = conditions.organisations.flatMap((o) => {
    const type = orgUnitTypeOfItem(o.item as DataItem);
    return type ? [{ item: o.item, label: pick(o.label), source: orgUnitSource(type, i18n.language) }] : [];
  });

  /** The step's name in one language or the other (issue #33): checked on both inputs of a row. */
  const nameRule = (row: number, other: 'name' | 'nameEn') => ({
    validator: async (_r: unknown, v: string | undefined) => {
      if (!stepNameOk(v, form.getFieldValue(['steps', row, other])))
        throw new Error(t('audit:config.nameRequired'));
    },
  });

  async function onFinish(values: { steps: StepForm[] }) {
    try {
      await saveConfig({
        documentKind: KIND,
        steps: toConditionSteps(
          values.steps ?? [],
          orgItems.map((o) => o.item),
        ),
        version: config.data?.version,
      });
      void message.success(t('audit:config.saved'));
    } catch (e) {
      void message.error(errorText(e));
      if (!(e instanceof ApiError && e.code === '409')) return;
    }
    await config.refetch();
  }

  return (
    <Card
      title={t('audit:config.title', { kind: approvalKindName(KIND, i18n.language) })}
      extra={
        <Select
          aria-label={t('audit:config.kind')}
          value={KIND}
          style={{ minWidth: 200 }}
          onChange={setKind}
          options={APPROVAL_KIND_CODES.map((k) => ({ value: k, label: approvalKindName(k, i18n.language) }))}
        />
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('audit:config.help')} />
      <Form
        key={`${KIND}:${config.data?.version ?? 'none'}`}
        form={form}
        onFinish={onFinish}
        initialValues={{ steps: toConditionRows(config.data?.steps ?? []) }}
      >
        <Form.List name="steps">
          {(fields, { add, remove }) => (
            <>
              <Table
                size="small"
                rowKey="key"
                pagination={false}
                scroll={{ x: 1500 }}
                dataSource={fields}
                locale={{ emptyText: t('audit:config.noSteps') }}
                columns={[
                  { key: 'no', title: '#', width: 40, render: (_v, _f, i) => i + 1 },
                  {
                    key: 'name',
                    title: t('audit:config.name'),
                    width: 190,
                    render: (_v, f) => (
                      <Form.Item
                        name={[f.name, 'name']}
                        className="cell-item"
                        style={{ marginBottom: 0 }}
                        dependencies={[['steps', f.name, 'nameEn']]}
                        rules={[nameRule(f.name, 'nameEn'), { max: 50 }]}
                      >
                        <Input aria-label={`${t('audit:config.name')} ${f.name + 1}`} />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'nameEn',
                    title: t('audit:config.nameEn'),
                    width: 220,
                    // Issue #33: the name English readers see (the Chinese one when empty, and vice versa).
                    render: (_v, f) => (
                      <Form.Item
                        name={[f.name, 'nameEn']}
                        className="cell-item"
                        style={{ marginBottom: 0 }}
                        dependencies={[['steps', f.name, 'name']]}
                        rules={[nameRule(f.name, 'name'), { max: 50 }]}
                      >
                        <Input lang="en" aria-label={`${t('audit:config.nameEn')} ${f.name + 1}`} />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'approverType',
                    title: t('audit:config.approverType'),
                    width: 130,
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'approverType']} style={{ marginBottom: 0 }}>
                        <Select
                          aria-label={`${t('audit:config.approverType')} ${f.name + 1}`}
                          options={[
                            { value: 'user', label: t('audit:config.user') },
                            { value: 'role', label: t('audit:config.role') },
                          ]}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'approvers',
                    title: t('audit:config.approvers'),
                    // The picker offers accounts or roles after the step's approver type: re-rendered when it changes.
                    render: (_v, f) => (
                      <Form.Item
                        noStyle
                        shouldUpdate={(a: { steps?: StepForm[] }, b: { steps?: StepForm[] }) =>
                          a.steps?.[f.name]?.approverType !== b.steps?.[f.name]?.approverType
                        }
                      >
                        {() => (
                          <Form.Item
                            name={[f.name, 'approvers']}
                            style={{ marginBottom: 0 }}
                            rules={[
                              {
                                validator: async (_r, v) => {
                                  if (parseApprovers(String(v ?? '')).length === 0)
                                    throw new Error(t('audit:config.approversRequired'));
                                },
                              },
                            ]}
                          >
                            <ApproverPicker
                              approverType={form.getFieldValue(['steps', f.name, 'approverType']) ?? 'user'}
                              ariaLabel={`${t('audit:config.approvers')} ${f.name + 1}`}
                              placeholder={t('audit:config.approversPlaceholder')}
                            />
                          </Form.Item>
                        )}
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'minAmount',
                    title: t('audit:config.minAmount'),
                    width: 170,
                    render: (_v, f) => (
                      <Form.Item
                        name={[f.name, 'minAmount']}
                        style={{ marginBottom: 0 }}
                        rules={[
                          { pattern: /^\d{1,12}(\.\d{1,2})?$/, message: t('audit:config.amountFormat') },
                        ]}
                      >
                        <Input
                          inputMode="decimal"
                          aria-label={`${t('audit:config.minAmount')} ${f.name + 1}`}
                          placeholder={t('audit:config.always')}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'maxAmount',
                    title: t('audit:config.maxAmount'),
                    width: 170,
                    render: (_v, f) => (
                      <Form.Item
                        name={[f.name, 'maxAmount']}
                        style={{ marginBottom: 0 }}
                        dependencies={[['steps', f.name, 'minAmount']]}
                        rules={[
                          { pattern: /^\d{1,12}(\.\d{1,2})?$/, message: t('audit:config.amountFormat') },
                          {
                            validator: async (_r, v) => {
                              const min = form.getFieldValue(['steps', f.name, 'minAmount']);
                              if (!amountRangeOk(min, v)) throw new Error(t('audit:config.amountRange'));
                            },
                          },
                        ]}
                      >
                        <Input
                          inputMode="decimal"
                          aria-label={`${t('audit:config.maxAmount')} ${f.name + 1}`}
                          placeholder={t('audit:config.noLimit')}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    key: 'conditions',
                    title: t('audit:config.conditions'),
                    width: 300,
                    // Issue #19: only the conditions the flow's documents have; empty = any.
                    render: (_v, f) => (
                      <Space direction="vertical" size={4} style={{ width: '100%' }}>
                        {conditions.documentType && (
                          <Form.Item name={[f.name, 'documentTypes']} noStyle>
                            <Select
                              mode="multiple"
                              allowClear
                              style={{ width: '100%' }}
                              aria-label={`${typeLabel} ${f.name + 1}`}
                              placeholder={t('audit:config.anyOf', { what: typeLabel })}
                              optionFilterProp="label"
                              options={conditions.documentType.options.map((o) => ({
                                value: o.value,
                                label: pick(o.label),
                              }))}
                            />
                          </Form.Item>
                        )}
                        {conditions.categories && (
                          <Form.Item name={[f.name, 'categories']} noStyle>
                            <Select
                              mode="multiple"
                              allowClear
                              style={{ width: '100%' }}
                              aria-label={`${t('audit:config.categories')} ${f.name + 1}`}
                              placeholder={t('audit:config.anyOf', { what: t('audit:config.categories') })}
                              optionFilterProp="label"
                              loading={categories.isFetching}
                              options={categories.data ?? []}
                            />
                          </Form.Item>
                        )}
                        {orgItems.map((o) => (
                          <Form.Item key={o.item} name={[f.name, 'organisations', o.item]} noStyle>
                            <MasterSelect
                              source={o.source}
                              mode="multiple"
                              style={{ width: '100%' }}
                              aria-label={`${o.label} ${f.name + 1}`}
                              placeholder={t('audit:config.organisationsPlaceholder', { what: o.label })}
                            />
                          </Form.Item>
                        ))}
                        <Form.Item noStyle dependencies={[['steps', f.name, 'legacyOrganisations']]}>
                          {({ getFieldValue }) => {
                            const legacy = (getFieldValue(['steps', f.name, 'legacyOrganisations']) ??
                              []) as string[];
                            return legacy.length > 0 ? (
                              <Typography.Text type="warning">
                                {t('audit:config.legacyOrganisations', { codes: legacy.join(', ') })}
                              </Typography.Text>
                            ) : null;
                          }}
                        </Form.Item>
                        {!conditions.documentType && !conditions.categories && orgItems.length === 0 && (
                          <Typography.Text type="secondary">{t('audit:config.amountOnly')}</Typography.Text>
                        )}
                      </Space>
                    ),
                  },
                  {
                    key: 'cc',
                    title: t('audit:config.cc'),
                    // Carbon copy (issue #19): users or roles told when the approval ends.
                    render: (_v, f) => (
                      <Space.Compact>
                        <Form.Item name={[f.name, 'ccType']} noStyle>
                          <Select
                            style={{ width: 90 }}
                            aria-label={`${t('audit:config.ccType')} ${f.name + 1}`}
                            options={[
                              { value: 'user', label: t('audit:config.user') },
                              { value: 'role', label: t('audit:config.role') },
                            ]}
                          />
                        </Form.Item>
                        <Form.Item
                          noStyle
                          shouldUpdate={(a: { steps?: StepForm[] }, b: { steps?: StepForm[] }) =>
                            a.steps?.[f.name]?.ccType !== b.steps?.[f.name]?.ccType
                          }
                        >
                          {() => (
                            <Form.Item name={[f.name, 'cc']} noStyle>
                              <ApproverPicker
                                approverType={form.getFieldValue(['steps', f.name, 'ccType']) ?? 'user'}
                                ariaLabel={`${t('audit:config.cc')} ${f.name + 1}`}
                                placeholder={t('audit:config.ccPlaceholder')}
                              />
                            </Form.Item>
                          )}
                        </Form.Item>
                      </Space.Compact>
                    ),
                  },
                  {
                    key: 'remove',
                    width: 50,
                    render: (_v, f) => (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('audit:config.removeStep', { step: f.name + 1 })}
                        onClick={() => remove(f.name)}
                      />
                    ),
                  },
                ]}
              />
              <Space style={{ marginTop: 12 }}>
                <Button
                  icon={<PlusOutlined />}
                  onClick={() =>
                    add({
                      approverType: 'user',
                      name: '',
                      nameEn: '',
                      approvers: '',
                      ccType: 'user',
                      cc: '',
                      documentTypes: [],
                      categories: [],
                      organisations: '',
                    })
                  }
                >
                  {t('audit:config.addStep')}
                </Button>
                <Button type="primary" htmlType="submit">
                  {t('audit:config.save')}
                </Button>
                <Typography.Text type="secondary">
                  {t('audit:config.version', { version: config.data?.version ?? '—' })}
                </Typography.Text>
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
