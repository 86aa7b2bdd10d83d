import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Form, Input, Space, Spin, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  commentScorecard,
  findScorecard,
  findScorecards,
  KEYS,
  printScorecard,
  type ScorecardRow,
} from './api.ts';
import { IssuedSheets } from './IssuedSheets.tsx';
import { ItemTable } from './ItemTable.tsx';
import { bandLabel, GradeTag, useLocale } from './labels.tsx';

const period = (from: string, to: string) => `${from} ~ ${dayjs(to).subtract(1, 'day').format('YYYY-MM-DD')}`;

/** #/v2/scorecards?id= — one own scorecard: items and evidence, total, grade, rank band, trend, comment. */
function ScorecardDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const client = useQueryClient();
  const card = useQuery({ queryKey: [...KEYS.all, 'scorecard', id], queryFn: () => findScorecard(id) });
  const [form] = Form.useForm<{ comment: string }>();
  const comment = useMutation({
    mutationFn: (v: { comment: string }) => commentScorecard(id, card.data?.version ?? 0, v.comment),
    onSuccess: () => {
      message.success(t('appraisal:scorecard.commentSaved'));
      void client.invalidateQueries({ queryKey: KEYS.all });
    },
  });
  if (!card.data) return <Spin />;
  const c = card.data;
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => navigate('/v2/scorecards')}>{t('appraisal:common.back')}</Button>
        <Button
          onClick={() =>
            printScorecard('sale', id, `${c.appraisalNumber}.pdf`).catch((e: Error) =>
              message.error(e.message),
            )
          }
        >
          {t('appraisal:run.pdf')}
        </Button>
      </Space>
      <Typography.Title level={4}>
        {t('appraisal:scorecard.detail', { number: c.appraisalNumber })}
      </Typography.Title>
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('appraisal:common.buyer')}>{c.buyerName}</Descriptions.Item>
        <Descriptions.Item label={t('appraisal:common.period')}>
          {period(c.periodFrom, c.periodTo)}
        </Descriptions.Item>
        <Descriptions.Item label={t('appraisal:run.template')}>{c.templateName}</Descriptions.Item>
        <Descriptions.Item label={t('appraisal:common.total')}>{c.totalScore}</Descriptions.Item>
        <Descriptions.Item label={t('appraisal:common.grade')}>
          <GradeTag grade={c.grade} />
        </Descriptions.Item>
        <Descriptions.Item label={t('appraisal:common.rankBand')}>
          {bandLabel(c.rankBand, locale)}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">{t('appraisal:scorecard.evidenceHint')}</Typography.Paragraph>
      <ItemTable items={c.items} scores={c.scores} />
      {c.improvements.length > 0 && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('appraisal:scorecard.improvements')}
          </Typography.Title>
          <IssuedSheets sheets={c.improvements} />
        </>
      )}
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('appraisal:scorecard.trend')}
      </Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={c.trend}
        columns={[
          { title: t('appraisal:common.number'), dataIndex: 'appraisalNumber' },
          { title: t('appraisal:common.period'), render: (_v, r) => period(r.periodFrom, r.periodTo) },
          { title: t('appraisal:common.total'), dataIndex: 'totalScore' },
          {
            title: t('appraisal:common.grade'),
            dataIndex: 'grade',
            render: (g: string | null) => <GradeTag grade={g} />,
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('appraisal:scorecard.comment')}
      </Typography.Title>
      <Form
        form={form}
        initialValues={{ comment: c.supplierComment ?? '' }}
        onFinish={(v) => comment.mutate(v)}
      >
        <Form.Item name="comment" rules={[{ required: true, whitespace: true }]}>
          <Input.TextArea
            aria-label={t('appraisal:scorecard.comment')}
            placeholder={t('appraisal:scorecard.commentPlaceholder')}
            maxLength={1000}
            rows={3}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={comment.isPending}>
          {t('appraisal:scorecard.submitComment')}
        </Button>
      </Form>
    </>
  );
}

/** #/v2/scorecards — the supplier's own scorecards of finished appraisals (each buyer's), newest period first. */
function ScorecardList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [page, setPage] = useState({ currentPage: 1, pageSize: 10 });
  const list = useQuery({ queryKey: [...KEYS.all, 'scorecards', page], queryFn: () => findScorecards(page) });
  const open = (row: ScorecardRow) => navigate(`/v2/scorecards?id=${row.id}`);
  return (
    <>
      <Typography.Title level={4}>{t('appraisal:scorecard.title')}</Typography.Title>
      <Table<ScorecardRow>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.records ?? []}
        onRow={(row) => ({ onDoubleClick: () => open(row) })}
        pagination={{
          current: page.currentPage,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          onChange: (currentPage, pageSize) => setPage({ currentPage, pageSize }),
        }}
        columns={[
          {
            title: t('appraisal:common.number'),
            dataIndex: 'appraisalNumber',
            render: (v: string, row) => (
              <Button type="link" style={{ padding: 0 }} onClick={() => open(row)}>
                {v}
              </Button>
            ),
          },
          { title: t('appraisal:common.buyer'), render: (_v, r) => r.buyerName ?? r.elsAccount },
          { title: t('appraisal:common.period'), render: (_v, r) => period(r.periodFrom, r.periodTo) },
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
        ]}
      />
    </>
  );
}

/** #/v2/scorecards[?id=…]: the list, or one scorecard. */
export default function Scorecards({ id }: { id: string | null }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {id ? <ScorecardDetail id={id} /> : <ScorecardList />}
    </Space>
  );
}
