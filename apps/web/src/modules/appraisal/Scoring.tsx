import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, InputNumber, Spin, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { findMyScoring, KEYS, type ScoringTask, saveScores } from './api.ts';

/** One run's scoring sheet: the suppliers × the caller's items, each an input up to the item's scale. */
function Sheet({ task }: { task: ScoringTask }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const key = (s: string, i: string) => `${s}|${i}`;
  const [values, setValues] = useState<Record<string, number | null>>(() =>
    Object.fromEntries(task.scores.map((s) => [key(s.toElsAccount, s.itemId), s.given])),
  );
  const save = useMutation({
    mutationFn: () =>
      saveScores(
        task.id,
        Object.entries(values)
          .filter(([, v]) => v !== null && v !== undefined)
          .map(([k, v]) => {
            const [toElsAccount, itemId] = k.split('|');
            return { toElsAccount, itemId, score: v as number };
          }),
      ),
    onSuccess: () => {
      message.success(t('appraisal:scoring.saved'));
      void client.invalidateQueries({ queryKey: KEYS.all });
    },
  });
  return (
    <Card
      title={`${task.appraisalNumber} ${task.templateName} (${task.periodFrom} ~ ${dayjs(task.periodTo).subtract(1, 'day').format('YYYY-MM-DD')})`}
      style={{ marginBottom: 16 }}
      extra={
        <Button type="primary" loading={save.isPending} onClick={() => save.mutate()}>
          {t('appraisal:common.save')}
        </Button>
      }
    >
      {task.items.map((i) =>
        i.guidance ? (
          <Typography.Paragraph key={i.itemId} type="secondary">
            {i.itemName}: {i.guidance}
          </Typography.Paragraph>
        ) : null,
      )}
      <Table
        rowKey="toElsAccount"
        size="small"
        pagination={false}
        dataSource={task.suppliers}
        columns={[
          {
            title: t('appraisal:common.supplier'),
            render: (_v, s) => `${s.toElsAccount} ${s.supplierName}`,
          },
          ...task.items.map((i) => ({
            title: `${i.itemName} (${t('appraisal:scoring.max', { max: i.scaleMax ?? 100 })})`,
            render: (_v: unknown, s: { toElsAccount: string; supplierName: string }) => (
              <InputNumber
                aria-label={t('appraisal:scoring.scoreOf', { supplier: s.supplierName, item: i.itemName })}
                min={0}
                max={i.scaleMax ?? 100}
                value={values[key(s.toElsAccount, i.itemId)] ?? null}
                onChange={(v) => setValues((old) => ({ ...old, [key(s.toElsAccount, i.itemId)]: v }))}
              />
            ),
          })),
        ]}
      />
    </Card>
  );
}

/** #/v2/scoring — the runs waiting for the caller's expert scores (only the items assigned to the caller). */
export default function Scoring() {
  const { t } = useTranslation();
  const tasks = useQuery({ queryKey: [...KEYS.all, 'scoring'], queryFn: findMyScoring });
  return (
    <>
      <Typography.Title level={4}>{t('appraisal:scoring.title')}</Typography.Title>
      {tasks.isLoading ? (
        <Spin />
      ) : (tasks.data ?? []).length === 0 ? (
        <Empty description={t('appraisal:scoring.empty')} />
      ) : (
        (tasks.data ?? []).map((task) => <Sheet key={task.id} task={task} />)
      )}
    </>
  );
}
