import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount } from '../../shared/lib/number-format';
import type { ClassPoint, WeekPoint } from './report-data';

/** The console's series colours: the brand blue, the pulse red, then distinct hues for more classes. */
const BLUE = '#1466c3';
const GREEN = '#1f8a5b';
const RED = '#e0483e';
const GREY = '#9aa3b5';
const LINE_COLOURS = [BLUE, RED, GREEN, '#8a4fd1', '#d68a00', '#0f9bb0', '#c2417b', '#5c667a'];

const AXIS = { tickLine: false, axisLine: false, tick: { fill: '#5c667a', fontSize: 12 } } as const;
const PERCENT_AXIS = { ...AXIS, domain: [0, 100] as [number, number], ticks: [0, 25, 50, 75, 100], tickFormatter: (value: number) => `${value}%`, width: 44 };

interface TooltipItem {
  name?: unknown;
  value?: unknown;
  color?: string;
  payload?: unknown;
}

/** A tooltip in Spanish typography: the point's full title, then each series ("Ocupación: 83%"). */
function ReportTooltip({ active, payload, unit }: { active?: boolean; payload?: readonly TooltipItem[]; unit: '%' | '' }) {
  const point = payload?.[0]?.payload as { title?: string; className?: string; label?: string } | undefined;
  if (!active || !point) return null;
  return (
    <div className="staff-chart__tooltip">
      <p className="staff-chart__tooltip-title">{point.title ?? point.className ?? point.label}</p>
      {payload!.map((item) => (
        <p key={String(item.name)} className="staff-chart__tooltip-value">
          <span className="staff-chart__swatch" style={{ background: item.color }} aria-hidden="true" />
          {String(item.name)}: {typeof item.value === 'number' ? `${formatCount(item.value)}${unit}` : '—'}
        </p>
      ))}
    </div>
  );
}

const legend = <Legend iconType="circle" iconSize={10} wrapperStyle={{ fontSize: 13, paddingTop: 4 }} />;

export type ReportChartProps =
  | { kind: 'weeks'; points: WeekPoint[] }
  | { kind: 'class-weeks'; rows: Array<Record<string, string | number | null>>; classNames: string[] }
  | { kind: 'classes'; points: ClassPoint[] }
  | { kind: 'waitlist'; points: ClassPoint[] }
  | { kind: 'counts'; points: Array<{ label: string; title?: string; count: number }>; name: string };

/**
 * Loaded lazily, as on the member's progress page: recharts is heavy and only this page of the
 * console draws with it. Drawn at once, without recharts' mount animation (recharts/recharts#7377).
 * Each chart is one image named by its wrapper (its figures are in the lists and the CSV), so
 * recharts' keyboard layer is off: nothing focusable inside an image.
 */
export default function ReportChart(props: ReportChartProps) {
  switch (props.kind) {
    case 'weeks':
      return (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={props.points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="#e3e7ef" />
            <XAxis dataKey="label" {...AXIS} />
            <YAxis {...PERCENT_AXIS} />
            <Tooltip
              cursor={{ fill: 'rgb(20 102 195 / 8%)' }}
              content={({ active, payload }) => <ReportTooltip active={active} payload={payload} unit="%" />}
            />
            {legend}
            <Bar dataKey="occupancy" name="Ocupación" fill={BLUE} radius={[6, 6, 0, 0]} maxBarSize={40} isAnimationActive={false} />
            <Bar dataKey="attendance" name="Asistencia" fill={GREEN} radius={[6, 6, 0, 0]} maxBarSize={40} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      );
    case 'class-weeks':
      return (
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={props.rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="#e3e7ef" />
            <XAxis dataKey="label" {...AXIS} />
            <YAxis {...PERCENT_AXIS} />
            <Tooltip content={({ active, payload }) => <ReportTooltip active={active} payload={payload} unit="%" />} />
            {legend}
            {props.classNames.map((name, index) => (
              <Line
                key={name}
                type="monotone"
                dataKey={name}
                name={name}
                stroke={LINE_COLOURS[index % LINE_COLOURS.length]}
                strokeWidth={2}
                dot={{ r: 3 }}
                connectNulls
                isAnimationActive={false}
              />
            ))}
          </LineChart>
        </ResponsiveContainer>
      );
    case 'classes':
      return (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={props.points} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid horizontal={false} stroke="#e3e7ef" />
            <XAxis type="number" {...PERCENT_AXIS} />
            <YAxis type="category" dataKey="className" {...AXIS} width={96} />
            <Tooltip
              cursor={{ fill: 'rgb(20 102 195 / 8%)' }}
              content={({ active, payload }) => <ReportTooltip active={active} payload={payload} unit="%" />}
            />
            {legend}
            <Bar dataKey="occupancy" name="Ocupación" fill={BLUE} radius={[0, 6, 6, 0]} maxBarSize={18} isAnimationActive={false} />
            <Bar dataKey="attendance" name="Asistencia" fill={GREEN} radius={[0, 6, 6, 0]} maxBarSize={18} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      );
    case 'waitlist':
      return (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={props.points} layout="vertical" margin={{ top: 0, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid horizontal={false} stroke="#e3e7ef" />
            <XAxis type="number" allowDecimals={false} {...AXIS} />
            <YAxis type="category" dataKey="className" {...AXIS} width={96} />
            <Tooltip cursor={{ fill: 'rgb(20 102 195 / 8%)' }} content={({ active, payload }) => <ReportTooltip active={active} payload={payload} unit="" />} />
            {legend}
            <Bar dataKey="waitlistPromoted" name="Consiguieron lugar" stackId="lista" fill={BLUE} maxBarSize={18} isAnimationActive={false} />
            <Bar
              dataKey="waitlistLeftOut"
              name="Se quedaron fuera"
              stackId="lista"
              fill={GREY}
              radius={[0, 6, 6, 0]}
              maxBarSize={18}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      );
    case 'counts':
      return (
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={props.points} margin={{ top: 8, right: 8, bottom: 0, left: -24 }}>
            <CartesianGrid vertical={false} stroke="#e3e7ef" />
            <XAxis dataKey="label" {...AXIS} interval={0} />
            <YAxis allowDecimals={false} {...AXIS} />
            <Tooltip cursor={{ fill: 'rgb(20 102 195 / 8%)' }} content={({ active, payload }) => <ReportTooltip active={active} payload={payload} unit="" />} />
            <Bar dataKey="count" name={props.name} fill={BLUE} radius={[6, 6, 0, 0]} maxBarSize={48} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      );
  }
}
