import { useEffect, useRef, useState } from 'react';
import { DemoFigure, familyOf } from '../../shared/ui/demo/exercise-demo';
import type { PlannedExercise } from './session-plan';

export interface StageDemonstrationProps {
  exercise: PlannedExercise;
  /** The clip to play when the studio uploaded its own video (preloaded object URL or remote address). */
  src: string | null;
  playing: boolean;
}

/** Whether the exercise's clip is the studio's own video rather than the family's built-in clip. */
export function hasStudioVideo(exercise: PlannedExercise): boolean {
  return exercise.media?.customVideo === true;
}

/**
 * What the stage shows while an exercise runs (ADR 0220): the studio's own video when it uploaded
 * one, else its photo, else the illustrated demonstration looping while the session plays. A video
 * that cannot play falls back to the photo or the demonstration, never to a black box.
 */
export function StageDemonstration({ exercise, src, playing }: StageDemonstrationProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const [brokenPhoto, setBrokenPhoto] = useState<string | null>(null);
  const media = exercise.media;
  const showVideo = hasStudioVideo(exercise) && src !== null && src !== brokenSrc;

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (playing) {
      const started = element.play();
      // Autoplay refusals and aborted loads are not the member's problem; the timer goes on.
      if (started) started.catch((error: unknown) => console.warn('No se pudo reproducir el video', error));
    } else {
      element.pause();
    }
  }, [playing, src, showVideo]);

  if (showVideo) {
    return (
      <>
        {/* The still demonstration stays behind until the video's first frame (or its poster, the studio's photo) arrives. */}
        <DemoFigure className="session-stage__media session-stage__demo" fit="contain" family={familyOf(media)} />
        <video
          ref={video}
          key={src}
          className="session-stage__media"
          src={src}
          muted
          loop
          playsInline
          preload="auto"
          poster={media?.photoUrl ?? undefined}
          aria-label={`Video: ${exercise.name}`}
          onError={() => setBrokenSrc(src)}
        />
      </>
    );
  }
  if (media?.photoUrl && media.photoUrl !== brokenPhoto) {
    return (
      <img
        className="session-stage__media session-stage__photo"
        src={media.photoUrl}
        alt={`Foto: ${exercise.name}`}
        onError={() => setBrokenPhoto(media.photoUrl ?? null)}
      />
    );
  }
  return (
    <DemoFigure
      className="session-stage__media session-stage__demo"
      fit="contain"
      family={familyOf(media)}
      animated
      playing={playing}
      title={`Demostración: ${exercise.name}`}
    />
  );
}
