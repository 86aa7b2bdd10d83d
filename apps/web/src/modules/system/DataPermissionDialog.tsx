import type { AdminSubaccount } from '@srm/contracts/company-admin';
import { DATA_ITEMS, type DataScope } from '@srm/contracts/data-permission';
import {
  type OrgUnitOption,
  type OrgUnitType,
  orgUnitName,
  orgUnitTypeOfItem,
} from '@srm/contracts/org-master';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Select, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../lib/settings-store.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { findOrgOptions } from '../masterdata/org-api.ts';
import {
  type CategoryNode,
  findCategoryTree,
  findDataPermission,
  findSupplierOptionsOf,
  type SupplierOption,
  SYS_KEYS,
  saveDataPermission,
  searchSupplierOptions,
} from './api.ts';

/** How long a picker waits after the last keystroke before it asks the server, in milliseconds. */
export const PICKER_SEARCH_DELAY_MS = 300;

type PickerProps = {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  placeholder: string;
};

/** "ELS account full name", as the supplier pickers show a supplier. */
const supplierLabel = (s: SupplierOption) => `${s.toElsAccount} ${s.fullName}`;

/** What a picker's list shows without options: "searching" while an answer is awaited, else "no match". */
function NoOptions({ busy }: { busy: boolean }) {
  const { t } = useTranslation();
  return busy ? (
    <span>
      <Spin size="small" /> {t('companyAdmin:dataPermission.searching')}
    </span>
  ) : (
    t('companyAdmin:dataPermission.noMatch')
  );
}

/**
 * A multi-select of a master searched on the server as the admin types (debounced): the items offered are
 * the current keyword's hits (`offered` filters them), values already saved are named in one call
 * (`named`) whether or not a search finds them, and a value the master no longer has stays shown bare.
 */
function MasterSearchPicker<T>({
  value,
  onChange,
  id,
  placeholder,
  cacheKey,
  search: searchFor,
  named,
  keyOf,
  labelOf,
  offered = () => true,
}: PickerProps & {
  /** The queries' key (per master and type). */
  cacheKey: readonly unknown[];
  search: (keyword: string) => Promise<T[]>;
  named: (values: string[]) => Promise<T[]>;
  keyOf: (item: T) => string;
  labelOf: (item: T) => string;
  offered?: (item: T) => boolean;
}) {
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), PICKER_SEARCH_DELAY_MS);
  const hits = useQuery({
    queryKey: [...SYS_KEYS.accounts, ...cacheKey, 'search', search],
    queryFn: () => searchFor(search),
    enabled: open,
    staleTime: 30_000,
  });
  // The values saved when the dialog opened, named in one call (not only those on the first page).
  const [saved] = useState(() => value ?? []);
  const savedNames = useQuery({
    queryKey: [...SYS_KEYS.accounts, ...cacheKey, 'named', saved],
    queryFn: () => named(saved),
    enabled: saved.length > 0,
    staleTime: 30_000,
  });
  // Only results of what is typed now: while the keyword settles, older hits are not offered.
  const settling = keyword.trim() !== search;
  const records = settling ? [] : (hits.data ?? []).filter(offered);
  const names = new Map([...(savedNames.data ?? []), ...records].map((r) => [keyOf(r), labelOf(r)] as const));
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setKeyword('');
      }}
      placeholder={placeholder}
      showSearch={{ filterOption: false, searchValue: keyword, onSearch: setKeyword }}
      notFoundContent={<NoOptions busy={open && (hits.isFetching || settling)} />}
      // At most a page of options: no virtual list, so each is a real role="option" with its text.
      virtual={false}
      options={records.map((r) => ({ value: keyOf(r), label: labelOf(r) }))}
      // A chosen value shows its label once any answer named it; the bare value otherwise.
      labelRender={({ value: key, label }) => names.get(String(key)) ?? label ?? key}
    />
  );
}

/**
 * The supplier item: the company's supplier master, "ELS account full name" (first MASTER_SEARCH_LIMIT
 * matches; saved accounts named by findSupplierOptionsOf).
 */
function SupplierPicker(props: PickerProps) {
  return (
    <MasterSearchPicker<SupplierOption>
      {...props}
      cacheKey={['supplierOptions']}
      search={async (keyword) => (await searchSupplierOptions(keyword)).records}
      named={findSupplierOptionsOf}
      keyOf={(s) => s.toElsAccount}
      labelOf={supplierLabel}
    />
  );
}

