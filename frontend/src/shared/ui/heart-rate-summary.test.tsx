import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HeartRateSummaryDto } from '../api/generated-api';
import { heartRateProfile } from '../testing/heart-rate-fixtures';
import { HeartRateSummary } from './heart-rate-summary';

const zones = heartRateProfile(true).zones;

function summary(overrides: Partial<HeartRateSummaryDto> = {}): HeartRateSummaryDto {
  return {
    avgBpm: 148,
    maxBpm: 176,
    points: 57,
    kcal: 312.6,
    badge: false,
    recovery1MinBpm: null,
    samples: 1500,
    secondsAtBadgeIntensity: 300,
    secondsInZone: [300, 0, 600, 450, 150],
    ...overrides,
  };
}

describe('HeartRateSummary', () => {
  it('shows the points, kcal, average and maximum in Spanish', () => {
    render(<HeartRateSummary summary={summary()} zones={zones} />);
    expect(screen.getByTestId('hr-summary-points')).toHaveTextContent('57');
    expect(screen.getByText('Puntos Pulso')).toBeInTheDocument();
    expect(screen.getByText('Calorías').nextSibling).toHaveTextContent('313 kcal');
    expect(screen.getByText('FC media').nextSibling).toHaveTextContent('148 lpm');
    expect(screen.getByText('FC máxima').nextSibling).toHaveTextContent('176 lpm');
    expect(screen.queryByText('Recuperación (1 min)')).not.toBeInTheDocument();
    expect(screen.queryByText('Insignia de la sesión')).not.toBeInTheDocument();
  });

  it('draws each zone with seconds as a segment of the served colour, its width proportional to them', () => {
    render(<HeartRateSummary summary={summary()} zones={zones} />);
    const segments = [...screen.getByTestId('hr-summary-bar').querySelectorAll<HTMLElement>('[data-zone]')];
    expect(segments.map((segment) => [segment.dataset.zone, segment.style.width])).toEqual([
      ['1', '20%'],
      ['3', '40%'],
      ['4', '30%'],
      ['5', '10%'],
    ]);
    expect(segments[2].style.background).toBe('rgb(249, 115, 22)');
  });

  it('lists every zone by name with its time: seconds under a minute, then the nearest minute', () => {
    render(<HeartRateSummary summary={summary({ secondsInZone: [300, 0, 30, 450, 89] })} zones={zones} />);
    const items = within(screen.getByRole('list', { name: 'Tiempo en cada zona' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Suave5 min', 'Ligera0 min', 'Moderada30 s', 'Intensa8 min', 'Máxima1 min']);
  });

  it('writes a zone held for an hour or more in hours and minutes, as the totals are', () => {
    render(<HeartRateSummary summary={summary({ secondsInZone: [59, 0, 3_900, 0, 1] })} zones={zones} />);
    const items = within(screen.getByRole('list', { name: 'Tiempo en cada zona' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Suave59 s', 'Ligera0 min', 'Moderada1h 5m', 'Intensa0 min', 'Máxima1 s']);
  });

  it('has no kcal line without a weight, and shows the badge and the recovery when there', () => {
    render(<HeartRateSummary summary={summary({ kcal: null, badge: true, recovery1MinBpm: 27 })} zones={zones} />);
    expect(screen.queryByText('Calorías')).not.toBeInTheDocument();
    expect(screen.queryByText(/kcal/)).not.toBeInTheDocument();
    expect(screen.getByText('Insignia de la sesión')).toBeInTheDocument();
    expect(screen.getByText('Recuperación (1 min)').nextSibling).toHaveTextContent('27 lpm');
  });

  it('names the zones "Zona N" until the profile arrives', () => {
    render(<HeartRateSummary summary={summary()} zones={[]} />);
    expect(screen.getByText('Zona 1')).toBeInTheDocument();
  });
});
