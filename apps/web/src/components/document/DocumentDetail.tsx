import {
  approvalStepOf,
  codeLabel,
  customFieldKeys,
  type DocumentDefinition,
  type FieldDef,
  type Side,
  trailStatusField,
  transitionTable,
} from '@srm/contracts/document/define';
import { App, Button, Card, Descriptions, Empty, Result, Space, Spin, Table, Tag, Timeline } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { candidatesText, stepLabel } from '../../lib/approval-task.ts';
import { useDocumentCustomFieldLabels, useFieldName } from '../../lib/custom-field-api.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { userLabel } from '../../lib/user-label.ts';
import { ArrowLeftOutlined, ReloadOutlined } from '../page-icons.tsx';
import { ActionDialog, type LineQuantity } from './ActionDialog.tsx';
import { type DocDetail, type DocLine, useDocumentAction, useDocumentDetail } from './api.ts';
import { DocumentAttachments } from './DocumentAttachments.tsx';
import { CollectionViews } from './DocumentCollections.tsx';
import { StatusTag } from './DocumentList.tsx';
import {
  actionLabel,
  fieldLabel,
  formatValue,
  statusFields,
  type ToolbarAction,
  toolbarActions,
} from './definition.ts';
import { OrgValue } from './OrgValue.tsx';
import './document.css';
import './i18n-document.ts';

export type DocumentDetailProps = {
  def: DocumentDefinition;
  side: Side;
  id: string;
  onBack?: () => void;
  /** The standard action `edit`: where the kind edits (no edit button without it). */
  onEdit?: (detail: DocDetail) => void;
  /** After `delete`: usually back to the list. */
  onDeleted?: () => void;
  /** Kind-specific buttons beside the generated ones (print, return goods …). */
  extra?: (detail: DocDetail) => ReactNode;
  /** Kind-specific content under the lines. */
  children?: (detail: DocDetail) => ReactNode;
  /** Line fields shown, in order; default every line field but ids. */
  lineFields?: readonly string[];
  /** For an action with quantities per line: what is left on a line (default and upper bound). */
  quantityOf?: (action: string, line: DocLine) => LineQuantity;
  /** Per action, input fields required here although the definition leaves them optional. */
  requiredInputs?: Readonly<Record<string, readonly string[]>>;
  /** Read-only (e.g. inside the approval page, which has its own approve/reject panel). */
  hideActions?: boolean;
  /** Actions the page offers itself with their own bodies (an award with winners): not in the toolbar. */
  ownActions?: readonly string[];
  /** No attachments section (a kind that shows its files elsewhere). */
  hideAttachments?: boolean;
  /** A class for a line's row (an invoice line with a difference is marked). */
  lineClassName?: (line: DocLine) => string;
};

/**
 * The custom fields a detail shows, in fbk order: those holding a value, and those the buyer named (an
 * empty named field reads '—'); unnamed empty ones never (no panel of bare fbk3…fbk30).
 */
export function shownDetailCustomFields(
  keys: readonly string[],
  values: Record<string, unknown>,
  named: ReadonlySet<string>,
): string[] {
  return keys.filter((k) => {
    const v = values[k];
    return (v !== undefined && v !== null && v !== '') || named.has(k);
  });
}

const hiddenType = (f: FieldDef) => f.type === 'uuid' || f.secret === true;

/**
 * One document (DESIGN §11): header fields as descriptions, the status tags, the lines, the history, the
 * approval tasks when there are any, and a toolbar generated from the transition table — the server's
 * `actions` say what the caller may do now. Each action asks for what it needs in a small dialog
 * (remark, quantities, extra fields); dangerous ones confirm first; a refusal ('400') or a stale version
 * ('409') is shown as the server words it and the document is read again.
 */