/**
 * The organisation items (purchase organisation, purchase group, factory, cost centre; issue #19): the
 * company's organisation master of the item's type, "code name" (enabled records only, first 50 by code;
 * saved codes named in one call whatever their status).
 */
function OrgPicker({ type, ...props }: PickerProps & { type: OrgUnitType }) {
  const locale = useSettings((s) => s.locale);
  return (
    <MasterSearchPicker<OrgUnitOption>
      {...props}
      cacheKey={['orgOptions', type]}
      search={(keyword) => findOrgOptions(type, keyword ? { keyword } : {})}
      named={(codes) => findOrgOptions(type, { codes })}
      keyOf={(o) => o.code}
      labelOf={(o) => `${o.code} ${orgUnitName(o, locale)}`}
      offered={(o) => o.status === 'enabled'}
    />
  );
}

/** The tree's categories in order, each as "code name" (levels indented by the tree's own order). */
function flattenCategories(nodes: CategoryNode[]): Array<{ value: string; label: string }> {
  return nodes.flatMap((n) => [
    { value: n.cateCode, label: `${n.cateCode} ${n.cateName}` },
    ...flattenCategories(n.children ?? []),
  ]);
}

/**
 * The material-category item: a multi-select of the company's categories, "code name". The server offers
 * categories only as the whole tree (at most 3 levels, PurchaseMaterialCateService/tree, no search), so it is
 * loaded once when the select first opens and searched in the browser. Saved codes no longer in the tree
 * stay shown with the code as label.
 */
function CategoryPicker({ value, onChange, id, placeholder }: PickerProps) {
  const [opened, setOpened] = useState(false);
  const tree = useQuery({
    queryKey: [...SYS_KEYS.accounts, 'categoryOptions'],
    queryFn: findCategoryTree,
    enabled: opened || (value?.length ?? 0) > 0,
    staleTime: 60_000,
  });
  const options = useMemo(() => flattenCategories(tree.data ?? []), [tree.data]);
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      onOpenChange={(next) => next && setOpened(true)}
      placeholder={placeholder}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent={<NoOptions busy={tree.isFetching} />}
      options={options}
    />
  );
}

/**
 * The data permissions of a sub-account (issue #19): per item (purchase organisation, purchase group,
 * factory, material category, supplier, cost centre) the codes the user's buyer-side documents must carry;
 * an empty item means all. Every item is picked from the company's master data (suppliers, material
 * categories, and the organisation master of the other four: issue #19). Saves { item: codes[] } for every
 * item. Company admins only (the server refuses others).
 */
export function DataPermissionDialog({
  account,
  onClose,
}: {
  account: AdminSubaccount;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<DataScope>();
  const current = useQuery({
    queryKey: [...SYS_KEYS.accounts, 'dataPermission', account.id],
    queryFn: () => findDataPermission(account.id),
    gcTime: 0,
  });
  const save = useMutation({
    mutationFn: (items: DataScope) => saveDataPermission(account.id, items),
    onSuccess: () => {
      void message.success(t('companyAdmin:dataPermission.saved'));
      onClose();
    },
  });
  const all = t('companyAdmin:dataPermission.all');
  return (
    <Modal
      open
      title={t('companyAdmin:dataPermission.title', { name: account.name })}
      okText={t('companyAdmin:common.save')}
      cancelText={t('companyAdmin:common.cancel')}
      confirmLoading={save.isPending}
      okButtonProps={{ disabled: !current.data }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('companyAdmin:dataPermission.hint')}</Typography.Paragraph>
      {current.data && (
        <Form<DataScope>
          form={form}
          layout="vertical"
          initialValues={current.data.items}
          onFinish={(values) =>
            save.mutate(
              Object.fromEntries(
                DATA_ITEMS.map((item) => [item, (values[item] ?? []).map((v) => v.trim()).filter(Boolean)]),
              ),
            )
          }
        >
          {DATA_ITEMS.map((item) => (
            <Form.Item key={item} name={item} label={t(`companyAdmin:dataPermission.items.${item}`)}>
              {item === 'supplier' ? (
                <SupplierPicker placeholder={all} />
              ) : item === 'materialCategory' ? (
                <CategoryPicker placeholder={all} />
              ) : (
                <OrgPicker type={orgUnitTypeOfItem(item) as OrgUnitType} placeholder={all} />
              )}
            </Form.Item>
          ))}
        </Form>
      )}
    </Modal>
  );
}
