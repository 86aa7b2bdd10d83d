import { DEFAULT_PAGE_SIZE, LIST_OFFSET_WINDOW_ROWS, PAGE_SIZES } from '@srm/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Popover, Space, Table, type TableProps, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-store.ts';
import { ApiError, errorText } from '../../lib/http.ts';
import { SettingOutlined } from '../icons.tsx';
import { ArrowDownOutlined, ArrowUpOutlined, DownloadOutlined } from '../page-icons.tsx';
import '../../lib/i18n-portal.ts';
import type { Page } from '../../lib/message-api.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { saveTableConfigOf, tableConfigOf } from '../../lib/table-configs.ts';
import {
  type ColumnState,
  exportFileName,
  mergeColumnConfig,
  moveColumn,
  parseColumnConfig,
  toColumnConfig,
} from './column-config.ts';
import './data-table.css';
import { MeasureInert, measureSafeSelection } from './measure-inert.tsx';
import { namedSelection } from './named-selection.ts';
import { useKeyboardScrollable } from './use-keyboard-scrollable.ts';

/** A column of the data table: label, how to show a cell, and what to write in the Excel export. */
export type DataColumn<T> = {
  key: string;
  title: string;
  dataIndex?: string;
  width?: number;
  ellipsis?: boolean;
  render?: (value: unknown, row: T, index: number) => ReactNode;
  /** Text written to Excel; default: the raw field value. */
  exportValue?: (row: T) => string | number | null | undefined;
};

export type Paging = { currentPage: number; pageSize: number };

type Props<T> = {
  /** Personal table config type and export file prefix, e.g. 'messageCenter'. */
  tableId: string;
  columns: DataColumn<T>[];
  rowKey: string;
  /** Identifies the current filter; a change goes back to page 1. Prefix it to share invalidation. */
  queryKey: readonly unknown[];
  fetchPage: (paging: Paging) => Promise<Page<T>>;
  title?: ReactNode;
  extra?: ReactNode;
  emptyText?: string;
  rowSelection?: TableProps<T>['rowSelection'];
  /**
   * What names a row for its selection checkbox ("Select {name}", issue #32): its document number, a
   * message's title. Default: the `rowKey` field.
   */
  rowName?: (row: T) => string;
  expandable?: TableProps<T>['expandable'];
  rowClassName?: TableProps<T>['rowClassName'];
  /** Called with the current page (e.g. to clear a selection on paging). */
  onPageChange?: () => void;
  /** Replaces the built-in Excel export (e.g. a server-side export of the whole filter). */
  onExport?: () => Promise<void>;
  /** Shows the export button (default true; false when the caller's roles lack the export, issue #19). */
  exportable?: boolean;
};

const EXPORT_PAGE_SIZE = 100;
const EXPORT_MAX_PAGES = 100;

function cellValue(row: unknown, path: string): unknown {
  return (row as Record<string, unknown> | null)?.[path];
}

/**
 * The user's column layout for one table: read from the table lists loaded on start (lib/table-configs.ts,
 * spec 000 §2), saved through ElsLayoutConfigService ('409' on a stale version → reread, retry once).
 */
function useColumnLayout(tableId: string, keys: string[]) {
  const user = useAuth((s) => s.userInfo);
  const [states, setStates] = useState<ColumnState[]>(() => mergeColumnConfig(keys, null));
  const keySig = keys.join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: keys are compared by their signature
  useEffect(() => {
    if (!user) return;
    let cancelled = false;
    tableConfigOf(user, tableId)
      .then((row) => {
        if (!cancelled) setStates(mergeColumnConfig(keys, parseColumnConfig(row?.configJson)));
      })
      .catch((e) => console.error('table config', e));
    return () => {
      cancelled = true;
    };
  }, [user?.elsAccount, user?.elsSubAccount, tableId, keySig]);

  async function save(next: ColumnState[]) {
    setStates(next);
    if (!user) return;
    await saveTableConfigOf(
      user,
      tableId,
      toColumnConfig(next),
      (e) => e instanceof ApiError && e.code === '409',
    );
  }
  return { states, save };
}

/**
 * The one list component of the portal (issue #3): server paging with pager sizes 10–100 (default 10,
 * pager count 7), the top bar's row density, per-user column show/hide/order saved through
 * ElsLayoutConfigService, and Excel export of every row of the current filter (exceljs, lazy).
 */
