import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { exportRun, findRun, finishRun, KEYS, printScorecard, type Result } from './api.ts';
import { IssuedSheets } from './IssuedSheets.tsx';
import { ItemTable } from './ItemTable.tsx';
import { bandLabel, GradeTag, ratingLabel, runStatusLabel, useLocale } from './labels.tsx';

const RankingChart = lazy(() => import('./RankingChart.tsx'));

const RATING_COLORS: Record<string, string> = { '0': 'default', '1': 'warning', '2': 'success' };

/** #/v2/runs/detail?id= — a run: each supplier's rating status, total, grade, rank and grade proposal; a row expands into its scorecard. */
export default function RunDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const client = useQueryClient();
  const detail = useQuery({ queryKey: [...KEYS.all, 'run', id], queryFn: () => findRun(id) });
  const finish = useMutation({
    mutationFn: () => finishRun(id, detail.data?.run.version ?? 0),
    onSuccess: () => {
      message.success(t('appraisal:run.finished'));
      void client.invalidateQueries({ queryKey: KEYS.all });
    },
  });
  const ranking = useMemo(
    () =>
      (detail.data?.results ?? [])
        .filter((r) => r.totalScore !== null)
        .map((r) => ({ name: r.supplierName, total: r.totalScore as number, grade: r.grade })),
    [detail.data],
  );
  if (!detail.data) return <Spin />;
  const { run, results, scores, improvements } = detail.data;
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => navigate('/v2/runs')}>{t('appraisal:common.back')}</Button>
        <Button
          onClick={() =>
            exportRun(run.id, `${run.appraisalNumber}.xlsx`).catch((e: Error) => message.error(e.message))
          }
        >
          {t('appraisal:run.export')}
        </Button>
        {run.runStatus === '0' && (
          <Popconfirm title={t('appraisal:run.finishConfirm')} onConfirm={() => finish.mutate()}>
            <Button type="primary" loading={finish.isPending}>
              {t('appraisal:run.finish')}
            </Button>
          </Popconfirm>
        )}
      </Space>
      <Typography.Title level={4}>
        {run.appraisalNumber} {run.templateName}
      </Typography.Title>
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('appraisal:common.period')}>
          {run.periodFrom} ~ {dayjs(run.periodTo).subtract(1, 'day').format('YYYY-MM-DD')}
        </Descriptions.Item>
        <Descriptions.Item label={t('appraisal:common.status')}>
          {runStatusLabel(run.runStatus, locale)}
        </Descriptions.Item>
        <Descriptions.Item label={t('appraisal:run.experts')}>
          {run.experts
            .map(
              (e) =>
                `${run.items.find((i) => i.itemId === e.itemId)?.itemName ?? e.itemId}: ${e.elsSubAccount}`,
            )
            .join(locale === 'en' ? ', ' : '、')}
        </Descriptions.Item>
      </Descriptions>
      {run.runStatus === '1' && ranking.length > 0 && (
        <Suspense fallback={<Spin />}>
          <RankingChart rows={ranking} label={t('appraisal:run.ranking')} />
        </Suspense>
      )}
      <Table<Result>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={results}
        expandable={{
          expandedRowRender: (r) => (
            <ItemTable
              items={run.items}
              scores={scores.filter((s) => s.toElsAccount === r.toElsAccount)}
              showScorer
              runId={run.id}
            />
          ),
        }}
        columns={[
          { title: t('appraisal:run.rank'), dataIndex: 'rankNo' },
          {
            title: t('appraisal:common.supplier'),
            render: (_v, r) => `${r.toElsAccount} ${r.supplierName}`,
          },
          {
            title: t('appraisal:run.ratingStatus'),
            dataIndex: 'ratingStatus',
            render: (s: string) => <Tag color={RATING_COLORS[s]}>{ratingLabel(s, locale)}</Tag>,
          },
          { title: t('appraisal:common.total'), dataIndex: 'totalScore' },
          {
            title: t('appraisal:common.grade'),
            dataIndex: 'grade',
            render: (g: string | null) => <GradeTag grade={g} />,
          },
          {
            title: t('appraisal:common.rankBand'),
            dataIndex: 'rankBand',
            render: (b: string | null) => bandLabel(b, locale),
          },
          {
            title: t('appraisal:run.proposal'),
            render: (_v, r) =>
              r.proposalNote
                ? `${r.proposalNumber ?? ''} ${t(`appraisal:run.notes.${r.proposalNote}`)}`.trim()
                : '',
          },
          { title: t('appraisal:run.comment'), dataIndex: 'supplierComment' },
          {
            title: t('appraisal:run.improvements'),
            render: (_v, r) => (
              <IssuedSheets sheets={improvements.filter((i) => i.toElsAccount === r.toElsAccount)} />
            ),
          },
          {
            title: '',
            render: (_v, r) =>
              r.totalScore === null ? null : (
                <Button
                  size="small"
                  aria-label={`${t('appraisal:run.pdf')} ${r.toElsAccount}`}
                  onClick={() =>
                    printScorecard('purchase', r.id, `${run.appraisalNumber}-${r.toElsAccount}.pdf`).catch(
                      (e: Error) => message.error(e.message),
                    )
                  }
                >
                  PDF
                </Button>
              ),
          },
        ]}
      />
    </>
  );
}
