import type { LinkedBuyer } from '@srm/contracts/account';
import {
  canDo,
  codeLabel,
  type DocumentDefinition,
  type Side,
  transitionTable,
} from '@srm/contracts/document/define';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Select, Space, Spin, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { type MouseEvent, type ReactNode, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../lib/http.ts';
import { kindCode, useCan } from '../../lib/permissions.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { type DataColumn, DataTable } from '../data-table/DataTable.tsx';
import {
  type BulkResult,
  type DocRecord,
  documentKeys,
  exportDocuments,
  runBulkAction,
  useDocumentList,
  useInbox,
} from './api.ts';
import { BuyerSelect, useBuyerChoice } from './BuyerSelect.tsx';
import {
  type FilterSpec,
  type FilterValues,
  fieldLabel,
  filterSpecs,
  formatValue,
  listColumns,
  toFilterBody,
  withBuyer,
} from './definition.ts';
import { FieldInput } from './FieldInput.tsx';
import { ImportDocuments } from './ImportDocuments.tsx';
import './i18n-document.ts';
import './document.css';
import { statusColor } from './status-color.ts';

type FormValues = Record<string, string | [Dayjs | null, Dayjs | null] | null | undefined>;

/** The filter form's values as the filter body (dates as 'YYYY-MM-DD'). */
function toValues(specs: FilterSpec[], v: FormValues): FilterValues {
  const out: FilterValues = {};
  for (const spec of specs) {
    const value = v[spec.key];
    if (spec.control === 'range' && Array.isArray(value))
      out[spec.key] = [value[0]?.format('YYYY-MM-DD') ?? null, value[1]?.format('YYYY-MM-DD') ?? null];
    else if (typeof value === 'string') out[spec.key] = value;
  }
  return out;
}

/** A status code as a coloured tag labelled in the user's language. */
export function StatusTag({
  field,
  dict,
  code,
  label,
}: {
  field: string;
  dict: Parameters<typeof codeLabel>[0];
  code: unknown;
  /** The status field's name, shown before the value where no column header names it (issue #33). */
  label?: string;
}) {
  const locale = useSettings((s) => s.locale);
  if (code === null || code === undefined || code === '') return <>—</>;
  const value = codeLabel(dict, String(code), locale);
  return (
    <Tag color={statusColor(field, String(code))}>
      {label ? (
        <>
          <span className="status-tag-field">{label}: </span>
          <span>{value}</span>
        </>
      ) : (
        value
      )}
    </Tag>
  );
}

export type DocumentListProps = {
  def: DocumentDefinition;
  side: Side;
  /** Title above the table. */
  title: ReactNode;
  /** Opens one document (row click, number link). */
  onOpen: (row: DocRecord) => void;
  /** Kind-specific toolbar buttons beside export and columns. */
  toolbar?: ReactNode;
  /** Filter values set before the user's (e.g. Receiving: notice status "shipped"). */
  initialFilter?: Record<string, string>;
  /** Offer row selection and a button per action marked `bulk` that this side may run. */
  bulk?: boolean;
  /** Personal column config key; default `{side}-{kind}-list`. */
  tableId?: string;
  /** Offer the Excel import on a side that creates the kind (default true; off on e.g. Receiving). */
  importable?: boolean;
  /** Kind-specific cells by column key (e.g. a statement's invoice status with the amount still to invoice). */
  cells?: Partial<Record<string, (row: DocRecord) => ReactNode>>;
};

/**
 * The list of one document kind (DESIGN §11): columns from the header fields marked `list` and the status
 * fields, filters from the fields marked `filter`, keyset paging for deep pages, "about N" for estimated
 * totals, the server's Excel export of the filter, bulk actions, and the Excel import on a creating side.
 * Export, import and each bulk action show only when the caller's roles grant its code (issue #19,
 * lib/permissions.ts `useCan`: hidden while the permissions load, shown if they failed to load).
 * On the supplier's side (issue #16 "one inbox") every row names its buyer, and a supplier of several
 * buyers filters by one: the list opens with the buyer the user chose last (kept on the server).
 */
export function DocumentList(props: DocumentListProps) {
  const inbox = useInbox(props.side);
  // The supplier's list waits for its chosen buyer so the first page is already filtered (a failed
  // inbox call lists all buyers).
  if (props.side === 'sale' && inbox.isPending) return <Spin className="document-list-loading" />;
  return (
    <DocumentListOf
      {...props}
      buyers={inbox.data?.buyers ?? []}
      initialBuyer={inbox.data?.inboxElsAccount ?? null}
    />
  );
}

function DocumentListOf({
  def,
  side,
  title,
  onOpen,
  toolbar,
  initialFilter,
  bulk,
  tableId,
  importable = true,
  cells,
  buyers,
  initialBuyer,
}: DocumentListProps & { buyers: LinkedBuyer[]; initialBuyer: string | null }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const locale = useSettings((s) => s.locale);
  const [form] = Form.useForm<FormValues>();
  const specs = useMemo(() => filterSpecs(def, side), [def, side]);
  const choice = useBuyerChoice(side === 'sale' ? buyers : [], initialBuyer);
  const { shown: showBuyer, buyer } = choice;
  const [filter, setFilter] = useState<Record<string, string>>(() =>
    withBuyer(initialFilter ?? {}, buyer, buyers),
  );
  const [selected, setSelected] = useState<DocRecord[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const list = useDocumentList(def, side, filter);
  const client = useQueryClient();
  /** A supplier picks a buyer: the list shows it at once, and it is kept for the user's next lists. */
  const pickBuyer = (value: string | null) => {
    choice.pick(value);
    setSelected([]);
    setFilter((f) => withBuyer(f, value, buyers));
  };
  /** The rows shown, by id, so a click anywhere on a row opens its document. */
  const shown = useRef(new Map<string, DocRecord>());
  const fetchPage = useMemo(
    () => async (paging: { currentPage: number; pageSize: number }) => {
      const page = await list.fetchPage(paging);
      for (const row of page.records) shown.current.set(row.id, row);
      return page;
    },
    [list],
  );
  const onRowClick = (e: MouseEvent<HTMLDivElement>) => {
    const target = e.target as HTMLElement;
    if (target.closest('button, a, input, label, .ant-checkbox-wrapper, .ant-table-selection-column')) return;
    const key = target.closest('tr[data-row-key]')?.getAttribute('data-row-key');
    const row = key ? shown.current.get(key) : undefined;
    if (row) onOpen(row);
  };
  // Buttons the caller's roles do not grant are not shown (issue #19: `{kind}.export`, `.import`, `.{action}`).
  const may = useCan();
  const table = transitionTable(def);
  const bulkActions = bulk
    ? Object.entries(table).filter(
        ([name, a]) => a.bulk && a.sides[side] !== undefined && may(kindCode(def, name)),
      )
    : [];
  const numberField = def.numberField;
  const canImport = importable && def.editable[side] !== undefined && may(kindCode(def, 'import'));

  const columns: DataColumn<DocRecord>[] = listColumns(def, side).map(({ key, field, status }) => ({
    key,
    title: fieldLabel(field, locale),
    width: key === numberField || field.type === 'text' || field.type === 'datetime' ? 160 : 120,
    ellipsis: field.type === 'text' && key !== numberField,
    render: cells?.[key]
      ? (_v, row) => cells[key]?.(row)
      : key === numberField
        ? (v, row) => (
            <Button type="link" size="small" className="link-cell" onClick={() => onOpen(row)}>
              {String(v ?? '')}
            </Button>
          )
        : status
          ? (v) => <StatusTag field={key} dict={field.codes} code={v} />
          : (v) => formatValue(field, v, locale) || '—',
    exportValue: (row) => formatValue(field, row[key], locale),
  }));

  async function runBulk(name: string) {
    const action = table[name];
    const rows = selected.filter((r) => canDo(def, name, r as Record<string, string>, side));
    const skipped = selected.length - rows.length;
    const label = action.label[locale];
    if (rows.length === 0) {
      void message.warning(t('document:list.notAllowed', { action: label }));
      return;
    }
    setBusy(name);
    try {
      const res = await runBulkAction(def, side, name, {
        items: rows.map((r) => ({ id: r.id, version: r.version })),
      }).catch((e: unknown) => {
        // Every item refused: the server answers the refusal's code with the same results (issue #32).
        const results = e instanceof ApiError && (e.data as BulkResult | null)?.results;
        if (Array.isArray(results)) return { results } as BulkResult;
        throw e;
      });
      // One result per item, in the order sent (the answer names no ids).
      const failed = res.results.map((r, i) => ({ ...r, row: rows[i] })).filter((r) => r.code !== '200');
      const done = res.results.length - failed.length;
      if (done > 0) void message.success(t('document:list.bulkDone', { action: label, count: done }));
      if (skipped > 0) void message.warning(t('document:list.bulkSkipped', { count: skipped }));
      if (failed.length > 0)
        void message.error(
          failed
            .map((f) =>
              t('document:list.bulkFailed', {
                number: String(f.row?.[numberField] ?? ''),
                message: f.message,
              }),
            )
            .join('；'),
          6,
        );
    } catch (e) {
      void message.error(errorText(e));
    } finally {
      setBusy(null);
      setSelected([]);
      await client.invalidateQueries({ queryKey: documentKeys.all(def) });
    }
  }

  const bulkButton = ([name, action]: (typeof bulkActions)[number]) => (
    <Button
      key={name}
      loading={busy === name}
      danger={action.danger}
      onClick={() => {
        if (selected.length === 0) {
          void message.warning(t('document:list.selectRow'));
          return;
        }
        modal.confirm({
          title: action.label[locale],
          content: t('document:list.confirmBulk', { action: action.label[locale], count: selected.length }),
          okText: t('document:action.ok'),
          cancelText: t('document:action.cancel'),
          onOk: () => runBulk(name),
        });
      }}
    >
      {action.label[locale]}
    </Button>
  );

  return (
    <div className="page-stack document-list">
      {(specs.length > 0 || showBuyer) && (
        <Card size="small">
          <Form<FormValues>
            form={form}
            layout="inline"
            className="document-filter"
            initialValues={initialFilter}
            onFinish={(v) => {
              setSelected([]);
              setFilter(withBuyer(toFilterBody(specs, toValues(specs, v)), buyer, buyers));
            }}
          >
            {showBuyer && <BuyerSelect buyers={buyers} value={buyer} onChange={pickBuyer} />}
            {specs.map((spec) => (
              <Form.Item key={spec.key} name={spec.key} label={fieldLabel(spec.field, locale)}>
                {spec.control === 'range' ? (
                  <DatePicker.RangePicker
                    allowEmpty={[true, true]}
                    placeholder={[t('document:list.from'), t('document:list.to')]}
                    style={{ width: 240 }}
                  />
                ) : spec.control === 'org' ? (
                  // An organisation code picked from the company's masters by code or name (issue #19).
                  <FieldInput
                    field={spec.field}
                    locale={locale}
                    ariaLabel={fieldLabel(spec.field, locale)}
                    placeholder={t('document:list.all')}
                  />
                ) : spec.control === 'select' ? (
                  <Select
                    allowClear
                    placeholder={t('document:list.all')}
                    style={{ width: 140 }}
                    options={Object.keys(spec.field.codes ?? {}).map((code) => ({
                      value: code,
                      label: codeLabel(spec.field.codes, code, locale),
                    }))}
                  />
                ) : (
                  <Input
                    allowClear
                    style={{ width: 160 }}
                    placeholder={spec.control === 'prefix' ? t('document:list.startsWith') : undefined}
                  />
                )}
              </Form.Item>
            ))}
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit">
                  {t('document:list.search')}
                </Button>
                <Button
                  onClick={() => {
                    // Back to the screen's own filter (e.g. Receiving: shipped notices).
                    form.resetFields();
                    setSelected([]);
                    // The chosen buyer stays: it changes only in its select.
                    setFilter(withBuyer(initialFilter ?? {}, buyer, buyers));
                  }}
                >
                  {t('document:list.reset')}
                </Button>
              </Space>
            </Form.Item>
          </Form>
        </Card>
      )}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the number link is the keyboard way to open a row */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a click on a row opens it, as the link does */}
      <div onClick={onRowClick}>
        <Card>
          <DataTable<DocRecord>
            tableId={tableId ?? `${side}-${def.kind}-list`}
            title={title}
            rowKey="id"
            queryKey={list.queryKey}
            fetchPage={fetchPage}
            emptyText={t('document:list.empty')}
            onExport={() => exportDocuments(def, side, filter)}
            exportable={may(kindCode(def, 'export'))}
            rowSelection={
              bulkActions.length > 0
                ? {
                    selectedRowKeys: selected.map((r) => r.id),
                    onChange: (_keys, rows) => setSelected(rows),
                    getCheckboxProps: (row: DocRecord) => ({
                      'aria-label': t('document:list.selectRow1', { number: String(row[numberField] ?? '') }),
                    }),
                  }
                : undefined
            }
            onPageChange={() => setSelected([])}
            rowClassName={() => 'document-row'}
            extra={
              toolbar || bulkActions.length > 0 || canImport ? (
                <Space wrap size={6}>
                  {toolbar}
                  {canImport && (
                    <ImportDocuments
                      def={def}
                      side={side}
                      onImported={() => client.invalidateQueries({ queryKey: documentKeys.all(def) })}
                    />
                  )}
                  {bulkActions.map(bulkButton)}
                </Space>
              ) : undefined
            }
            columns={columns}
          />
        </Card>
      </div>
    </div>
  );
}
