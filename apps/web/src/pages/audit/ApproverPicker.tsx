import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useState } from 'react';
import { call } from '../../lib/http.ts';
import { findRoles } from '../../modules/system/api.ts';
import { parseApprovers } from './audit-rules.ts';

type FuzzyAccount = { elsSubAccount: string; name: string };

/** The company's active buyer accounts matching `keyword` (spec 000 §7 findPageListFuzzy: first page of 10). */
function searchAccounts(keyword: string): Promise<{ records: FuzzyAccount[] }> {
  return call({
    url: '/ElsAccountService/findPageListFuzzy',
    method: 'POST',
    data: { currentPage: 1, pageSize: 10, isDel: 'N', station: 'purchase', ...(keyword ? { keyword } : {}) },
  });
}

/**
 * Approvers of one approval step: sub-accounts found as the admin types (findPageListFuzzy, issue #19) when the
 * step names users, the company's roles when it names roles. Form value: the approvers as one comma-separated
 * string (the form's StepForm shape, parsed by `parseApprovers`); a value typed that no option offers is kept as
 * typed, so the server's own check ("unknown approver") still speaks for it.
 */
export function ApproverPicker({
  value,
  onChange,
  approverType,
  ariaLabel,
  placeholder,
}: {
  value?: string;
  onChange?: (value: string) => void;
  approverType: 'user' | 'role';
  ariaLabel: string;
  placeholder?: string;
}) {
  const [keyword, setKeyword] = useState('');
  const accounts = useQuery({
    queryKey: ['audit', 'approvers', 'accounts', keyword],
    queryFn: () => searchAccounts(keyword),
    enabled: approverType === 'user',
    staleTime: 30_000,
  });
  const roles = useQuery({
    queryKey: ['audit', 'approvers', 'roles'],
    queryFn: findRoles,
    enabled: approverType === 'role',
    staleTime: 60_000,
  });
  const options =
    approverType === 'user'
      ? (accounts.data?.records ?? []).map((a) => ({
          value: a.elsSubAccount,
          label: `${a.name} (${a.elsSubAccount})`,
        }))
      : (roles.data ?? []).map((r) => ({ value: r.roleCode, label: `${r.roleName} (${r.roleCode})` }));
  return (
    <Select
      mode="tags"
      aria-label={ariaLabel}
      placeholder={placeholder}
      style={{ minWidth: 220 }}
      value={parseApprovers(value ?? '')}
      onChange={(next: string[]) => onChange?.(next.join(', '))}
      onSearch={approverType === 'user' ? setKeyword : undefined}
      filterOption={approverType === 'role'}
      loading={approverType === 'user' ? accounts.isFetching : roles.isFetching}
      options={options}
      tokenSeparators={[',', '，', ';', '；', ' ']}
    />
  );
}
