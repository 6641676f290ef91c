import { render, screen } from '@testing-library/react';
import { formatCount } from '../../shared/lib/number-format';
import { ActivityTooltip } from './activity-chart';
import { activityPage } from './activity-periods';

const today = '2026-11-22'; // a Sunday
const at = (date: string) => ({ completedAt: new Date(`${date}T18:00:00-06:00`).toISOString() });

describe('the activity chart’s tooltip', () => {
  it('names the month of the column it describes and reads "Entrenamientos: N", no space before the colon', () => {
    const { periods } = activityPage([at('2026-11-03'), at('2026-11-20'), at('2026-09-10')], 'monthly', 0, today);
    const november = periods.at(-1)!;
    const { container } = render(<ActivityTooltip active payload={[{ value: november.workouts, payload: november }]} metric="workouts" />);
    expect(screen.getByText('noviembre de 2026')).toBeInTheDocument();
    expect(container).toHaveTextContent('Entrenamientos: 2');
    expect(container.textContent).not.toMatch(/\s:/);
  });

  it('describes the period its data point is, whatever label the axis passes beside it', () => {
    const { periods } = activityPage([at('2026-09-10')], 'monthly', 0, today);
    const september = periods.find((period) => period.start === '2026-09-01')!;
    const { container } = render(<ActivityTooltip active payload={[{ value: 1, payload: september }]} metric="workouts" />);
    expect(container).toHaveTextContent('septiembre de 2026');
    expect(container).toHaveTextContent('Entrenamientos: 1');
    expect(container).not.toHaveTextContent('noviembre');
  });

  it('names a week by its days and counts Puntos Pulso with the same typography', () => {
    const { periods } = activityPage([{ ...at('2026-11-18'), heartRate: { points: 1234 } }], 'weekly', 0, today);
    const week = periods.at(-1)!;
    const { container } = render(<ActivityTooltip active payload={[{ value: week.points, payload: week }]} metric="points" />);
    expect(container).toHaveTextContent('Semana del 16 al 22 nov');
    expect(container).toHaveTextContent(`Puntos Pulso: ${formatCount(1234)}`);
  });

  it('shows nothing while no column is hovered', () => {
    const { container } = render(<ActivityTooltip active={false} payload={[]} metric="workouts" />);
    expect(container).toBeEmptyDOMElement();
  });
});
