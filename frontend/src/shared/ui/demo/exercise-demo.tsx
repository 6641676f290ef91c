import { useEffect, useId, useRef, useState } from 'react';
import { demoOf, familyOfPublicId, GROUND_Y, shapesOf, VIEW_BOX, type FamilyDemo, type Pose } from './demo-poses';
import './exercise-demo.css';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the member asked the system for less motion; follows changes while the page is open. */
export function usePrefersReducedMotion(): boolean {
  const query = typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null;
  const [reduced, setReduced] = useState(() => query?.matches ?? false);
  useEffect(() => {
    if (!query) return;
    const update = () => setReduced(query.matches);
    query.addEventListener?.('change', update);
    return () => query.removeEventListener?.('change', update);
  }, [query]);
  return reduced;
}

type Shapes = ReturnType<typeof shapesOf>;

/** One SMIL animation through the poses and back to the first, eased at every key pose. */
function Animate({ attribute, values, seconds }: { attribute: string; values: string[]; seconds: number }) {
  const all = [...values, values[0]];
  const steps = all.length - 1;
  return (
    <animate
      attributeName={attribute}
      values={all.join(';')}
      keyTimes={all.map((_, index) => (index / steps).toFixed(3)).join(';')}
      calcMode="spline"
      keySplines={Array.from({ length: steps }, () => '0.45 0 0.55 1').join(';')}
      dur={`${seconds}s`}
      repeatCount="indefinite"
    />
  );
}

function Limb({
  shapes,
  pick,
  demo,
  animated,
  className,
}: {
  shapes: Shapes[];
  pick: (s: Shapes) => string;
  demo: FamilyDemo;
  animated: boolean;
  className: string;
}) {
  return (
    <polyline className={className} points={pick(shapes[demo.poster])}>
      {animated ? <Animate attribute="points" values={shapes.map(pick)} seconds={demo.seconds} /> : null}
    </polyline>
  );
}

function Dot({
  shapes,
  pick,
  demo,
  animated,
  r,
  className,
}: {
  shapes: Shapes[];
  pick: (s: Shapes) => { cx: number; cy: number };
  demo: FamilyDemo;
  animated: boolean;
  r: number;
  className: string;
}) {
  const still = pick(shapes[demo.poster]);
  return (
    <circle className={className} cx={still.cx} cy={still.cy} r={r}>
      {animated ? <Animate attribute="cx" values={shapes.map((s) => String(pick(s).cx))} seconds={demo.seconds} /> : null}
      {animated ? <Animate attribute="cy" values={shapes.map((s) => String(pick(s).cy))} seconds={demo.seconds} /> : null}
    </circle>
  );
}

export interface DemoFigureProps {
  family: string | null | undefined;
  /** Loop the movement (off for posters; always off when the system asks for reduced motion). */
  animated?: boolean;
  /** While animated: moving (true) or held still on the current frame (false). */
  playing?: boolean;
  /** The accessible name; the figure is decorative without one. */
  title?: string;
  className?: string;
  /** 'cover' fills the box (cards); 'contain' shows the whole scene (the player's stage). */
  fit?: 'cover' | 'contain';
}

/**
 * An illustrated demonstration: a figure doing the family's movement (ADR 0220). As a poster it
 * is the family's key pose; animated, it loops through the key poses, paused when `playing` is false.
 */
