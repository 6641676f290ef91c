import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PlannedExercise } from './session-plan';
import { StageDemonstration } from './session-demonstration';

const exercise = (media: PlannedExercise['media']): PlannedExercise => ({
  key: 'r0-e0',
  exerciseId: 'x',
  name: 'Sentadilla goblet',
  kind: 'time',
  reps: null,
  timerSec: 40,
  restSec: 10,
  media,
});

describe('StageDemonstration', () => {
  it('animates the family demonstration while the family clip is only preloaded', () => {
    const { container } = render(
      <StageDemonstration exercise={exercise({ publicId: 'ejercicio-sentadilla', family: 'sentadilla', customVideo: false })} src="blob:clip" playing />,
    );
    expect(screen.getByRole('img', { name: 'Demostración: Sentadilla goblet' })).toBeInTheDocument();
    expect(container.querySelector('video')).toBeNull();
  });

  it("plays the studio's own video, and falls back to the demonstration when it fails", () => {
    const { container } = render(
      <StageDemonstration
        exercise={exercise({ publicId: 'subida-1', family: 'sentadilla', customVideo: true, videoUrl: '/api/media/uploads/1.mp4' })}
        src="/api/media/uploads/1.mp4?quality=high"
        playing={false}
      />,
    );
    const video = container.querySelector('video');
    expect(video).toHaveAttribute('aria-label', 'Video: Sentadilla goblet');
    fireEvent.error(video!);
    expect(container.querySelector('video')).toBeNull();
    expect(screen.getByRole('img', { name: 'Demostración: Sentadilla goblet' })).toBeInTheDocument();
  });

  it("shows the studio's photo when there is no video of its own", () => {
    render(
      <StageDemonstration
        exercise={exercise({ publicId: 'ejercicio-sentadilla', family: 'sentadilla', customVideo: false, photoUrl: '/api/media/uploads/2.jpg' })}
        src="blob:clip"
        playing
      />,
    );
    expect(screen.getByRole('img', { name: 'Foto: Sentadilla goblet' })).toHaveAttribute('src', '/api/media/uploads/2.jpg');
  });
});
