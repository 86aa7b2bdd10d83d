import {
  APPRAISAL_DIMENSIONS,
  APPRAISAL_GRADES,
  COMPUTED_METRICS,
  RANK_BANDS,
} from '@srm/contracts/appraisal';
import type { Locale } from '@srm/contracts/constants';
import type { Content } from 'pdfmake/interfaces.js';
import { addDays } from '../../platform/clock.ts';
import { renderPdf } from '../../platform/document/print.ts';
import type { SavedItem } from './tables.ts';

/** What a printed scorecard shows: one supplier in one run (the supplier's own view or the buyer's). */
export type PrintableScorecard = {
  appraisalNumber: string;
  buyerName: string;
  supplierName: string;
  templateName: string;
  periodFrom: string;
  periodTo: string;
  totalScore: number | null;
  grade: string | null;
  rankBand: string | null;
  supplierComment: string | null;
  items: SavedItem[];
  scores: Array<{
    itemId: string;
    rate: number | null;
    value: number | null;
    given: number | null;
    score: number | null;
    evidence?: Array<{ number: string; line?: string; ok: boolean }>;
  }>;
};

const TEXT = {
  title: { zh_cn: '供应商绩效考评表', en: 'Supplier scorecard' },
  buyer: { zh_cn: '采购方', en: 'Buyer' },
  supplier: { zh_cn: '供应商', en: 'Supplier' },
  template: { zh_cn: '考评模板', en: 'Template' },
  period: { zh_cn: '考评期间', en: 'Period' },
  total: { zh_cn: '总分', en: 'Total' },
  grade: { zh_cn: '等级', en: 'Grade' },
  band: { zh_cn: '排名区间', en: 'Rank band' },
  item: { zh_cn: '考评项', en: 'Indicator' },
  dimension: { zh_cn: '维度', en: 'Dimension' },
  weight: { zh_cn: '权重', en: 'Weight' },
  figure: { zh_cn: '计算结果 / 专家评分', en: 'Figure / expert score' },
  score: { zh_cn: '得分', en: 'Score' },
  against: { zh_cn: '扣分依据单据', en: 'Documents that counted against' },
  comment: { zh_cn: '供应商意见', en: 'Supplier comment' },
  none: { zh_cn: '不适用', en: 'Not applicable' },
} as const;

/** Last day of the period (periodTo is exclusive). */
const lastDay = (to: string) => addDays(to, -1);

/**
 * A scorecard as a PDF (kernel pdfmake layout and CJK font): header, the indicators with their figures and
 * weighted scores, the documents that counted against each computed figure (at most 30 each), the comment.
 * Labels in the reader's language.
 */
export function scorecardPdf(card: PrintableScorecard, locale: Locale): Promise<Buffer> {
  const t = (k: keyof typeof TEXT) => TEXT[k][locale];
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
  const scoreOf = (id: string) => card.scores.find((s) => s.itemId === id);
  const figure = (item: SavedItem) => {
    const s = scoreOf(item.itemId);
    if (item.kind === 'manual') return s?.given === null || !s ? '' : `${s.given} / ${item.scaleMax ?? 100}`;
    if (!s || s.rate === null) return t('none');
    return item.metric === 'returnRate' ? pct(s.value ?? 0) : pct(s.rate);
  };
  const pairs: Array<[string, string]> = [
    [t('buyer'), card.buyerName],
    [t('supplier'), card.supplierName],
    [t('template'), card.templateName],
    [t('period'), `${card.periodFrom} ~ ${lastDay(card.periodTo)}`],
    [t('total'), card.totalScore === null ? '' : String(card.totalScore)],
    [
      t('grade'),
      card.grade
        ? (APPRAISAL_GRADES[card.grade as keyof typeof APPRAISAL_GRADES]?.[locale] ?? card.grade)
        : '',
    ],
    [t('band'), card.rankBand ? (RANK_BANDS[card.rankBand as keyof typeof RANK_BANDS]?.[locale] ?? '') : ''],
  ];
  const content: Content[] = [
    { text: `${t('title')} ${card.appraisalNumber}`, fontSize: 14, bold: true, margin: [0, 0, 0, 8] },
    {
      table: { widths: [90, '*'], body: pairs.map(([k, v]) => [{ text: k, bold: true }, v]) },
      layout: 'noBorders',
      margin: [0, 0, 0, 10],
    },
    {
      table: {
        headerRows: 1,
        widths: ['*', 60, 40, 90, 40],
        body: [
          [t('item'), t('dimension'), t('weight'), t('figure'), t('score')].map((text) => ({
            text,
            bold: true,
          })),
          ...card.items.map((i) => [
            i.itemName,
            APPRAISAL_DIMENSIONS[i.dimension]?.[locale] ?? i.dimension,
            `${i.weight}%`,
            figure(i),
            scoreOf(i.itemId)?.score === null || !scoreOf(i.itemId) ? '' : String(scoreOf(i.itemId)?.score),
          ]),
        ],
      },
      margin: [0, 0, 0, 10],
    },
  ];
  const against = card.items
    .filter((i) => i.kind === 'computed')
    .map((i) => ({ i, rows: (scoreOf(i.itemId)?.evidence ?? []).filter((e) => !e.ok).slice(0, 30) }))
    .filter((x) => x.rows.length > 0);
  if (against.length > 0) {
    content.push({ text: t('against'), bold: true, margin: [0, 0, 0, 4] });
    for (const { i, rows } of against)
      content.push({
        text: `${COMPUTED_METRICS[i.metric as keyof typeof COMPUTED_METRICS]?.[locale] ?? i.itemName}: ${rows
          .map((e) => (e.line ? `${e.number}/${e.line}` : e.number))
          .join(', ')}`,
        margin: [0, 0, 0, 4],
      });
  }
  if (card.supplierComment)
    content.push({ text: `${t('comment')}: ${card.supplierComment}`, margin: [0, 8, 0, 0] });
  return renderPdf(content, `${t('title')} ${card.appraisalNumber}`);
}
