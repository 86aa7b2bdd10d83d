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
 * The supplier item: a multi-select of the company's supplier master, "ELS account full name", searched on
 * the server as the admin types (debounced, first MASTER_SEARCH_LIMIT matches). Values already saved are
 * named in one call (findSupplierOptionsOf) whether or not a search finds them; an account the master no
 * longer has stays shown as the bare account.
 */
function SupplierPicker({ value, onChange, id, placeholder }: PickerProps) {
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), PICKER_SEARCH_DELAY_MS);
  const hits = useQuery({
    queryKey: [...SYS_KEYS.accounts, 'supplierOptions', search],
    queryFn: () => searchSupplierOptions(search),
    enabled: open,
    staleTime: 30_000,
  });
  // The suppliers saved when the dialog opened, named in one call (not only those on the first page).
  const [saved] = useState(() => value ?? []);
  const savedNames = useQuery({
    queryKey: [...SYS_KEYS.accounts, 'supplierOptionsOf', saved],
    queryFn: () => findSupplierOptionsOf(saved),
    enabled: saved.length > 0,
    staleTime: 30_000,
  });
  // Only results of what is typed now: while the keyword settles, older hits are not offered.
  const settling = keyword.trim() !== search;
  const records = settling ? [] : (hits.data?.records ?? []);
  const names = new Map(
    [...(savedNames.data ?? []), ...records].map((s) => [s.toElsAccount, supplierLabel(s)] as const),
  );
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
      // At most MASTER_SEARCH_LIMIT options: no virtual list, so each is a real role="option" with its text.
      virtual={false}
      options={records.map((s) => ({ value: s.toElsAccount, label: supplierLabel(s) }))}
      // A chosen supplier shows "account name" once any answer named it; the account alone otherwise.
      labelRender={({ value: account, label }) => names.get(String(account)) ?? label ?? account}
    />
  );
}

/**
 * The organisation items (purchase organisation, purchase group, factory, cost centre; issue #19): a
 * multi-select of the company's organisation master of the item's type, "code name", searched on the server
 * as the admin types (debounced; enabled records only, first 50 by code). Saved codes are named in one call
 * (`codes`, whatever their status); a code the master no longer has stays shown as the bare code.
 */
function OrgPicker({ type, value, onChange, id, placeholder }: PickerProps & { type: OrgUnitType }) {
  const locale = useSettings((s) => s.locale);
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const search = useDebounced(keyword.trim(), PICKER_SEARCH_DELAY_MS);
  const hits = useQuery({
    queryKey: [...SYS_KEYS.accounts, 'orgOptions', type, search],
    queryFn: () => findOrgOptions(type, search ? { keyword: search } : {}),
    enabled: open,
    staleTime: 30_000,
  });
  const [saved] = useState(() => value ?? []);
  const savedNames = useQuery({
    queryKey: [...SYS_KEYS.accounts, 'orgOptionsOf', type, saved],
    queryFn: () => findOrgOptions(type, { codes: saved }),
    enabled: saved.length > 0,
    staleTime: 30_000,
  });
  const settling = keyword.trim() !== search;
  // The picker offers enabled records only (a saved disabled one keeps its label below).
  const records = settling ? [] : (hits.data ?? []).filter((o) => o.status === 'enabled');
  const label = (o: OrgUnitOption) => `${o.code} ${orgUnitName(o, locale)}`;
  const names = new Map([...(savedNames.data ?? []), ...records].map((o) => [o.code, label(o)] as const));
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
      virtual={false}
      options={records.map((o) => ({ value: o.code, label: label(o) }))}
      labelRender={({ value: code, label: shown }) => names.get(String(code)) ?? shown ?? code}
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
