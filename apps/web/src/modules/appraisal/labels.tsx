import {
  APPRAISAL_DIMENSIONS,
  APPRAISAL_GRADES,
  COMPUTED_METRICS,
  EVIDENCE_FIELDS,
  type EvidenceField,
  RANK_BANDS,
  RATING_STATUS,
  RUN_STATUS,
  TEMPLATE_STATUS,
} from '@srm/contracts/appraisal';
import type { Locale } from '@srm/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Table, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-store.ts';
import { useSettings } from '../../lib/settings-store.ts';
import { findRunEvidence, type Score } from './api.ts';
import type { Evidence, SavedTemplateItem } from './types.ts';

/** The interface language (zh_cn | en) for the contracts' labels. */
export function useLocale(): Locale {
  return useSettings((s) => s.locale);
}

/** The caller's side: buyers appraise, suppliers read their scorecards. */
export function useIsSupplier(): boolean {
  return useAuth((s) => s.userInfo?.station === 'sale');
}

type Dict = Record<string, Record<Locale, string>>;
const pick = (dict: Dict, key: string | null | undefined, locale: Locale) =>
  key ? (dict[key]?.[locale] ?? key) : '';

export const dimensionLabel = (k: string, l: Locale) => pick(APPRAISAL_DIMENSIONS, k, l);
export const metricLabel = (k: string | undefined, l: Locale) => pick(COMPUTED_METRICS, k, l);
export const gradeLabel = (k: string | null, l: Locale) => pick(APPRAISAL_GRADES, k, l);
export const bandLabel = (k: string | null, l: Locale) => pick(RANK_BANDS, k, l);
export const templateStatusLabel = (k: string, l: Locale) => pick(TEMPLATE_STATUS, k, l);
export const runStatusLabel = (k: string, l: Locale) => pick(RUN_STATUS, k, l);
export const ratingLabel = (k: string, l: Locale) => pick(RATING_STATUS, k, l);

const GRADE_COLORS: Record<string, string> = {
  excellent: 'green',
  good: 'blue',
  qualified: 'gold',
  unqualified: 'red',
};
export function GradeTag({ grade }: { grade: string | null }) {
  const locale = useLocale();
  if (!grade) return null;
  return <Tag color={GRADE_COLORS[grade]}>{gradeLabel(grade, locale)}</Tag>;
}

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

/** The computed figure as shown: a rate in percent (the return rate as returned share), with hours or money. */
export function figureText(item: SavedTemplateItem, score: Score | undefined, t: TFunction) {
  if (!score || score.rate === null) return t('appraisal:run.notApplicable');
  if (item.metric === 'returnRate')
    return `${pct(score.value ?? 0)} (${t('appraisal:run.returned', { amount: score.amount ?? '0' })})`;
  if (item.metric === 'responsiveness' && score.value !== null)
    return `${pct(score.rate)} (${t('appraisal:run.avgHours', { hours: score.value })})`;
  return pct(score.rate);
}

/** A computed figure as a link: a click shows the documents behind it (issue #17 "evidence"). */
export function EvidenceLink({
  item,
  score,
  runId,
}: {
  item: SavedTemplateItem;
  score: Score | undefined;
  /** The buyer's run, whose figures carry no evidence: it is loaded when the dialog opens. */
  runId?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const loaded = useQuery({
    queryKey: ['appraisal', 'evidence', runId, score?.toElsAccount, item.itemId],
    queryFn: () => findRunEvidence(runId ?? '', score?.toElsAccount ?? '', item.itemId),
    enabled: open && !score?.evidence && Boolean(runId && score),
    staleTime: 60_000,
  });
  const text = figureText(item, score, t);
  if (!score || (score.rate === null && (score.evidence?.length ?? score.evidenceCount) === 0))
    return <span>{text}</span>;
  const evidence = score.evidence ?? loaded.data ?? [];
  // In EVIDENCE_FIELDS order (the stored JSON object keeps its keys in its own order).
  const keys = (Object.keys(EVIDENCE_FIELDS) as EvidenceField[]).filter((k) =>
    evidence.some((e) => e.values[k] !== undefined),
  );
  return (
    <>
      <Button type="link" style={{ padding: 0 }} onClick={() => setOpen(true)}>
        {text}
      </Button>
      <Modal
        open={open}
        width={760}
        title={t('appraisal:run.evidenceTitle', { item: item.itemName })}
        onCancel={() => setOpen(false)}
        footer={null}
      >
        <p>{COMPUTED_METRICS[item.metric as keyof typeof COMPUTED_METRICS]?.rule[locale]}</p>
        <Table<Evidence & { key: number }>
          size="small"
          pagination={{ pageSize: 10 }}
          locale={{ emptyText: t('appraisal:run.noEvidence') }}
          loading={loaded.isFetching}
          dataSource={evidence.map((e, key) => ({ ...e, key }))}
          rowClassName={(e) => (e.ok ? '' : 'appraisal-evidence-bad')}
          columns={[
            { title: t('appraisal:common.number'), dataIndex: 'number' },
            { title: '#', dataIndex: 'line' },
            ...keys.map((k) => ({
              title: EVIDENCE_FIELDS[k][locale],
              render: (_: unknown, e: Evidence) => e.values[k] ?? '',
            })),
            {
              title: t('appraisal:common.status'),
              render: (_: unknown, e: Evidence) =>
                e.ok ? <Tag color="green">✓</Tag> : <Tag color="red">✗</Tag>,
            },
          ]}
        />
      </Modal>
    </>
  );
}
