import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../../shared/lib/number-format';
import type { ActivityPeriod, ChartMetric } from './activity-periods';

const SERIES: Record<ChartMetric, { name: string; fill: string }> = {
  workouts: { name: 'Entrenamientos', fill: '#1466c3' },
  points: { name: 'Puntos Pulso', fill: '#e0483e' },
};

interface TooltipItem {
  value?: unknown;
  payload?: unknown;
}

/**
 * The hovered column's tooltip: its period named in full and its figure in Spanish typography
 * ("Entrenamientos: 6", no space before the colon). Both come from the one data point the tooltip
 * is about, never from the axis label recharts passes separately.
 */
export function ActivityTooltip({ active, payload, metric }: { active?: boolean; payload?: readonly TooltipItem[]; metric: ChartMetric }) {
  const period = payload?.[0]?.payload as ActivityPeriod | undefined;
  if (!active || !period) return null;
  return (
    <div className="progress-chart__tooltip">
      <p className="progress-chart__tooltip-title">{period.title}</p>
      <p className="progress-chart__tooltip-value">
        {SERIES[metric].name}: {formatCount(period[metric])}
      </p>
    </div>
  );
}

/**
 * Loaded lazily: recharts is the heaviest library on the platform and only this page draws with it.
 * Bars are drawn at once, without recharts' mount animation: a stalled animation frame could leave
 * a column empty while its figure said 6 (recharts/recharts#7377).
 */
export default function ActivityChart({ periods, metric = 'workouts' }: { periods: ActivityPeriod[]; metric?: ChartMetric }) {
  const series = SERIES[metric];
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={periods} margin={{ top: 8, right: 8, bottom: 0, left: metric === 'points' ? -12 : -24 }}>
        <CartesianGrid vertical={false} stroke="#e3e7ef" />
        <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fill: '#5c667a', fontSize: 12 }} />
        <YAxis allowDecimals={false} tickLine={false} axisLine={false} tick={{ fill: '#5c667a', fontSize: 12 }} />
        <Tooltip
          cursor={{ fill: 'rgb(20 102 195 / 8%)' }}
          content={({ active, payload }) => <ActivityTooltip active={active} payload={payload} metric={metric} />}
        />
        <Bar dataKey={metric} name={series.name} fill={series.fill} radius={[8, 8, 0, 0]} maxBarSize={48} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
