import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Score } from './api.ts';
import { dimensionLabel, EvidenceLink, useLocale } from './labels.tsx';
import type { SavedTemplateItem } from './types.ts';

/** One supplier's indicators: dimension, weight, the computed figure (a click shows its evidence) or the expert's score, the weighted score. */
export function ItemTable({
  items,
  scores,
  showScorer = false,
  runId,
}: {
  items: SavedTemplateItem[];
  scores: Score[];
  showScorer?: boolean;
  /** The buyer's run: a figure's evidence is loaded from it when opened (the supplier's scorecard carries it). */
  runId?: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const scoreOf = (itemId: string) => scores.find((s) => s.itemId === itemId);
  return (
    <Table<SavedTemplateItem>
      rowKey="itemId"
      size="small"
      pagination={false}
      dataSource={items}
      columns={[
        { title: t('appraisal:run.item'), dataIndex: 'itemName' },
        {
          title: t('appraisal:run.dimension'),
          dataIndex: 'dimension',
          render: (d: string) => dimensionLabel(d, locale),
        },
        { title: t('appraisal:run.weight'), dataIndex: 'weight', render: (w: number) => `${w}%` },
        {
          title: t('appraisal:run.figure'),
          render: (_v, item) =>
            item.kind === 'computed' ? (
              <EvidenceLink item={item} score={scoreOf(item.itemId)} runId={runId} />
            ) : (
              <span>
                {scoreOf(item.itemId)?.given ?? t('appraisal:common.none')} / {item.scaleMax ?? 100}
              </span>
            ),
        },
        {
          title: t('appraisal:run.score'),
          render: (_v, item) => scoreOf(item.itemId)?.score ?? t('appraisal:common.none'),
        },
        ...(showScorer
          ? [
              {
                title: t('appraisal:run.scorer'),
                render: (_v: unknown, item: SavedTemplateItem) => scoreOf(item.itemId)?.scorer ?? '',
              },
            ]
          : []),
      ]}
    />
  );
}
