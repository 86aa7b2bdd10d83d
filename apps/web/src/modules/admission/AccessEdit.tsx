import {
  type AccessSections,
  COMPANY_NATURE,
  type QualItem,
  supplierAccessDefinition,
  YES_NO,
} from '@srm/contracts/admission';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  Radio,
  Result,
  Row,
  Select,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import {
  documentKeys,
  runDocumentAction,
  saveDocument,
  uploadAttachment,
  useDocumentDetail,
} from '../../components/document/api.ts';
import { errorText } from '../../lib/http.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { findAccessOptions, findReleasedTemplate, findSections } from './qual-api.ts';
import './i18n-admission.ts';

const def = supplierAccessDefinition;
const COMPANY_FIELDS = [
  'fullName',
  'socialCreditCode',
  'legalRepresentative',
  'registerCapital',
  'registerDate',
  'nature',
  'isListed',
  'industry',
  'countryCode',
  'address',
  'supplierGroup',
] as const;

type Item = Pick<QualItem, 'itemName' | 'required' | 'options'> & { answerType: string };
type FormValues = Record<string, unknown> & {
  contacts?: AccessSections['contacts'];
  banks?: AccessSections['banks'];
  certifications?: Array<Record<string, unknown>>;
  answers?: Record<string, string>;
};

/** Empty strings out (optional fields are absent, not blank). */
const clean = <T extends Record<string, unknown>>(row: T): T =>
  Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined && v !== null && v !== '')) as T;

/**
 * #/v2/access/edit[?id=…] — the supplier fills an admission request (seed 001 §3 "Supplier admission
 * form"): buyer and category (which pick the buyer's released qualification template), company data,
 * contacts, bank accounts, certifications (date ≤ effective date ≤ expiry date, checked by the server),
 * the questionnaire and the template's required attachment types (uploaded once the draft exists).
 * "Save draft" keeps it; "Save and submit" sends it to the buyer's person in charge.
 */
export default function AccessEdit() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const id = new URLSearchParams(search).get('id') ?? '';
  const detail = useDocumentDetail(def, 'sale', id);
  const sections = useQuery({
    queryKey: ['admission', 'sections', 'sale', id, 'edit'],
    queryFn: () => findSections('sale', id),
    enabled: Boolean(id),
  });
  if (!id) return <AccessForm />;
  if (detail.isPending || sections.isPending) return <Spin className="tab-loading" />;
  if (detail.isError || sections.isError)
    return (
      <Result
        status="warning"
        title={t('document:detail.loadFailed')}
        subTitle={errorText(detail.error ?? sections.error)}
      />
    );
  return <AccessForm existing={{ detail: detail.data, sections: sections.data }} />;
}

type Existing = {
  detail: NonNullable<ReturnType<typeof useDocumentDetail>['data']>;
  sections: Awaited<ReturnType<typeof findSections>>;
};

