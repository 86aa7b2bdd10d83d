import { useEffect, useRef } from 'react';
import type { Console } from './api.ts';

/**
 * Offers over time, one line per supplier (ECharts via echarts/core, only the line chart and what it
 * needs; this chunk loads with the console, never with the shell). Prices as offered, times local. It
 * follows its box's width (a ResizeObserver: the console's columns change with the screen, not only with
 * the window), the legend scrolls in one row and overlapping axis labels are left out, so it reads on a
 * narrow screen too.
 */
export default function PriceChart({ log, label }: { log: Console['log']; label: string }) {
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
        charts.LineChart,
        components.GridComponent,
        components.TooltipComponent,
        components.LegendComponent,
        renderers.CanvasRenderer,
      ]);
      chart = core.init(element.current);
      const bySupplier = new Map<string, Array<[number, number]>>();
      for (const b of log) {
        const points = bySupplier.get(b.supplierName) ?? [];
        points.push([new Date(b.bidTime).getTime(), Number(b.price)]);
        bySupplier.set(b.supplierName, points);
      }
      chart.setOption({
        aria: { enabled: true, label: { description: label } },
        tooltip: { trigger: 'axis' },
        legend: { top: 0, type: 'scroll' },
        grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
        xAxis: { type: 'time', axisLabel: { hideOverlap: true } },
        yAxis: { type: 'value', scale: true, axisLabel: { hideOverlap: true } },
        series: [...bySupplier.entries()].map(([name, data]) => ({ name, type: 'line', step: 'end', data })),
      });
    });
    const observer = new ResizeObserver(() => chart?.resize());
    if (element.current) observer.observe(element.current);
    return () => {
      disposed = true;
      observer.disconnect();
      chart?.dispose();
    };
  }, [log, label]);
  return <div ref={element} style={{ height: 260, width: '100%' }} role="img" aria-label={label} />;
}
