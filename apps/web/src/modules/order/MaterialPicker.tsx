import { useQuery } from '@tanstack/react-query';
import { AutoComplete, Spin } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../lib/use-debounced.ts';
import { findMaterials, type Material } from '../masterdata/api.ts';
import { ORDER_KEYS } from './api.ts';
import { materialOptionLabel } from './rules.ts';

/** How long the picker waits after the last keystroke before it searches, in milliseconds. */
export const MATERIAL_SEARCH_DELAY_MS = 300;
/** How many materials one search shows (the first page of the master's list). */
export const MATERIAL_SEARCH_LIMIT = 20;

export { useDebounced };

type Props = {
  /** The line's material number (Form.Item value). */
  value?: string;
  /** The text in the field, typed or the number of a picked material (Form.Item). */
  onChange?: (value: string) => void;
  /** The user typed (not called for a pick): the line no longer stands for a picked material. */
  onTyped?: (text: string) => void;
  /** A material of the master was picked. */
  onPick: (material: Material) => void;
  'aria-label': string;
  status?: '' | 'error' | 'warning';
  id?: string;
};

/**
 * The material number of an order line: typing searches the material master (number prefix or name,
 * debounced, first 20 unfrozen materials) and offers "number — name"; picking one hands the material to
 * `onPick`. Free typing of a number stays possible, as before the picker.
 */
export function MaterialPicker({ value, onChange, onTyped, onPick, status, id, ...rest }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), MATERIAL_SEARCH_DELAY_MS);
  const hits = useQuery({
    queryKey: [...ORDER_KEYS.all, 'materialPicker', search],
    queryFn: () =>
      findMaterials({
        currentPage: 1,
        pageSize: MATERIAL_SEARCH_LIMIT,
        isFreeze: 'N',
        ...(search ? { keyword: search } : {}),
      }),
    enabled: open,
    staleTime: 30_000,
  });
  // Only results of what is typed now: while the keyword settles, the previous hits are not offered.
  const settling = keyword.trim() !== search;
  const records = settling ? [] : (hits.data?.records ?? []);
  const waiting = open && (hits.isFetching || settling);
  // Every material offered so far, by number: a pick resolves even if a newer search re-rendered the list.
  const offered = useRef(new Map<string, Material>());
  for (const m of records) offered.current.set(m.materialNumber, m);

  return (
    <AutoComplete
      id={id}
      aria-label={rest['aria-label']}
      value={value}
      status={status}
      open={open}
      onOpenChange={setOpen}
      placeholder={t('order:edit.materialSearch')}
      popupMatchSelectWidth={380}
      showSearch={{
        filterOption: false,
        onSearch: (text) => {
          setKeyword(text);
          setOpen(true);
          onTyped?.(text);
        },
      }}
      onFocus={() => {
        // Reopening a filled picker searches for what it holds.
        setKeyword(value ?? '');
        setOpen(true);
      }}
      onChange={(text) => onChange?.(String(text ?? ''))}
      onSelect={(number: string) => {
        const material = offered.current.get(number);
        if (material) onPick(material);
        setOpen(false);
      }}
      notFoundContent={
        waiting ? (
          <span className="material-picker-empty">
            <Spin size="small" /> {t('order:edit.searching')}
          </span>
        ) : (
          <span className="material-picker-empty">{t('order:edit.noMaterial')}</span>
        )
      }
      // At most 20 options: no virtual list, so each option is a real role="option" with its text.
      virtual={false}
      options={records.map((m) => ({ value: m.materialNumber, label: materialOptionLabel(m) }))}
    />
  );
}