function AccessForm({ existing }: { existing?: Existing }) {
  const { t } = useTranslation();
  const locale = useSettings((s) => s.locale);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [form] = Form.useForm<FormValues>();
  const record = existing?.detail.record;
  const [doc, setDoc] = useState<{ id: string; version: number } | null>(
    record ? { id: record.id, version: record.version } : null,
  );
  const [attachments, setAttachments] = useState<AccessSections['attachments']>(
    existing?.sections.attachments ?? [],
  );
  const [busy, setBusy] = useState<'save' | 'submit' | null>(null);
  const buyer = Form.useWatch('elsAccount', form) as string | undefined;
  const category = Form.useWatch('accessCategory', form) as string | undefined;
  const options = useQuery({
    queryKey: ['admission', 'options'],
    queryFn: findAccessOptions,
    enabled: !existing,
  });
  const template = useQuery({
    queryKey: ['admission', 'template', buyer, category],
    queryFn: () => findReleasedTemplate(buyer ?? '', category ?? ''),
    enabled: !existing && Boolean(buyer && category),
  });
  const items: Item[] = existing
    ? existing.detail.lines.map((l) => ({
        itemName: String(l.itemName),
        answerType: l.answerType as Item['answerType'],
        required: l.required === 'Y',
        options: typeof l.answerOptions === 'string' ? l.answerOptions.split(' | ') : undefined,
      }))
    : (template.data?.items ?? []);
  const attachmentTypes = existing
    ? existing.sections.attachmentTypes
    : (template.data?.attachmentTypes ?? []);
  const header: Record<string, { label: Record<string, string> }> = def.header;
  const label = (name: string) => header[name]?.label[locale] ?? name;
  const categories = options.data?.find((o) => o.elsAccount === buyer)?.categories ?? [];

  const initial: FormValues = existing
    ? {
        ...Object.fromEntries(COMPANY_FIELDS.map((f) => [f, record?.[f] ?? undefined])),
        elsAccount: record?.elsAccount,
        accessCategory: record?.accessCategory,
        contacts: existing.sections.contacts,
        banks: existing.sections.banks,
        certifications: existing.sections.certifications,
        answers: Object.fromEntries(
          existing.detail.lines.map((l) => [String(l.itemName), String(l.answer ?? '')]),
        ),
      }
    : { countryCode: 'CN', isListed: 'N', contacts: [{ name: '' }], banks: [], certifications: [] };

  async function persist(submit: boolean) {
    const values = await form.validateFields();
    setBusy(submit ? 'submit' : 'save');
    try {
      const body = {
        ...(doc ? { id: doc.id, version: doc.version } : {}),
        elsAccount: values.elsAccount,
        accessCategory: values.accessCategory,
        ...clean(Object.fromEntries(COMPANY_FIELDS.map((f) => [f, values[f]]))),
        contacts: (values.contacts ?? []).map(clean),
        banks: (values.banks ?? []).map(clean),
        certifications: (values.certifications ?? []).map(clean),
        attachments,
        lines: items.map((i) => ({ itemName: i.itemName, answer: values.answers?.[i.itemName] ?? '' })),
      };
      let saved = await saveDocument(def, 'sale', body);
      setDoc({ id: saved.id, version: saved.version });
      if (submit) {
        const sent = await runDocumentAction(def, 'sale', 'send', saved.id, { version: saved.version });
        if (sent) saved = sent;
        void message.success(t('admission:access.submitted'));
      } else void message.success(t('admission:access.saved'));
      void client.invalidateQueries({ queryKey: documentKeys.all(def) });
      void client.invalidateQueries({ queryKey: ['admission', 'sections'] });
      if (submit || !doc)
        navigate(submit ? `/v2/auditAdmission/view?id=${saved.id}` : `/v2/access/edit?id=${saved.id}`, {
          replace: true,
        });
    } catch (e) {
      void message.error(errorText(e), 6);
    } finally {
      setBusy(null);
    }
  }

  async function upload(type: string, file: File) {
    if (!doc) return;
    try {
      const row = await uploadAttachment(def, 'sale', doc.id, file);
      setAttachments((list) => [
        ...list.filter((a) => a.attachmentType !== type),
        { attachmentType: type, attachmentId: row.id, fileName: row.fileName },
      ]);
    } catch (e) {
      void message.error(errorText(e));
    }
  }

  const dateRule = { pattern: /^\d{4}-\d{2}-\d{2}$/, message: t('admission:access.datePlaceholder') };
  const requiredRule = (field: string) => ({
    required: true,
    message: t('admission:access.fieldRequired', { field }),
  });

  return (
    <div className="page-stack">
      <Card
        title={
          record
            ? t('admission:access.editTitle', { number: String(record.applyNumber ?? '') })
            : t('admission:access.newTitle')
        }
        extra={
          <Space>
            <Button
              onClick={() => navigate(record ? `/v2/auditAdmission/view?id=${record.id}` : '/v2/access/list')}
            >
              {t('admission:access.cancel')}
            </Button>
            <Button loading={busy === 'save'} onClick={() => void persist(false)}>
              {t('admission:access.save')}
            </Button>
            <Button type="primary" loading={busy === 'submit'} onClick={() => void persist(true)}>
              {t('admission:access.saveSubmit')}
            </Button>
          </Space>
        }
      >
        {typeof record?.rejectReason === 'string' && record.rejectReason && (
          <Typography.Paragraph type="danger">
            {t('admission:access.rejectReason', { reason: record.rejectReason })}
          </Typography.Paragraph>
        )}
        <Form form={form} layout="vertical" initialValues={initial}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="elsAccount"
                label={t('admission:access.buyer')}
                rules={[requiredRule(t('admission:access.buyer'))]}
              >
                <Select
                  aria-label={t('admission:access.buyer')}
                  disabled={Boolean(existing)}
                  loading={options.isPending && !existing}
                  placeholder={t('admission:access.pickBuyer')}
                  onChange={() => form.setFieldValue('accessCategory', undefined)}
                  options={
                    existing
                      ? [
                          {
                            value: record?.elsAccount,
                            label: String(record?.accessOrg ?? record?.elsAccount),
                          },
                        ]
                      : (options.data ?? []).map((o) => ({
                          value: o.elsAccount,
                          label: `${o.elsAccount} ${o.companyName}`,
                        }))
                  }
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="accessCategory"
                label={t('admission:access.category')}
                rules={[requiredRule(t('admission:access.category'))]}
                extra={
                  buyer && !existing && categories.length === 0
                    ? t('admission:access.noCategories')
                    : undefined
                }
              >
                <Select
                  aria-label={t('admission:access.category')}
                  disabled={Boolean(existing) || !buyer}
                  placeholder={t('admission:access.pickCategory')}
                  options={
                    existing
                      ? [
                          {
                            value: record?.accessCategory,
                            label: `${record?.accessCategory} ${record?.accessCategoryName ?? ''}`,
                          },
                        ]
                      : categories.map((c) => ({ value: c.cateCode, label: `${c.cateCode} ${c.cateName}` }))
                  }
                />
              </Form.Item>
            </Col>
          </Row>
          {(template.data || record) && (
            <Typography.Paragraph type="secondary">
              {t('admission:access.template', {
                name: template.data?.templateName ?? record?.templateName,
                code: template.data?.templateCode ?? record?.templateCode,
              })}
            </Typography.Paragraph>
          )}

          <Typography.Title level={5}>{t('admission:access.company')}</Typography.Title>
          <Row gutter={16}>
            {COMPANY_FIELDS.map((f) => (
              <Col xs={24} md={12} lg={8} key={f}>
                <Form.Item
                  name={f}
                  label={label(f)}
                  rules={[
                    ...(f === 'fullName' ? [requiredRule(label(f))] : []),
                    ...(f === 'registerDate' ? [dateRule] : []),
                  ]}
                >
                  {f === 'nature' || f === 'isListed' ? (
                    <Select
                      aria-label={label(f)}
                      allowClear
                      options={Object.entries(f === 'nature' ? COMPANY_NATURE : YES_NO).map(([code, l]) => ({
                        value: code,
                        label: l[locale],
                      }))}
                    />
                  ) : (
                    <Input
                      aria-label={label(f)}
                      placeholder={f === 'registerDate' ? t('admission:access.datePlaceholder') : undefined}
                    />
                  )}
                </Form.Item>
              </Col>
            ))}
          </Row>

          <ListSection
            name="contacts"
            title={t('admission:access.contacts')}
            add={t('admission:access.addContact')}
            fields={[
              ['name', t('admission:access.contactName'), true],
              ['telphone', t('admission:access.telphone'), false],
              ['wxNo', t('admission:access.wxNo'), false],
              ['email', t('admission:access.email'), false],
            ]}
          />
          <ListSection
            name="banks"
            title={t('admission:access.banks')}
            add={t('admission:access.addBank')}
            fields={[
              ['bankCode', t('admission:access.bankCode'), false],
              ['bankBranchName', t('admission:access.bankBranchName'), false],
              ['bankAccount', t('admission:access.bankAccount'), true],
            ]}
          />
          <ListSection
            name="certifications"
            title={t('admission:access.certifications')}
            add={t('admission:access.addCertification')}
            fields={[
              ['type', t('admission:access.certType'), true],
              ['org', t('admission:access.certOrg'), true],
              ['date', t('admission:access.certDate'), true, true],
              ['effectiveDate', t('admission:access.certEffective'), false, true],
              ['expiryDate', t('admission:access.certExpiry'), true, true],
            ]}
          />

          <Typography.Title level={5}>{t('admission:access.questionnaire')}</Typography.Title>
          {items.map((item) => (
            <Form.Item
              key={item.itemName}
              name={['answers', item.itemName]}
              label={item.itemName}
              required={item.required}
              rules={item.answerType === 'date' ? [dateRule] : []}
            >
              {item.answerType === 'yesno' ? (
                <Radio.Group aria-label={item.itemName}>
                  <Radio value="Y">{t('admission:access.yes')}</Radio>
                  <Radio value="N">{t('admission:access.no')}</Radio>
                </Radio.Group>
              ) : item.answerType === 'choice' ? (
                <Select
                  aria-label={item.itemName}
                  allowClear
                  options={(item.options ?? []).map((o) => ({ value: o, label: o }))}
                />
              ) : (
                <Input
                  aria-label={item.itemName}
                  inputMode={item.answerType === 'number' ? 'decimal' : undefined}
                  placeholder={item.answerType === 'date' ? t('admission:access.datePlaceholder') : undefined}
                />
              )}
            </Form.Item>
          ))}

          <Typography.Title level={5}>{t('admission:access.attachments')}</Typography.Title>
          {attachmentTypes.length === 0 ? (
            <Typography.Paragraph type="secondary">
              {t('admission:access.noAttachmentTypes')}
            </Typography.Paragraph>
          ) : (
            <>
              {!doc && (
                <Typography.Paragraph type="warning">{t('admission:access.saveFirst')}</Typography.Paragraph>
              )}
              <Table
                size="small"
                pagination={false}
                rowKey="type"
                dataSource={attachmentTypes.map((type) => ({
                  type,
                  file: attachments.find((a) => a.attachmentType === type)?.fileName,
                }))}
                columns={[
                  { key: 'type', dataIndex: 'type', title: t('admission:access.attachmentType') },
                  {
                    key: 'file',
                    dataIndex: 'file',
                    title: t('admission:access.file'),
                    render: (v: unknown) =>
                      typeof v === 'string' && v ? v : t('admission:access.notUploaded'),
                  },
                  {
                    key: 'upload',
                    title: '',
                    render: (_v: unknown, row: { type: string }) => (
                      <label className="ant-btn ant-btn-default ant-btn-sm" aria-disabled={!doc}>
                        {t('admission:access.upload', { type: row.type })}
                        <input
                          type="file"
                          hidden
                          disabled={!doc}
                          accept=".pdf,.png,.jpg,.jpeg,.xlsx"
                          onChange={(e) => {
                            const file = e.target.files?.[0];
                            if (file) void upload(row.type, file);
                            e.target.value = '';
                          }}
                        />
                      </label>
                    ),
                  },
                ]}
              />
            </>
          )}
        </Form>
      </Card>
    </div>
  );
}

