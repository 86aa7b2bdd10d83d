import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { type CSSProperties, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findMaterials, findSuppliers } from '../lib/master-api.ts';
import { useDebounced } from '../lib/use-debounced.ts';

/** How long a master-data select waits after the last keystroke before it asks the server, in milliseconds. */
export const MASTER_SEARCH_DELAY_MS = 300;
/** How many records one search offers (the first page of the master's list, newest first). */
export const MASTER_SEARCH_LIMIT = 20;
/** The largest page the master-data lists give: the most values one naming call asks for. */
const NAMES_PER_CALL = 100;

/** One option: the value the form keeps and the text the user sees. */
export type MasterOption = { value: string; label: string };

/**
 * Where a master-data select gets its options: `search` answers the first MASTER_SEARCH_LIMIT records
 * matching a keyword ('' = newest first); `name` answers the options of given values (any number, the
 * source splits them into calls), to label values already chosen that no search has shown.
 */
export type MasterSource = {
  key: string;
  search: (keyword: string) => Promise<MasterOption[]>;
  name: (values: string[]) => Promise<MasterOption[]>;
};

/** Calls `page` once per NAMES_PER_CALL values and joins the answers. */
async function inChunks(values: string[], page: (chunk: string[]) => Promise<MasterOption[]>) {
  const chunks: string[][] = [];
  for (let i = 0; i < values.length; i += NAMES_PER_CALL) chunks.push(values.slice(i, i + NAMES_PER_CALL));
  return (await Promise.all(chunks.map(page))).flat();
}

/**
 * The buyer's materials (value: the material id; label "number name"), searched by number prefix or
 * name part (POST /masterdata/PurchaseMaterialService/findPageList, keyword; naming by its `ids` filter).
 * Frozen materials are offered too, as the RFQ and auction pickers always did: sourcing may look for a new
 * source of a material blocked for ordering (the order form refuses it on its own).
 */
export const materialSource: MasterSource = {
  key: 'materials',
  search: async (keyword) =>
    (
      await findMaterials({
        currentPage: 1,
        pageSize: MASTER_SEARCH_LIMIT,
        ...(keyword ? { keyword } : {}),
      })
    ).records.map((m) => ({ value: m.id, label: `${m.materialNumber} ${m.materialName}` })),
  name: (ids) =>
    inChunks(ids, async (chunk) =>
      (await findMaterials({ currentPage: 1, pageSize: NAMES_PER_CALL, ids: chunk })).records.map((m) => ({
        value: m.id,
        label: `${m.materialNumber} ${m.materialName}`,
      })),
    ),
};

/**
 * The buyer's supplier master (value: the supplier's ELS account; label "account full name"), searched by
 * code, account, full or short name (POST /masterdata/PurchaseSupplierService/findPageList, keyword; naming
 * by its `toElsAccounts` filter).
 */
export const supplierSource: MasterSource = {
  key: 'suppliers',
  search: async (keyword) =>
    (
      await findSuppliers({ currentPage: 1, pageSize: MASTER_SEARCH_LIMIT, ...(keyword ? { keyword } : {}) })
    ).records.map((s) => ({ value: s.toElsAccount, label: `${s.toElsAccount} ${s.fullName}` })),
  name: (accounts) =>
    inChunks(accounts, async (chunk) =>
      (await findSuppliers({ currentPage: 1, pageSize: NAMES_PER_CALL, toElsAccounts: chunk })).records.map(
        (s) => ({ value: s.toElsAccount, label: `${s.toElsAccount} ${s.fullName}` }),
      ),
    ),
};

/**
 * The labels of the materials and suppliers a document being edited already holds (value → label), named in
 * one batch per source (not one call per line): from the master ("number name", "account full name"), else
 * as the document recorded them (a material or supplier the master no longer has). The RFQ and the auction
 * edit pages hand them to their selects as `labels`.
 */
