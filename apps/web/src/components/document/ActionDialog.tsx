import type { Locale } from '@srm/contracts/constants';
import type { ActionDef } from '@srm/contracts/document/define';
import { Alert, Form, Input, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocLine } from './api.ts';
import { actionBody, compareDecimal, fieldLabel, isDecimal, rulesOf, trimDecimal } from './definition.ts';
import { FieldInput, itemPropsOf, preventEnterSubmit } from './FieldInput.tsx';

export type LineQuantity = {
  /** What is left on the line for this action (the default quantity and its upper bound). */
  remaining: string;
  /** A short text naming the line (material, order line …). */
  describe?: string;
};

type Values = { remark?: string; quantities?: Record<string, string>; [k: string]: unknown };

const QUANTITY_FIELD = {
  label: { zh_cn: '数量', en: 'Quantity' },
  type: 'decimal',
  digits: [12, 3],
} as const;

/**
 * The small dialog of an action that needs something (DESIGN §11): a remark (required or optional), a
 * quantity per line defaulting to what is left, or the action's extra input fields. Sends
 * `{ version, remark?, lines?, …input }`; a refusal of the server is shown in the dialog.
 */
export function ActionDialog({
  name,
  action,
  number,
  version,
  record,
  lines,
  lineNumber,
  quantityOf,
  required: extraRequired = [],
  locale,
  onCancel,
  onSubmit,
}: {
  name: string;
  action: ActionDef;
  number: string;
  version: number;
  /** The document: its current values start the action's inputs of the same name. */
  record: Record<string, unknown>;
  lines: DocLine[];
  /** How a line is numbered to the user (its item number, or its position). */
  lineNumber: (line: DocLine, index: number) => string;
  quantityOf: (line: DocLine) => LineQuantity;
  /**
   * Input fields this screen requires besides the action's `requires` in the definition (which the
   * dialog always requires, as the server does).
   */
  required?: readonly string[];
  locale: Locale;
  onCancel: () => void;
  /** Runs the action; resolves to an error text to show, or null when done. */
  onSubmit: (body: Record<string, unknown>) => Promise<string | null>;
}) {
  const required = [...(action.requires ?? []), ...extraRequired];
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = action.label[locale];
  const quantityLines =
    action.lines === 'quantities'
      ? lines
          .map((line, i) => ({ line, i, q: quantityOf(line) }))
          .filter((l) => compareDecimal(l.q.remaining, '0') > 0)
      : [];

  async function ok() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = actionBody(version, { ...values, quantities: form.getFieldValue('quantities') }, action);
    if (action.lines === 'quantities' && (body.lines as unknown[]).length === 0) {
      setError(t('document:action.noQuantity'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setError(await onSubmit(body));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={t('document:action.title', { action: label, number })}
      okText={label}
      cancelText={t('document:action.cancel')}
      okButtonProps={{ danger: action.danger, loading: busy }}
      onOk={() => void ok()}
      onCancel={onCancel}
      width={action.lines ? 760 : 520}
      destroyOnHidden
      data-action={name}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onKeyDown={preventEnterSubmit}
        initialValues={{
          ...Object.fromEntries(
            Object.keys(action.input ?? {})
              .filter((key) => record[key] !== null && record[key] !== undefined && record[key] !== '')
              .map((key) => [key, record[key]]),
          ),
          quantities: Object.fromEntries(quantityLines.map((l) => [l.line.id, trimDecimal(l.q.remaining)])),
        }}
      >
        {quantityLines.length > 0 && (
          <Table
            size="small"
            rowKey={(l) => l.line.id}
            pagination={false}
            className="document-lines document-dialog-lines"
            dataSource={quantityLines}
            scroll={{ x: 'max-content', y: 360 }}
            columns={[
              {
                key: 'no',
                title: t('document:action.line'),
                width: 70,
                render: (_v, l) => lineNumber(l.line, l.i),
              },
              {
                key: 'describe',
                title: t('document:action.describe'),
                render: (_v, l) => l.q.describe ?? '',
              },
              {
                key: 'remaining',
                title: t('document:action.remaining'),
                align: 'right',
                render: (_v, l) => <span className="num">{trimDecimal(l.q.remaining)}</span>,
              },
              {
                key: 'quantity',
                title: t('document:action.quantity'),
                width: 160,
                render: (_v, l) => {
                  const lineLabel = t('document:action.quantityOf', { line: lineNumber(l.line, l.i) });
                  return (
                    <Form.Item
                      name={['quantities', l.line.id]}
                      style={{ marginBottom: 0 }}
                      rules={[
                        {
                          validator: async (_r, v: unknown) => {
                            const s = v === undefined || v === null ? '' : String(v).trim();
                            if (s === '' || (isDecimal(s) && compareDecimal(s, '0') === 0)) return;
                            for (const rule of rulesOf(QUANTITY_FIELD, t, locale, {
                              label: lineLabel,
                              max: l.q.remaining,
                            }))
                              if ('validator' in rule) await rule.validator(null, s);
                          },
                        },
                      ]}
                    >
                      <Input inputMode="decimal" className="num" aria-label={lineLabel} />
                    </Form.Item>
                  );
                },
              },
            ]}
          />
        )}
        {Object.entries(action.input ?? {}).map(([key, field]) => (
          <Form.Item
            key={key}
            name={key}
            label={fieldLabel(field, locale)}
            required={required.includes(key) || field.required}
            rules={rulesOf(field, t, locale, { required: required.includes(key) })}
            {...itemPropsOf(field)}
          >
            <FieldInput field={field} locale={locale} ariaLabel={fieldLabel(field, locale)} />
          </Form.Item>
        ))}
        {action.remark && (
          <Form.Item
            name="remark"
            label={t('document:action.remark')}
            rules={[
              ...(action.remark === 'required'
                ? [{ required: true, whitespace: true, message: t('document:action.remarkRequired') }]
                : []),
              {
                max: 500,
                message: t('document:rules.max', { field: t('document:action.remark'), max: 500 }),
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} aria-label={t('document:action.remark')} />
          </Form.Item>
        )}
        {error && <Alert type="error" showIcon message={error} role="alert" />}
      </Form>
    </Modal>
  );
}
