import { useEffect, useRef } from 'react';

const GRADE_COLORS: Record<string, string> = {
  excellent: '#52c41a',
  good: '#1677ff',
  qualified: '#faad14',
  unqualified: '#ff4d4f',
};

/**
 * The run's ranking: one horizontal bar per supplier (total 0–100, coloured by grade), best at the top.
 * ECharts via echarts/core with only the bar chart and what it needs; this chunk loads with the run page
 * of a finished run, never with the shell or the other appraisal pages.
 */
export default function RankingChart({
  rows,
  label,
}: {
  rows: Array<{ name: string; total: number; grade: string | null }>;
  label: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let chart: { setOption: (o: unknown) => void; dispose: () => void; resize: () => void } | null = null;
    void Promise.all([
      import('echarts/core'),
      import('echarts/charts'),
      import('echarts/components'),
      import('echarts/renderers'),
    ]).then(([core, charts, components, renderers]) => {
      if (disposed || !element.current) return;
      core.use([
        charts.BarChart,
        components.GridComponent,
        components.TooltipComponent,
        renderers.CanvasRenderer,
      ]);
      chart = core.init(element.current);
      const sorted = [...rows].sort((a, b) => a.total - b.total);
      chart.setOption({
        aria: { enabled: true, label: { description: label } },
        tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
        grid: { left: 180, right: 40, top: 10, bottom: 30 },
        xAxis: { type: 'value', min: 0, max: 100 },
        yAxis: { type: 'category', data: sorted.map((r) => r.name) },
        series: [
          {
            type: 'bar',
            label: { show: true, position: 'right' },
            data: sorted.map((r) => ({
              value: r.total,
              itemStyle: { color: GRADE_COLORS[r.grade ?? ''] ?? '#8c8c8c' },
            })),
          },
        ],
      });
    });
    const onResize = () => chart?.resize();
    window.addEventListener('resize', onResize);
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart?.dispose();
    };
  }, [rows, label]);
  return (
    <div
      ref={element}
      style={{ height: Math.max(160, rows.length * 36 + 40), width: '100%' }}
      role="img"
      aria-label={label}
    />
  );
}
