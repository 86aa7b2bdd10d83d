import { PieChart } from 'react-minimal-pie-chart';

/** Segment colours: antd's default palette (blue, gold, green, red), readable in light and dark themes. */
const COLORS = ['#1677ff', '#faad14', '#52c41a', '#ff4d4f', '#722ed1', '#13c2c2'];

/**
 * Order-status doughnut (spec 000 §2), drawn as SVG by react-minimal-pie-chart (2 KiB; issue #12: ECharts
 * cost 167 KiB for this one chart). Each segment's title is its tooltip; the legend below names every
 * status with its count, so the figures are readable without hovering.
 */
export default function OrderChart({
  title,
  data,
}: {
  title: string;
  data: { name: string; value: number }[];
}) {
  const total = data.reduce((s, d) => s + d.value, 0);
  const pct = (v: number) => (total > 0 ? Math.round((v / total) * 100) : 0);
  const segments = data
    .map((d, i) => ({ ...d, color: COLORS[i % COLORS.length] as string }))
    .filter((d) => d.value > 0)
    .map((d) => ({ title: `${d.name}: ${d.value} (${pct(d.value)}%)`, value: d.value, color: d.color }));
  return (
    <figure className="order-chart" aria-label={title}>
      <PieChart
        className="order-chart-pie"
        data={segments}
        lineWidth={36}
        paddingAngle={segments.length > 1 ? 1 : 0}
        startAngle={-90}
        viewBoxSize={[100, 100]}
      />
      <ul className="order-chart-legend">
        {data.map((d, i) => (
          <li key={d.name}>
            <span className="order-chart-swatch" style={{ background: COLORS[i % COLORS.length] }} />
            <span className="order-chart-name">{d.name}</span>
            <span className="order-chart-value">{d.value}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
