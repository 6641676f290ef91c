import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { CLASS_LENGTH_MIN, CLASSIC_CLASS_NAME } from '../../shared/lib/class-length';
import { LandingPage } from './landing-page';
import { TrainingMethodsPage } from './training-methods-page';

vi.mock('../../shared/config/runtime-config', async () => {
  const { TEST_RUNTIME_CONFIG: config } = await import('../../shared/testing/test-runtime-config');
  return { useRuntimeConfig: () => ({ config, isLoading: false, isError: false }) };
});

const SPELLED: Record<string, number> = {
  diez: 10,
  quince: 15,
  veinte: 20,
  treinta: 30,
  'cuarenta y cinco': 45,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  noventa: 90,
};

/** Every length of time in minutes a page states, in figures or in words. */
function minutesStated(page: ReactElement): number[] {
  const { container } = render(<MemoryRouter>{page}</MemoryRouter>);
  const text = container.textContent ?? '';
  cleanup();
  const words = Object.keys(SPELLED).join('|');
  return [...text.matchAll(new RegExp(`\\b(\\d+|${words})\\s+minutos`, 'gi'))].map(([, amount]) => SPELLED[amount!.toLowerCase()] ?? Number(amount));
}

describe('the class length', () => {
  it("is the spec's 'Clásico 60 Min'", () => {
    expect(CLASSIC_CLASS_NAME).toBe('Clásico 60 Min');
    expect(CLASS_LENGTH_MIN).toBe(60);
  });

  it('is the one the landing states, and none of its copy states another', () => {
    const { getByText } = render(
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>,
    );
    expect(getByText('Minutos por clase').nextElementSibling).toHaveTextContent(String(CLASS_LENGTH_MIN));
    cleanup();
    for (const minutes of minutesStated(<LandingPage />)) expect(minutes).toBe(CLASS_LENGTH_MIN);
  });

  it('is the one the training methods page states', () => {
    const stated = minutesStated(<TrainingMethodsPage />);
    expect(stated).toContain(CLASS_LENGTH_MIN);
    for (const minutes of stated) expect(minutes).toBe(CLASS_LENGTH_MIN);
  });
});