export function DemoFigure({ family, animated = false, playing = true, title, className, fit = 'cover' }: DemoFigureProps) {
  const demo = demoOf(family);
  const reduced = usePrefersReducedMotion();
  const moving = animated && !reduced;
  const svg = useRef<SVGSVGElement>(null);
  const gradient = `demo-bg-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const shapes = demo.poses.map((pose: Pose) => shapesOf(pose));

  useEffect(() => {
    const element = svg.current;
    if (!element || !moving) return;
    // jsdom and very old engines have no SMIL timeline; the figure then simply stays still.
    if (playing) element.unpauseAnimations?.();
    else element.pauseAnimations?.();
  }, [playing, moving]);

  const common = { shapes, demo, animated: moving };
  return (
    <svg
      ref={svg}
      className={`exercise-demo${className ? ` ${className}` : ''}`}
      // Cards are wider than the scene: widen the view (more floor, same figure) rather than crop heads.
      viewBox={fit === 'cover' ? `-30 8 ${VIEW_BOX.width + 60} ${VIEW_BOX.height - 10}` : `0 0 ${VIEW_BOX.width} ${VIEW_BOX.height}`}
      preserveAspectRatio={fit === 'cover' ? 'xMidYMid slice' : 'xMidYMid meet'}
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
      data-family={family ?? undefined}
      data-animated={moving ? 'true' : 'false'}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0d2a4f" />
          <stop offset="1" stopColor="#1466c3" />
        </linearGradient>
      </defs>
      <rect x="-200" y="-100" width={VIEW_BOX.width + 400} height={VIEW_BOX.height + 200} fill={`url(#${gradient})`} />
      <circle className="exercise-demo__halo" cx="196" cy="34" r="58" />
      <path className="exercise-demo__pulse" d="M-200 20 H14 l6 -10 l8 22 l6 -16 l5 4 H56" />
      <line className="exercise-demo__floor" x1="-200" y1={GROUND_Y + 2} x2={VIEW_BOX.width + 200} y2={GROUND_Y + 2} />
      {demo.prop === 'mat' ? <rect className="exercise-demo__mat" x="22" y={GROUND_Y} width="170" height="5" rx="2.5" /> : null}
      {demo.prop === 'bag' ? (
        <g className="exercise-demo__bag">
          <line x1="196" y1="0" x2="196" y2="24" />
          <rect x="184" y="24" width="24" height="70" rx="10" />
        </g>
      ) : null}
      <ellipse className="exercise-demo__shadow" cx="112" cy={GROUND_Y + 3} rx="46" ry="4" />
      <g className="exercise-demo__figure">
        <Limb {...common} className="exercise-demo__far" pick={(s) => s.farLeg} />
        <Limb {...common} className="exercise-demo__far" pick={(s) => s.farArm} />
        {demo.dumbbells ? <Dot {...common} className="exercise-demo__weight exercise-demo__weight--far" r={5} pick={(s) => s.farHand} /> : null}
        <Limb {...common} className="exercise-demo__torso" pick={(s) => s.torso} />
        <Limb {...common} className="exercise-demo__near" pick={(s) => s.nearLeg} />
        <Limb {...common} className="exercise-demo__near" pick={(s) => s.nearArm} />
        {demo.dumbbells ? <Dot {...common} className="exercise-demo__weight" r={5.5} pick={(s) => s.nearHand} /> : null}
        <Dot {...common} className="exercise-demo__head" r={10} pick={(s) => s.head} />
      </g>
    </svg>
  );
}

/** What the catalogue says about an exercise's media (spec section 3 plus the studio's own, ADR 0221). */
export interface DemoMedia {
  publicId?: string | null;
  family?: string | null;
  photoUrl?: string | null;
}

export function familyOf(media: DemoMedia | null | undefined): string | null {
  return media?.family ?? familyOfPublicId(media?.publicId);
}

/**
 * The still image of an exercise for cards and lists: the studio's photo when there is one,
 * otherwise the demonstration's poster.
 */
export function ExerciseThumb({ media, className }: { media: DemoMedia | null | undefined; className?: string }) {
  const [broken, setBroken] = useState(false);
  const classes = `exercise-thumb${className ? ` ${className}` : ''}`;
  if (media?.photoUrl && !broken) {
    return <img className={`${classes} exercise-thumb--photo`} src={media.photoUrl} alt="" loading="lazy" decoding="async" onError={() => setBroken(true)} />;
  }
  return <DemoFigure family={familyOf(media)} className={classes} />;
}

interface CoverRound {
  roundType?: string | null;
  exercises?: readonly { details?: { name?: string | null; media?: DemoMedia | null } | null }[] | null;
}

/** The exercise that pictures a workout on its card: the first one after the warm-up. */
export function workoutCover(rounds: readonly CoverRound[] | null | undefined): { name: string; media: DemoMedia | null } | null {
  const list = rounds ?? [];
  const main =
    list.find((round) => round.roundType !== 'warmup' && round.roundType !== 'cooldown' && round.exercises?.length) ??
    list.find((round) => round.exercises?.length);
  const details = main?.exercises?.[0]?.details;
  return details ? { name: details.name ?? '', media: details.media ?? null } : null;
}