export async function chosenLabels(
  lines: ReadonlyArray<Record<string, unknown>>,
  suppliers: ReadonlyArray<{ toElsAccount: string; supplierName: string }>,
): Promise<{ materials: Record<string, string>; suppliers: Record<string, string> }> {
  const materials: Record<string, string> = {};
  for (const l of lines)
    materials[String(l.materialId)] = `${l.materialNumber ?? ''} ${l.materialDesc ?? ''}`.trim();
  const accounts: Record<string, string> = {};
  for (const sup of suppliers) accounts[sup.toElsAccount] = `${sup.toElsAccount} ${sup.supplierName}`;
  const [m, sp] = await Promise.all([
    materialSource.name(Object.keys(materials)),
    supplierSource.name(Object.keys(accounts)),
  ]);
  for (const o of m) materials[o.value] = o.label;
  for (const o of sp) accounts[o.value] = o.label;
  return { materials, suppliers: accounts };
}

type Props = {
  source: MasterSource;
  mode?: 'multiple';
  /** Form.Item value: one value, or the values in 'multiple' mode. */
  value?: string | string[];
  onChange?: (value: string | string[] | undefined) => void;
  id?: string;
  'aria-label'?: string;
  placeholder?: string;
  style?: CSSProperties;
  /** An optional value: a clear button empties it. */
  allowClear?: boolean;
  disabled?: boolean;
  /**
   * Labels the page already knows (value → label), e.g. from the document being edited: values named here
   * are shown at once, without asking the server.
   */
  labels?: Readonly<Record<string, string>>;
};

/**
 * A select of one master-data list that searches the server as the user types (debounced by
 * MASTER_SEARCH_DELAY_MS; the first MASTER_SEARCH_LIMIT matches, so a company with thousands of records can
 * pick any of them). Chosen values keep their labels: from `labels`, from any answer that showed them, else
 * from one naming call for the values still unnamed; a value the master no longer has stays shown bare.
 */
export function MasterSelect({
  source,
  mode,
  value,
  onChange,
  id,
  placeholder,
  style,
  labels,
  allowClear,
  disabled,
  ...rest
}: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), MASTER_SEARCH_DELAY_MS);
  const hits = useQuery({
    queryKey: ['masterSelect', source.key, 'search', search],
    queryFn: () => source.search(search),
    enabled: open,
    staleTime: 30_000,
  });
  // Every label seen so far (given, searched or named): a chosen value keeps its text after a new search.
  const known = useRef(new Map<string, string>());
  for (const [v, l] of Object.entries(labels ?? {})) if (!known.current.has(v)) known.current.set(v, l);
  for (const o of hits.data ?? []) known.current.set(o.value, o.label);
  const chosen = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  const unnamed = chosen.filter((v) => !known.current.has(v)).sort();
  const names = useQuery({
    queryKey: ['masterSelect', source.key, 'names', unnamed],
    queryFn: () => source.name(unnamed),
    enabled: unnamed.length > 0,
    staleTime: 60_000,
  });
  for (const o of names.data ?? []) known.current.set(o.value, o.label);
  // Only results of what is typed now: while the keyword settles, older hits are not offered.
  const settling = keyword.trim() !== search;
  const options = settling ? [] : (hits.data ?? []);
  const busy = open && (hits.isFetching || settling);
  return (
    <Select
      id={id}
      aria-label={rest['aria-label']}
      mode={mode}
      style={style}
      allowClear={allowClear}
      disabled={disabled}
      // One value: a list wide enough for "number name" (the select itself may be narrow).
      popupMatchSelectWidth={mode ? true : 380}
      value={value}
      onChange={onChange}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setKeyword('');
      }}
      onSelect={() => {
        // A pick starts the next search afresh (one value: the list closes).
        setKeyword('');
        if (!mode) setOpen(false);
      }}
      placeholder={placeholder ?? t('common:picker.typeToSearch')}
      showSearch={{ filterOption: false, searchValue: keyword, onSearch: setKeyword }}
      notFoundContent={
        busy ? (
          <span>
            <Spin size="small" /> {t('common:picker.searching')}
          </span>
        ) : (
          t('common:picker.noMatch')
        )
      }
      // At most MASTER_SEARCH_LIMIT options: no virtual list, so each is a real role="option" with its text.
      virtual={false}
      options={options}
      labelRender={({ value: v, label }) => known.current.get(String(v)) ?? label ?? v}
    />
  );
}
