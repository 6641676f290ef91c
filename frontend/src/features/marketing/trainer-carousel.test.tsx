import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TRAINER_FADE_HALF_MS, TrainerCarousel } from './trainer-carousel';
import { TRAINERS } from './trainers';

const heading = () => screen.getByRole('heading');
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const finishFade = () => act(() => vi.advanceTimersByTime(TRAINER_FADE_HALF_MS));

describe('TrainerCarousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows one trainer at a time, starting with the head coach', () => {
    render(<TrainerCarousel trainers={TRAINERS} />);
    expect(screen.getAllByRole('heading')).toHaveLength(1);
    expect(heading()).toHaveTextContent(TRAINERS[0].name);
    expect(screen.getByText(TRAINERS[0].position)).toBeInTheDocument();
    expect(screen.getByRole('img')).toHaveAttribute('src', TRAINERS[0].image);
  });

  it('fades the current trainer out, then the next one in, over 0.7 s', () => {
    render(<TrainerCarousel trainers={TRAINERS} />);
    click('Siguiente entrenador');
    expect(heading().parentElement).toHaveClass('is-hidden');
    expect(heading()).toHaveTextContent(TRAINERS[0].name);
    finishFade();
    expect(heading()).toHaveTextContent(TRAINERS[1].name);
    expect(heading().parentElement).not.toHaveClass('is-hidden');
    expect(2 * TRAINER_FADE_HALF_MS).toBe(700);
  });

  it('wraps from the first to the last with the left arrow and back with the right arrow', () => {
    render(<TrainerCarousel trainers={TRAINERS} />);
    click('Entrenador anterior');
    finishFade();
    expect(heading()).toHaveTextContent(TRAINERS[3].name);
    click('Siguiente entrenador');
    finishFade();
    expect(heading()).toHaveTextContent(TRAINERS[0].name);
  });

  it('walks through all four trainers and wraps from the last to the first', () => {
    render(<TrainerCarousel trainers={TRAINERS} />);
    for (const trainer of [...TRAINERS.slice(1), TRAINERS[0]]) {
      click('Siguiente entrenador');
      finishFade();
      expect(heading()).toHaveTextContent(trainer.name);
    }
  });

  it('adds up quick clicks made during a fade', () => {
    render(<TrainerCarousel trainers={TRAINERS} />);
    click('Siguiente entrenador');
    click('Siguiente entrenador');
    finishFade();
    expect(heading()).toHaveTextContent(TRAINERS[2].name);
  });
});