export function DataTable<T extends object>(props: Props<T>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const density = useSettings((s) => s.columnHeight);
  // A table wider than its box scrolls: reachable from the keyboard, named by the title (issue #19).
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useKeyboardScrollable(() => box.current, props.title ? titleId : undefined);
  const [paging, setPaging] = useState<Paging>({ currentPage: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [exporting, setExporting] = useState(false);
  const filterSig = JSON.stringify(props.queryKey);
  const keys = props.columns.map((c) => c.key);
  const layout = useColumnLayout(props.tableId, keys);

  // A new filter starts again at page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is compared by its signature
  useEffect(() => {
    setPaging((p) => (p.currentPage === 1 ? p : { ...p, currentPage: 1 }));
  }, [filterSig]);

  const list = useQuery({
    queryKey: [...props.queryKey, paging],
    queryFn: () => props.fetchPage(paging),
    placeholderData: (previous) => previous,
  });

  const byKey = useMemo(() => new Map(props.columns.map((c) => [c.key, c])), [props.columns]);
  const visible = layout.states.filter((s) => s.visible).flatMap((s) => byKey.get(s.key) ?? []);

  const antColumns: ColumnsType<T> = visible.map((c) => ({
    key: c.key,
    dataIndex: c.dataIndex ?? c.key,
    title: <MeasureInert>{c.title}</MeasureInert>,
    width: c.width,
    ellipsis: c.ellipsis,
    render: c.render,
  }));

  async function exportAll() {
    setExporting(true);
    if (props.onExport) {
      try {
        await props.onExport();
      } catch (e) {
        void message.error(`${t('portal:table.exportFailed')} ${errorText(e)}`);
      } finally {
        setExporting(false);
      }
      return;
    }
    try {
      const rows: T[] = [];
      for (let page = 1; page <= EXPORT_MAX_PAGES; page++) {
        const res = await props.fetchPage({ currentPage: page, pageSize: EXPORT_PAGE_SIZE });
        rows.push(...res.records);
        if (res.records.length < EXPORT_PAGE_SIZE || rows.length >= res.total) break;
      }
      const { downloadXlsx } = await import('./export-excel.ts');
      await downloadXlsx(
        exportFileName(props.tableId, new Date()),
        props.tableId,
        visible.map((c) => ({ header: c.title, width: c.width })),
        rows.map((row) =>
          visible.map((c) => {
            const v = c.exportValue ? c.exportValue(row) : cellValue(row, c.dataIndex ?? c.key);
            return v === undefined || v === null ? null : typeof v === 'number' ? v : String(v);
          }),
        ),
      );
      void message.success(t('portal:table.exported', { count: rows.length }));
    } catch (e) {
      void message.error(`${t('portal:table.exportFailed')} ${errorText(e)}`);
    } finally {
      setExporting(false);
    }
  }

  const columnPanel = (
    <ul className="dt-columns" aria-label={t('portal:table.columns')}>
      {layout.states.map((s, i) => {
        const col = byKey.get(s.key);
        if (!col) return null;
        const onlyVisible = s.visible && layout.states.filter((x) => x.visible).length === 1;
        return (
          <li key={s.key}>
            <Checkbox
              checked={s.visible}
              disabled={onlyVisible}
              onChange={(e) =>
                void layout
                  .save(layout.states.map((x) => (x.key === s.key ? { ...x, visible: e.target.checked } : x)))
                  .catch((err) => void message.error(errorText(err)))
              }
            >
              {col.title}
            </Checkbox>
            <Space size={0}>
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                aria-label={t('portal:table.moveUp', { name: col.title })}
                disabled={i === 0}
                onClick={() =>
                  void layout
                    .save(moveColumn(layout.states, i, -1))
                    .catch((err) => void message.error(errorText(err)))
                }
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                aria-label={t('portal:table.moveDown', { name: col.title })}
                disabled={i === layout.states.length - 1}
                onClick={() =>
                  void layout
                    .save(moveColumn(layout.states, i, 1))
                    .catch((err) => void message.error(errorText(err)))
                }
              />
            </Space>
          </li>
        );
      })}
      <li>
        <Button
          size="small"
          onClick={() =>
            void layout
              .save(keys.map((key) => ({ key, visible: true })))
              .catch((err) => void message.error(errorText(err)))
          }
        >
          {t('portal:table.resetColumns')}
        </Button>
      </li>
    </ul>
  );

  const data = list.data;
  return (
    <div className="data-table" ref={box}>
      <div className="dt-toolbar">
        <div className="dt-title" id={props.title ? titleId : undefined}>
          {props.title}
        </div>
        <Space wrap>
          {props.extra}
          {props.exportable !== false && (
            <Tooltip title={t('portal:table.exportHint')}>
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportAll()}>
                {t('portal:table.export')}
              </Button>
            </Tooltip>
          )}
          <Popover
            trigger="click"
            placement="bottomRight"
            title={t('portal:table.columns')}
            content={columnPanel}
          >
            <Button icon={<SettingOutlined />}>{t('portal:table.columns')}</Button>
          </Popover>
        </Space>
      </div>
      {list.isError && (
        <div role="alert" className="dt-error">
          {errorText(list.error)}
        </div>
      )}
      <Table<T>
        className={`dt-table dt-${density}`}
        rowKey={props.rowKey}
        size={density === 'medium' ? 'middle' : 'small'}
        loading={list.isFetching}
        dataSource={data?.records ?? []}
        columns={antColumns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: props.emptyText ?? t('portal:table.empty') }}
        rowSelection={measureSafeSelection(
          namedSelection(
            props.rowSelection,
            props.rowName ?? ((row) => String(cellValue(row, props.rowKey) ?? '')),
            (name) => t('portal:table.selectRow', { name }),
          ),
        )}
        expandable={props.expandable}
        rowClassName={props.rowClassName}
        pagination={{
          current: paging.currentPage,
          pageSize: paging.pageSize,
          // An estimated total (millions of rows): page numbers stop at the offset window; the API's
          // nextCursor reads deeper (issue #5).
          total:
            data?.totalExact === false ? Math.min(data.total, LIST_OFFSET_WINDOW_ROWS) : (data?.total ?? 0),
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showLessItems: false,
          showTotal: (total) =>
            data?.totalExact === false
              ? `${t('portal:table.totalAbout', { total: data.total.toLocaleString() })}${
                  data.total > LIST_OFFSET_WINDOW_ROWS
                    ? ` · ${t('portal:table.windowHint', { rows: LIST_OFFSET_WINDOW_ROWS.toLocaleString() })}`
                    : ''
                }`
              : t('portal:table.total', { total }),
          onChange: (currentPage, pageSize) => {
            setPaging({ currentPage: pageSize === paging.pageSize ? currentPage : 1, pageSize });
            props.onPageChange?.();
          },
        }}
      />
    </div>
  );
}
