import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DemoFigure, ExerciseThumb, workoutCover } from './exercise-demo';

function reduceMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

describe('DemoFigure', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loops through the key poses when animated', () => {
    reduceMotion(false);
    const { container, getByRole } = render(<DemoFigure family="sentadilla" animated title="Demostración: Sentadilla" />);
    expect(getByRole('img', { name: 'Demostración: Sentadilla' })).toBeInTheDocument();
    const animations = container.querySelectorAll('animate');
    expect(animations.length).toBeGreaterThan(0);
    // Two poses and back to the first.
    expect(container.querySelector('polyline animate')?.getAttribute('values')?.split(';')).toHaveLength(3);
    expect(container.querySelector('svg')?.dataset.animated).toBe('true');
  });

  it('stands still in its key pose when the system asks for reduced motion', () => {
    reduceMotion(true);
    const { container } = render(<DemoFigure family="sentadilla" animated title="Demostración" />);
    expect(container.querySelectorAll('animate')).toHaveLength(0);
    expect(container.querySelector('svg')?.dataset.animated).toBe('false');
  });

  it('is a still, decorative poster by default', () => {
    reduceMotion(false);
    const { container } = render(<DemoFigure family="boxeo" />);
    expect(container.querySelectorAll('animate')).toHaveLength(0);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('.exercise-demo__bag')).not.toBeNull();
  });
});

describe('ExerciseThumb', () => {
  it("shows the studio's photo when there is one", () => {
    const { container } = render(<ExerciseThumb media={{ publicId: 'ejercicio-yoga', family: 'yoga', photoUrl: '/api/media/uploads/a.jpg' }} />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/api/media/uploads/a.jpg');
    expect(container.querySelector('svg')).toBeNull();
  });

  it("otherwise the family's poster, also from the public id alone", () => {
    const { container } = render(<ExerciseThumb media={{ publicId: 'ejercicio-yoga' }} />);
    expect(container.querySelector('svg')?.dataset.family).toBe('yoga');
  });
});

describe('workoutCover', () => {
  const media = (family: string) => ({ publicId: `ejercicio-${family}`, family });
  it('pictures a workout by its first exercise after the warm-up', () => {
    const rounds = [
      { roundType: 'warmup', exercises: [{ details: { name: 'Saltos de tijera', media: media('cardio') } }] },
      { roundType: 'circuit', exercises: [{ details: { name: 'Jab y cross', media: media('boxeo') } }] },
    ];
    expect(workoutCover(rounds)).toEqual({ name: 'Jab y cross', media: media('boxeo') });
  });

  it('falls back to the warm-up, and to nothing without exercises', () => {
    expect(workoutCover([{ roundType: 'warmup', exercises: [{ details: { name: 'Gato-camello', media: media('movilidad') } }] }])?.name).toBe('Gato-camello');
    expect(workoutCover([])).toBeNull();
    expect(workoutCover(undefined)).toBeNull();
  });
});
