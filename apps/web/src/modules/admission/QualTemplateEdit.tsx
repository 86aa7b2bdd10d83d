import { ANSWER_TYPES, type QualTemplate, type QualTemplateSave } from '@srm/contracts/admission';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Input, Result, Row, Select, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { findCategories, findTemplate, saveTemplate } from './qual-api.ts';
import './i18n-admission.ts';

/**
 * #/v2/qualTemplate/edit[?id=…] — a qualification template (seed 001 §2): name (≤ 50), categories of the
 * buyer, the person in charge, questionnaire items (name, answer type, options of a choice, required) and
 * the required attachment types. Only a draft is edited; the server names any broken rule (repeated item
 * names, "attachment types cannot repeat").
 */
export default function QualTemplateEdit() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const current = useQuery({
    queryKey: ['admission', 'template', id],
    queryFn: () => findTemplate(id),
    enabled: Boolean(id),
  });
  if (!id) return <TemplateForm />;
  if (current.isPending) return <Spin className="tab-loading" />;
  if (current.isError)
    return (
      <Result status="warning" title={t('document:detail.loadFailed')} subTitle={errorText(current.error)} />
    );
  return <TemplateForm existing={current.data} />;
}

function TemplateForm({ existing }: { existing?: QualTemplate }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<QualTemplateSave>();
  const [busy, setBusy] = useState(false);
  const categories = useQuery({ queryKey: ['admission', 'categories'], queryFn: findCategories });
  const readOnly =
    existing !== undefined && existing.templateStatus !== 'DRAFT' && existing.templateStatus !== 'REVOKE';
  const types = Form.useWatch('items', form) as QualTemplateSave['items'] | undefined;

  async function save() {
    const values = await form.validateFields();
    setBusy(true);
    try {
      await saveTemplate({ ...values, ...(existing ? { id: existing.id, version: existing.version } : {}) });
      void message.success(t('admission:template.saved'));
      void client.invalidateQueries({ queryKey: ['admission'] });
      navigate('/v2/qualTemplate/list');
    } catch (e) {
      void message.error(errorText(e), 6);
    } finally {
      setBusy(false);
    }
  }

  const required = (field: string) => ({
    required: true,
    message: t('admission:access.fieldRequired', { field }),
  });
  return (
    <Card
      title={
        existing
          ? t('admission:template.editTitle', { code: existing.templateCode })
          : t('admission:template.newTitle')
      }
      extra={
        <Space>
          <Button onClick={() => navigate('/v2/qualTemplate/list')}>{t('admission:template.back')}</Button>
          {!readOnly && (
            <Button type="primary" loading={busy} onClick={() => void save()}>
              {t('admission:template.save')}
            </Button>
          )}
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={
          existing
            ? {
                ...existing,
                principal: existing.principal ?? undefined,
                remark: existing.remark ?? undefined,
              }
            : {
                items: [{ itemName: '', answerType: 'text', required: true }],
                attachmentTypes: [],
                categories: [],
              }
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="templateName"
              label={t('admission:template.name')}
              rules={[required(t('admission:template.name')), { max: 50 }]}
            >
              <Input aria-label={t('admission:template.name')} maxLength={50} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="principal" label={t('admission:template.principal')}>
              <Input aria-label={t('admission:template.principal')} placeholder="buyer1" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="categories"
              label={t('admission:template.categories')}
              rules={[required(t('admission:template.categories'))]}
            >
              <Select
                mode="multiple"
                aria-label={t('admission:template.categories')}
                loading={categories.isPending}
                optionFilterProp="label"
                options={(categories.data ?? []).map((c) => ({
                  value: c.cateCode,
                  label: `${c.cateCode} ${c.cateName}`,
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="attachmentTypes"
              label={t('admission:template.attachmentTypes')}
              extra={t('admission:template.attachmentTypesHint')}
            >
              <Select mode="tags" aria-label={t('admission:template.attachmentTypes')} open={false} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('admission:template.remark')}>
              <Input.TextArea aria-label={t('admission:template.remark')} rows={2} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
        <Typography.Title level={5}>{t('admission:template.items')}</Typography.Title>
        <Form.List name="items">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row, n) => (
                <Row gutter={8} key={row.key} align="bottom">
                  <Col xs={24} md={8}>
                    <Form.Item
                      name={[row.name, 'itemName']}
                      label={t('admission:template.itemName')}
                      rules={[required(t('admission:template.itemName')), { max: 50 }]}
                    >
                      <Input aria-label={`${t('admission:template.itemName')} ${n + 1}`} maxLength={50} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={4}>
                    <Form.Item name={[row.name, 'answerType']} label={t('admission:template.answerType')}>
                      <Select
                        aria-label={`${t('admission:template.answerType')} ${n + 1}`}
                        options={Object.entries(ANSWER_TYPES).map(([code, l]) => ({
                          value: code,
                          label: l[locale],
                        }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    {types?.[n]?.answerType === 'choice' && (
                      <Form.Item name={[row.name, 'options']} label={t('admission:template.options')}>
                        <Select
                          mode="tags"
                          open={false}
                          aria-label={`${t('admission:template.options')} ${n + 1}`}
                        />
                      </Form.Item>
                    )}
                  </Col>
                  <Col xs={12} md={3}>
                    <Form.Item name={[row.name, 'required']} label={t('admission:template.required')}>
                      <Select
                        aria-label={`${t('admission:template.required')} ${n + 1}`}
                        options={[
                          { value: true, label: t('admission:access.yes') },
                          { value: false, label: t('admission:access.no') },
                        ]}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={3}>
                    <Form.Item>
                      <Button danger onClick={() => remove(row.name)} disabled={rows.length <= 1 || readOnly}>
                        {t('admission:access.remove')}
                      </Button>
                    </Form.Item>
                  </Col>
                </Row>
              ))}
              <Form.Item>
                <Button onClick={() => add({ itemName: '', answerType: 'text', required: false })}>
                  {t('admission:template.addItem')}
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