export function DocumentDetail(props: DocumentDetailProps) {
  const { t } = useTranslation();
  const detail = useDocumentDetail(props.def, props.side, props.id);
  if (!props.id) return <Result status="404" title={t('document:detail.noId')} />;
  if (detail.isPending) return <Spin className="tab-loading" />;
  if (detail.isError)
    return (
      <Result
        status="warning"
        title={t('document:detail.loadFailed')}
        subTitle={errorText(detail.error)}
        extra={<Button onClick={() => void detail.refetch()}>{t('document:detail.reload')}</Button>}
      />
    );
  return <DetailView {...props} data={detail.data} reload={() => void detail.refetch()} />;
}

function DetailView({
  def,
  side,
  data,
  reload,
  onBack,
  onEdit,
  onDeleted,
  extra,
  children,
  lineFields,
  quantityOf,
  requiredInputs,
  hideActions,
  hideAttachments,
  ownActions,
  lineClassName,
}: DocumentDetailProps & { data: DocDetail; reload: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const run = useDocumentAction(def, side);
  const [dialog, setDialog] = useState<ToolbarAction | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const { record, lines, trail, tasks } = data;
  const labels = useDocumentCustomFieldLabels(def.kind, record.id);
  const headerName = useFieldName(labels.header).name;
  const lineName = useFieldName(labels.lines).name;
  const number = String(record[def.numberField] ?? '');
  const statuses = statusFields(def);
  /**
   * Tags beside the number: the statuses but the send status (the main status already says it), each
   * named by its field ("Approval status: Approved"; issue #33: a row of bare values is unreadable).
   */
  const titleStatuses = Object.entries(statuses).filter(
    ([key]) => key !== 'sendStatus' && !(side === 'sale' && key === 'auditStatus'),
  );
  const table = transitionTable(def);
  // Buttons the caller's roles do not grant are not shown (issue #19: edit `{kind}.save`, delete, submit and
  // withdraw `{kind}.submit`, each action `{kind}.{action}`; lib/permissions.ts `useCan`).
  const may = useCan();
  const actions = hideActions
    ? []
    : toolbarActions(def, record as Record<string, string>, side, data.actions).filter(
        (a) => (a.name !== 'edit' || onEdit) && !ownActions?.includes(a.name) && may(kindCode(def, a.name)),
      );

  /** Runs an action; resolves to the server's refusal text (kept in a dialog) or null when done. */
  async function perform(name: string, body: Record<string, unknown>): Promise<string | null> {
    setBusy(name);
    try {
      await run.mutateAsync({ action: name, id: record.id, body });
      void message.success(t('document:detail.done', { action: actionLabel(def, name, locale) }));
      if (name === 'delete') onDeleted?.();
      else reload();
      return null;
    } catch (e) {
      const stale = e instanceof ApiError && e.code === '409';
      const text = stale ? `${errorText(e)} — ${t('document:detail.stale')}` : errorText(e);
      void message.error(text, stale ? 6 : 4);
      reload();
      return text;
    } finally {
      setBusy(null);
    }
  }

  const click = (a: ToolbarAction) => {
    if (a.name === 'edit') return onEdit?.(data);
    if (a.dialog) return setDialog(a);
    const go = () => perform(a.name, { version: record.version });
    if (a.danger)
      return modal.confirm({
        title: t('document:detail.confirmTitle', { action: a.action.label[locale] }),
        content: t('document:detail.confirmText', { action: a.action.label[locale], number }),
        okText: a.action.label[locale],
        okButtonProps: { danger: true },
        cancelText: t('document:action.cancel'),
        onOk: go,
      });
    void go();
  };

  const headerFields = Object.entries(def.header).filter(
    ([key, f]) => !hiddenType(f) && key !== def.numberField,
  );
  const shownLineFields: Array<[string, FieldDef]> = (
    lineFields ?? Object.keys(def.lines.fields).filter((k) => !hiddenType(def.lines.fields[k]))
  ).flatMap((k) => (def.lines.fields[k] ? [[k, def.lines.fields[k]] as [string, FieldDef]] : []));
  const custom = shownDetailCustomFields(
    customFieldKeys(def),
    record,
    new Set(labels.header.map((l) => l.fieldKey)),
  );
  /** Line custom fields: a column for each that a line holds (named by the buyer's label). */
  const lineCustom = customFieldKeys(def).filter((k) =>
    lines.some((l) => l[k] !== undefined && l[k] !== null && l[k] !== ''),
  );
  /** Lines are numbered 10, 20 … by the server (lineNumber); else by position. */
  const lineNumber = (line: DocLine, i: number) =>
    typeof line.lineNumber === 'number' ? String(line.lineNumber) : String((i + 1) * 10);

  return (
    <div className="page-stack document-detail">
      <Card
        title={
          <Space wrap>
            {onBack && (
              <Button
                type="text"
                icon={<ArrowLeftOutlined />}
                aria-label={t('document:detail.back')}
                onClick={onBack}
              />
            )}
            <span>{def.title[locale]}</span>
            <span className="document-number">{number}</span>
            {titleStatuses.map(([key, f]) => (
              <StatusTag
                key={key}
                field={key}
                dict={f.codes}
                code={record[key]}
                label={fieldLabel(f, locale)}
              />
            ))}
          </Space>
        }
        extra={
          <Space wrap>
            {actions.map((a) => (
              <Button
                key={a.name}
                type={a.danger ? 'default' : 'primary'}
                danger={a.danger}
                loading={busy === a.name}
                onClick={() => click(a)}
              >
                {a.action.label[locale]}
              </Button>
            ))}
            {extra?.(data)}
            <Button icon={<ReloadOutlined />} aria-label={t('document:detail.reload')} onClick={reload} />
          </Space>
        }
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} bordered>
          <Descriptions.Item label={fieldLabel(def.header[def.numberField], locale)}>
            {number}
          </Descriptions.Item>
          {headerFields.map(([key, f]) => (
            <Descriptions.Item key={key} label={fieldLabel(f, locale)}>
              {f.org && side === 'purchase' && record[key] ? (
                <OrgValue type={f.org} code={String(record[key])} locale={locale} />
              ) : (
                formatValue(f, record[key], locale) || '—'
              )}
            </Descriptions.Item>
          ))}
          {Object.entries(statuses)
            .filter(([key]) => !(side === 'sale' && key === 'auditStatus'))
            .map(([key, f]) => (
              <Descriptions.Item key={key} label={fieldLabel(f, locale)}>
                {codeLabel(f.codes, record[key] as string, locale) || '—'}
              </Descriptions.Item>
            ))}
          <Descriptions.Item label={t('document:detail.createUser')}>
            {userLabel(record.createUser as string | undefined, data.createUserName)} ·{' '}
            {formatValue({ label: def.title, type: 'datetime' }, record.createDate, locale)}
          </Descriptions.Item>
        </Descriptions>
        {custom.length > 0 && (
          <Descriptions
            size="small"
            title={t('document:detail.customFields')}
            column={{ xs: 1, sm: 2, lg: 3 }}
            bordered
            style={{ marginTop: 12 }}
          >
            {custom.map((k) => (
              <Descriptions.Item key={k} label={headerName(k)}>
                {String(record[k] ?? '') || '—'}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Card>

      <Card title={def.lines.label[locale]} size="small">
        <Table<DocLine>
          size="small"
          rowKey="id"
          pagination={false}
          className="document-lines"
          scroll={{ x: 'max-content' }}
          dataSource={lines}
          rowClassName={lineClassName}
          columns={[
            {
              key: 'lineNumber',
              title: '#',
              width: 50,
              render: (_v: unknown, line: DocLine, i: number) => lineNumber(line, i),
            },
            ...shownLineFields.map(([key, f]) => ({
              key,
              dataIndex: key,
              title: fieldLabel(f, locale),
              align: f.type === 'decimal' || f.type === 'integer' ? ('right' as const) : undefined,
              render: (v: unknown) => {
                const text = formatValue(f, v, locale);
                return f.type === 'decimal' && text ? <span className="num">{text}</span> : text || '—';
              },
            })),
            ...lineCustom.map((k) => ({
              key: k,
              dataIndex: k,
              title: lineName(k),
              render: (v: unknown) => (typeof v === 'string' && v !== '' ? v : '—'),
            })),
          ]}
        />
      </Card>

      <CollectionViews def={def} side={side} collections={data.collections} locale={locale} />

      {children?.(data)}

      {!hideAttachments && (
        <DocumentAttachments def={def} side={side} id={record.id} readOnly={hideActions} />
      )}

      <div className={tasks.length > 0 ? 'document-two-col' : undefined}>
        <Card title={t('document:detail.trail')} size="small">
          {trail.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          ) : (
            <Timeline
              items={trail.map((row, i) => {
                const dict = def.statuses[trailStatusField(def, row.action)];
                const from = codeLabel(dict, row.fromStatus, locale);
                const to = codeLabel(dict, row.toStatus, locale);
                const step = approvalStepOf(def, row.action);
                const name = table[row.action]
                  ? actionLabel(def, row.action, locale)
                  : step
                    ? `${actionLabel(def, step.action, locale)} · ${t(`document:trail.approval${step.step}`)}`
                    : t(`document:trail.${row.action}`, { defaultValue: row.action });
                return {
                  key: i,
                  children: (
                    <div className="document-trail-row">
                      <strong>{name}</strong>{' '}
                      {(from || to) && (
                        <span>{from && to && from !== to ? `${from} → ${to}` : to || from}</span>
                      )}
                      <div className="document-trail-meta">
                        {row.createUserName ?? row.createUser} ·{' '}
                        {formatValue({ label: def.title, type: 'datetime' }, row.createDate, locale)}
                      </div>
                      {row.remark && <div className="document-trail-remark">{row.remark}</div>}
                    </div>
                  ),
                };
              })}
            />
          )}
        </Card>
        {tasks.length > 0 && (
          <Card title={t('document:detail.tasks')} size="small">
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={tasks}
              columns={[
                {
                  key: 'stepName',
                  dataIndex: 'stepName',
                  title: t('document:detail.step'),
                  // Issue #33: the reader's language, the other one when empty.
                  render: (_v, row) => stepLabel(row, locale),
                },
                {
                  key: 'status',
                  dataIndex: 'status',
                  title: t('document:detail.taskStatus'),
                  render: (v: string) => (
                    <Tag
                      color={
                        v === 'approved'
                          ? 'success'
                          : v === 'rejected'
                            ? 'error'
                            : v === 'pending'
                              ? 'processing'
                              : 'default'
                      }
                    >
                      {t(`document:taskStatus.${v}`, { defaultValue: v })}
                    </Tag>
                  ),
                },
                {
                  key: 'handledBy',
                  dataIndex: 'handledBy',
                  title: t('document:detail.handledBy'),
                  // "代 {name} 审批 / on behalf of {name}" when a delegate acted (issue #19); while waiting,
                  // who may approve it (issue #33).
                  render: (v, row) =>
                    v
                      ? row.handledOnBehalfOf
                        ? `${userLabel(v, row.handledByName)} · ${t('document:detail.onBehalfOf', {
                            name: row.handledOnBehalfOfName ?? row.handledOnBehalfOf,
                          })}`
                        : userLabel(v, row.handledByName)
                      : (candidatesText(row, t) ?? '—'),
                },
                {
                  key: 'remark',
                  dataIndex: 'remark',
                  title: t('document:detail.remark'),
                  render: (v) => v ?? '—',
                },
              ]}
            />
          </Card>
        )}
      </div>

      {dialog && (
        <ActionDialog
          name={dialog.name}
          action={dialog.action}
          number={number}
          version={record.version}
          record={record}
          lines={lines}
          lineNumber={lineNumber}
          quantityOf={(line) =>
            quantityOf?.(dialog.name, line) ?? { remaining: String(line.quantity ?? '0') }
          }
          required={requiredInputs?.[dialog.name]}
          locale={locale}
          onCancel={() => setDialog(null)}
          onSubmit={async (body) => {
            const error = await perform(dialog.name, body);
            if (!error) setDialog(null);
            return error;
          }}
        />
      )}
    </div>
  );
}
