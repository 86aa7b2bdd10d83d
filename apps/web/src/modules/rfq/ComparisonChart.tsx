import { useEffect, useRef } from 'react';
import type { Comparison } from './api.ts';

/**
 * One comparison line as a bar chart (issue #13 "a chart per line"): each supplier's unit price excl. tax
 * for the line's quantity, lowest in green, highest in red, the last price-master price as a dashed line.
 * ECharts via echarts/core with only the bar chart and what it needs; this chunk loads when a buyer opens
 * a chart, never with the RFQ list or the shell.
 */
export default function ComparisonChart({
  line,
  label,
  lastPriceLabel,
}: {
  line: Comparison['lines'][number];
  label: string;
  lastPriceLabel: string;
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
        components.MarkLineComponent,
        components.AriaComponent,
        renderers.CanvasRenderer,
      ]);
      chart = core.init(element.current);
      const quoted = line.quotes.filter((q) => q.priceExcludingTax !== null);
      chart.setOption({
        aria: { enabled: true, label: { description: label } },
        tooltip: { trigger: 'axis' },
        grid: { left: 60, right: 20, top: 20, bottom: 50 },
        xAxis: {
          type: 'category',
          data: quoted.map((q) => `${q.toElsAccount}\n${q.supplierName.slice(0, 10)}`),
        },
        // From zero: bars compare honestly.
        yAxis: { type: 'value' },
        series: [
          {
            type: 'bar',
            barMaxWidth: 40,
            data: quoted.map((q) => ({
              value: Number(q.priceExcludingTax),
              itemStyle: { color: q.lowest ? '#389e0d' : q.highest ? '#cf1322' : '#1677ff' },
            })),
            ...(line.lastPrice
              ? {
                  markLine: {
                    symbol: 'none',
                    lineStyle: { type: 'dashed' },
                    label: { formatter: `${lastPriceLabel} {c}` },
                    data: [{ yAxis: Number(line.lastPrice) }],
                  },
                }
              : {}),
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
  }, [line, label, lastPriceLabel]);
  return <div ref={element} style={{ height: 240, width: '100%' }} role="img" aria-label={label} />;
}