/** An editable list of rows (contacts, banks, certifications): one input per field, add and remove. */
function ListSection({
  name,
  title,
  add,
  fields,
}: {
  name: string;
  title: string;
  add: string;
  /** [key, label, required, date]. */
  fields: ReadonlyArray<readonly [string, string, boolean, boolean?]>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Form.List name={name}>
        {(rows, { add: addRow, remove }) => (
          <>
            {rows.map((row, n) => (
              <Row gutter={8} key={row.key} align="bottom">
                {fields.map(([key, label, required, date]) => (
                  <Col xs={24} md={Math.floor(20 / fields.length)} key={key}>
                    <Form.Item
                      name={[row.name, key]}
                      label={label}
                      rules={[
                        ...(required
                          ? [
                              {
                                required: true,
                                message: t('admission:access.fieldRequired', { field: label }),
                              },
                            ]
                          : []),
                        ...(date
                          ? [
                              {
                                pattern: /^\d{4}-\d{2}-\d{2}$/,
                                message: t('admission:access.datePlaceholder'),
                              },
                            ]
                          : []),
                      ]}
                    >
                      <Input
                        aria-label={`${title} ${n + 1} ${label}`}
                        placeholder={date ? t('admission:access.datePlaceholder') : undefined}
                      />
                    </Form.Item>
                  </Col>
                ))}
                <Col xs={24} md={4}>
                  <Form.Item>
                    <Button danger onClick={() => remove(row.name)}>
                      {t('admission:access.remove')}
                    </Button>
                  </Form.Item>
                </Col>
              </Row>
            ))}
            <Form.Item>
              <Button onClick={() => addRow({})}>{add}</Button>
            </Form.Item>
          </>
        )}
      </Form.List>
    </>
  );
}
