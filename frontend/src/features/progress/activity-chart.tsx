import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ActivityPeriod, ChartMetric } from './activity-periods';

const SERIES: Record<ChartMetric, { name: string; fill: string }> = {
  workouts: { name: 'Entrenamientos', fill: '#1466c3' },
  points: { name: 'Puntos Pulso', fill: '#e0483e' },
};

/** Loaded lazily: recharts is the heaviest library on the platform and only this page draws with it. */
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
          formatter={(value) => [value, series.name]}
          contentStyle={{ borderRadius: 12, border: '1px solid #e3e7ef' }}
        />
        <Bar dataKey={metric} name={series.name} fill={series.fill} radius={[8, 8, 0, 0]} maxBarSize={48} />
      </BarChart>
    </ResponsiveContainer>
  );
}
