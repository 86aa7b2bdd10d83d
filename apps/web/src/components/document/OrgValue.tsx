import type { OrgUnitType } from '@srm/contracts/org-master';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { orgUnitSource } from '../org-unit-source.ts';

/**
 * An organisation code of a document as "code name" (issue #19: details name organisations, as forms pick
 * them): named through the company's org masters (POST /masterdata/{service}/findOptions with the code,
 * whatever its status); the bare code while loading, when the masters do not hold it, or when they cannot
 * be read.
 */
export function OrgValue({ type, code, locale }: { type: OrgUnitType; code: string; locale: string }) {
  const source = useMemo(() => orgUnitSource(type, locale), [type, locale]);
  const named = useQuery({
    queryKey: ['orgName', source.key, code],
    queryFn: () => source.name([code]),
    staleTime: 5 * 60_000,
  });
  return <>{named.data?.find((o) => o.value === code)?.label ?? code}</>;
}
