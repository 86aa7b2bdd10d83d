import { PieChart } from 'echarts/charts';
import { LegendComponent, TitleComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';

echarts.use([PieChart, LegendComponent, TitleComponent, TooltipComponent, CanvasRenderer]);

/** Order-status doughnut; only rendered when the figures are available (lazy: ECharts is large). */
export default function OrderChart({
  title,
  data,
}: {
  title: string;
  data: { name: string; value: number }[];
}) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      style={{ height: 260 }}
      notMerge
      option={{
        tooltip: { trigger: 'item' },
        legend: { bottom: 0 },
        series: [{ name: title, type: 'pie', radius: ['45%', '70%'], data }],
      }}
    />
  );
}
