import type { ClauseStanding } from '@srm/contracts/contract-library';
import { useQuery } from '@tanstack/react-query';
import { Alert, Collapse, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { clauseStandings, LIBRARY_KEYS } from './library-api.ts';
import './i18n-contract.ts';

/** The part of `now` that differs from `was`: the common start and end, and the two middles. */
export function middleDiff(was: string, now: string) {
  let start = 0;
  while (start < was.length && start < now.length && was[start] === now[start]) start++;
  let end = 0;
  while (
    end < was.length - start &&
    end < now.length - start &&
    was[was.length - 1 - end] === now[now.length - 1 - end]
  )
    end++;
  return {
    head: was.slice(0, start),
    removed: was.slice(start, was.length - end),
    added: now.slice(start, now.length - end),
    tail: was.slice(was.length - end),
  };
}

/**
 * Above a buyer's contract (issue #36): each library clause with a newer published version ("该条款有新版本"),
 * and each whose text was changed from the template's library text, with the change marked (what the
 * approver reads). `bodies` are the contract's clause texts by line number.
 */
export function ClauseStandings({ id, bodies }: { id: string; bodies: Record<number, string> }) {
  const { t } = useTranslation();
  const standing = useQuery({ queryKey: LIBRARY_KEYS.standing(id), queryFn: () => clauseStandings(id) });
  const rows = (standing.data ?? []).filter((s) => s.newerVersion || s.changed);
  if (rows.length === 0) return null;
  const diff = (s: ClauseStanding) => {
    const d = middleDiff(s.libraryBody, bodies[s.lineNumber] ?? '');
    return (
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        {d.head}
        <del className="contract-diff-removed">{d.removed}</del>
        <ins className="contract-diff-added">{d.added}</ins>
        {d.tail}
      </Typography.Paragraph>
    );
  };
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('contract:standing.title')}
      description={
        <Collapse
          size="small"
          ghost
          items={rows.map((s) => ({
            key: s.lineNumber,
            label: (
              <span>
                {t('contract:standing.line', { line: s.lineNumber, code: s.clauseCode, v: s.clauseVersion })}{' '}
                {s.newerVersion && (
                  <Tag color="blue">{t('contract:standing.newer', { v: s.newerVersion })}</Tag>
                )}
                {s.changed && <Tag color="orange">{t('contract:standing.changed')}</Tag>}
                {s.changed && s.locked === 'Y' && <Tag color="red">{t('contract:standing.locked')}</Tag>}
              </span>
            ),
            children: s.changed ? diff(s) : t('contract:standing.kept'),
          }))}
        />
      }
    />
  );
}
