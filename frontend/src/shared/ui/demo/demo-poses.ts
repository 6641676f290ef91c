/**
 * The illustrated exercise demonstrations (ADR 0220): one clean figure per movement family,
 * drawn in SVG from a few key poses and animated between them. A pose gives the hip, the
 * torso's lean and where hands and feet are; elbows and knees follow by two-bone inverse
 * kinematics, so every pose keeps the same limb lengths and the style stays consistent.
 */

export type Point = readonly [number, number];

export interface Pose {
  hip: Point;
  /** Degrees from upright; positive leans towards +x (where the figure faces). */
  torso: number;
  /** Extra head tilt in degrees, same sense as the torso. */
  head?: number;
  /** The spine's bend in px: positive rounds the back up (cat), negative lets it sag (camel). */
  arch?: number;
  hands: readonly [Point, Point];
  feet: readonly [Point, Point];
  /** Which side each elbow bends to: 1 behind the line shoulder→hand, -1 in front. */
  elbows?: readonly [1 | -1, 1 | -1];
  /** Which side each knee bends to: -1 in front (the usual), 1 behind. */
  knees?: readonly [1 | -1, 1 | -1];
}

export interface FamilyDemo {
  /** Key poses, played in order and back to the first. */
  poses: readonly Pose[];
  /** Seconds for one loop. */
  seconds: number;
  /** The pose shown as the still poster and when motion is reduced. */
  poster: number;
  /** A dumbbell in each hand. */
  dumbbells?: boolean;
  /** What the figure holds or stands on, drawn before it. */
  prop?: 'mat' | 'bag';
}

export const GROUND_Y = 142;
export const VIEW_BOX = { width: 240, height: 160 };
const TORSO = 40;
const NECK = 13;
const UPPER_ARM = 22;
const FOREARM = 20;
const THIGH = 27;
const SHIN = 26;

const rad = (deg: number) => (deg * Math.PI) / 180;
const round = (value: number) => Math.round(value * 10) / 10;

/** The joint between a root and a target for two segments; straight towards the target when out of reach. */
export function solveJoint(root: Point, target: Point, first: number, second: number, bend: 1 | -1): Point {
  const dx = target[0] - root[0];
  const dy = target[1] - root[1];
  const reach = Math.hypot(dx, dy);
  const base = Math.atan2(dy, dx);
  const clamped = Math.min(Math.max(reach, Math.abs(first - second) + 0.01), first + second - 0.01);
  const cos = (first * first + clamped * clamped - second * second) / (2 * first * clamped);
  const angle = Math.acos(Math.min(1, Math.max(-1, cos)));
  const direction = base + bend * angle;
  return [root[0] + first * Math.cos(direction), root[1] + first * Math.sin(direction)];
}

/** The end of a two-segment limb: the target, or as far towards it as the limb reaches. */
function reachTowards(joint: Point, target: Point, second: number): Point {
  const dx = target[0] - joint[0];
  const dy = target[1] - joint[1];
  const length = Math.hypot(dx, dy) || 1;
  return [joint[0] + (dx / length) * second, joint[1] + (dy / length) * second];
}

export interface Skeleton {
  head: Point;
  neck: Point;
  hip: Point;
  spine: Point;
  arms: readonly [readonly [Point, Point], readonly [Point, Point]];
  legs: readonly [readonly [Point, Point], readonly [Point, Point]];
}

export function skeletonOf(pose: Pose): Skeleton {
  const [hx, hy] = pose.hip;
  const t = rad(pose.torso);
  const neck: Point = [hx + TORSO * Math.sin(t), hy - TORSO * Math.cos(t)];
  const h = rad(pose.torso + (pose.head ?? 0));
  const head: Point = [neck[0] + NECK * Math.sin(h), neck[1] - NECK * Math.cos(h)];
  // The spine's middle, pushed perpendicular to the torso (towards the figure's back-up side).
  const arch = pose.arch ?? 0;
  const spine: Point = [(hx + neck[0]) / 2 - arch * Math.cos(t), (hy + neck[1]) / 2 - arch * Math.sin(t)];
  const limb = (root: Point, target: Point, first: number, second: number, bend: 1 | -1): readonly [Point, Point] => {
    const joint = solveJoint(root, target, first, second, bend);
    return [joint, reachTowards(joint, target, second)];
  };
  const elbows = pose.elbows ?? [1, 1];
  const knees = pose.knees ?? [-1, -1];
  return {
    head,
    neck,
    hip: pose.hip,
    spine,
    arms: [limb(neck, pose.hands[0], UPPER_ARM, FOREARM, elbows[0]), limb(neck, pose.hands[1], UPPER_ARM, FOREARM, elbows[1])],
    legs: [limb(pose.hip, pose.feet[0], THIGH, SHIN, knees[0]), limb(pose.hip, pose.feet[1], THIGH, SHIN, knees[1])],
  };
}

export const points = (list: readonly Point[]) => list.map(([x, y]) => `${round(x)},${round(y)}`).join(' ');

/** The polylines and the head of a pose, as SVG attribute values. */
export function shapesOf(pose: Pose) {
  const s = skeletonOf(pose);
  return {
    head: { cx: round(s.head[0]), cy: round(s.head[1]) },
    torso: points([s.hip, s.spine, s.neck]),
    farArm: points([s.neck, ...s.arms[0]]),
    nearArm: points([s.neck, ...s.arms[1]]),
    farLeg: points([s.hip, ...s.legs[0]]),
    nearLeg: points([s.hip, ...s.legs[1]]),
    farHand: { cx: round(s.arms[0][1][0]), cy: round(s.arms[0][1][1]) },
    nearHand: { cx: round(s.arms[1][1][0]), cy: round(s.arms[1][1][1]) },
  };
}

const G = GROUND_Y;
const standing = (x: number, hands?: readonly [Point, Point]): Pose => ({
  hip: [x, G - 52],
  torso: 2,
  hands: hands ?? [
    [x + 5, G - 48],
    [x - 1, G - 47],
  ],
  feet: [
    [x + 3, G],
    [x - 3, G],
  ],
});

/** Every movement family of the catalogue (backend `MEDIA_FAMILIES`). */
export const FAMILY_DEMOS: Record<string, FamilyDemo> = {
  sentadilla: {
    seconds: 2.6,
    poster: 1,
    poses: [
      {
        ...standing(120),
        hands: [
          [150, 70],
          [148, 72],
        ],
      },
      {
        hip: [99, 114],
        torso: 38,
        head: -20,
        hands: [
          [166, 86],
          [164, 88],
        ],
        feet: [
          [124, 142],
          [120, 142],
        ],
      },
    ],
  },
  zancada: {
    seconds: 2.8,
    poster: 1,
    poses: [
      {
        hip: [128, 90],
        torso: 0,
        hands: [
          [132, 96],
          [126, 97],
        ],
        feet: [
          [130, 142],
          [136, 142],
        ],
      },
      {
        hip: [116, 116],
        torso: 0,
        hands: [
          [120, 120],
          [114, 121],
        ],
        feet: [
          [80, 141],
          [140, 142],
        ],
      },
    ],
  },
  bisagra: {
    seconds: 3,
    poster: 1,
    dumbbells: true,
    poses: [
      standing(118, [
        [122, 104],
        [116, 105],
      ]),
      {
        hip: [104, 95],
        torso: 76,
        head: -18,
        hands: [
          [144, 128],
          [140, 129],
        ],
        feet: [
          [122, 142],
          [118, 142],
        ],
      },
    ],
  },
  empuje: {
    seconds: 2.4,
    poster: 0,
    prop: 'mat',
    poses: [
      {
        hip: [85, 116],
        torso: 68,
        head: 8,
        hands: [
          [126, 142],
          [122, 142],
        ],
        feet: [
          [36, 141],
          [32, 141],
        ],
      },
      {
        hip: [88, 129],
        torso: 81,
        head: 4,
        hands: [
          [126, 142],
          [122, 142],
        ],
        feet: [
          [36, 141],
          [32, 141],
        ],
      },
    ],
  },
  tiron: {
    seconds: 2.4,
    poster: 1,
    dumbbells: true,
    poses: [
      {
        hip: [100, 96],
        torso: 68,
        head: -16,
        hands: [
          [138, 118],
          [136, 130],
        ],
        feet: [
          [120, 142],
          [86, 142],
        ],
      },
      {
        hip: [100, 96],
        torso: 68,
        head: -16,
        hands: [
          [138, 118],
          [112, 104],
        ],
        feet: [
          [120, 142],
          [86, 142],
        ],
        elbows: [1, -1],
      },
    ],
  },
  plancha: {
    seconds: 1.3,
    poster: 1,
    prop: 'mat',
    poses: [
      {
        hip: [85, 117],
        torso: 70,
        head: 8,
        hands: [
          [126, 142],
          [122, 142],
        ],
        feet: [
          [36, 141],
          [40, 141],
        ],
      },
      {
        hip: [86, 115],
        torso: 70,
        head: 8,
        hands: [
          [126, 142],
          [122, 142],
        ],
        feet: [
          [36, 141],
          [98, 136],
        ],
      },
      {
        hip: [85, 117],
        torso: 70,
        head: 8,
        hands: [
          [126, 142],
          [122, 142],
        ],
        feet: [
          [96, 136],
          [40, 141],
        ],
      },
    ],
  },
  abdomen: {
    seconds: 2.4,
    poster: 1,
    prop: 'mat',
    poses: [
      {
        hip: [110, 136],
        torso: -88,
        head: 0,
        hands: [
          [64, 128],
          [62, 130],
        ],
        feet: [
          [150, 141],
          [146, 141],
        ],
        elbows: [-1, -1],
      },
      {
        hip: [110, 136],
        torso: -52,
        head: 14,
        hands: [
          [78, 104],
          [76, 106],
        ],
        feet: [
          [150, 141],
          [146, 141],
        ],
        elbows: [-1, -1],
      },
    ],
  },
  salto: {
    seconds: 1.5,
    poster: 1,
    poses: [
      {
        hip: [102, 112],
        torso: 36,
        head: -18,
        hands: [
          [92, 118],
          [96, 120],
        ],
        feet: [
          [124, 142],
          [120, 142],
        ],
        elbows: [-1, -1],
      },
      {
        hip: [120, 76],
        torso: 4,
        hands: [
          [150, 24],
          [144, 28],
        ],
        feet: [
          [122, 130],
          [116, 128],
        ],
        elbows: [-1, -1],
      },
    ],
  },
  boxeo: {
    seconds: 1.8,
    poster: 1,
    prop: 'bag',
    poses: [
      {
        hip: [104, 92],
        torso: 10,
        head: 4,
        hands: [
          [128, 50],
          [124, 56],
        ],
        feet: [
          [124, 142],
          [88, 142],
        ],
        elbows: [1, 1],
      },
      {
        hip: [106, 92],
        torso: 14,
        head: 4,
        hands: [
          [128, 50],
          [168, 52],
        ],
        feet: [
          [124, 142],
          [88, 142],
        ],
        elbows: [1, 1],
      },
      {
        hip: [104, 92],
        torso: 10,
        head: 4,
        hands: [
          [128, 50],
          [124, 56],
        ],
        feet: [
          [124, 142],
          [88, 142],
        ],
        elbows: [1, 1],
      },
      {
        hip: [110, 92],
        torso: 20,
        head: 0,
        hands: [
          [170, 50],
          [126, 58],
        ],
        feet: [
          [124, 142],
          [88, 142],
        ],
        elbows: [1, 1],
      },
    ],
  },
  cardio: {
    seconds: 1.1,
    poster: 1,
    poses: [
      {
        hip: [120, 90],
        torso: 0,
        hands: [
          [106, 96],
          [134, 96],
        ],
        feet: [
          [113, 142],
          [127, 142],
        ],
        elbows: [-1, 1],
        knees: [1, -1],
      },
      {
        hip: [120, 84],
        torso: 0,
        hands: [
          [86, 26],
          [154, 26],
        ],
        feet: [
          [98, 139],
          [142, 139],
        ],
        elbows: [1, -1],
        knees: [1, -1],
      },
    ],
  },
  movilidad: {
    seconds: 4,
    poster: 0,
    prop: 'mat',
    poses: [
      {
        hip: [92, 108],
        torso: 90,
        head: 30,
        arch: 9,
        hands: [
          [134, 142],
          [130, 142],
        ],
        feet: [
          [62, 141],
          [58, 141],
        ],
      },
      {
        hip: [92, 110],
        torso: 90,
        head: -30,
        arch: -7,
        hands: [
          [134, 142],
          [130, 142],
        ],
        feet: [
          [62, 141],
          [58, 141],
        ],
      },
    ],
  },
  yoga: {
    seconds: 5,
    poster: 0,
    prop: 'mat',
    poses: [
      {
        hip: [104, 86],
        torso: 128,
        head: 10,
        hands: [
          [152, 142],
          [148, 142],
        ],
        feet: [
          [78, 141],
          [74, 141],
        ],
      },
      {
        hip: [92, 134],
        torso: 52,
        head: -30,
        hands: [
          [124, 142],
          [120, 142],
        ],
        feet: [
          [42, 141],
          [38, 141],
        ],
      },
    ],
  },
  equilibrio: {
    seconds: 4,
    poster: 1,
    poses: [
      {
        hip: [120, 90],
        torso: 2,
        hands: [
          [126, 96],
          [118, 97],
        ],
        feet: [
          [112, 134],
          [122, 142],
        ],
      },
      {
        hip: [120, 94],
        torso: 82,
        head: -10,
        hands: [
          [150, 110],
          [148, 112],
        ],
        feet: [
          [70, 84],
          [122, 142],
        ],
        knees: [1, -1],
      },
    ],
  },
};

export const DEFAULT_FAMILY = 'cardio';

export function demoOf(family: string | null | undefined): FamilyDemo {
  return FAMILY_DEMOS[family ?? ''] ?? FAMILY_DEMOS[DEFAULT_FAMILY];
}

/** `ejercicio-{family}`: the family of a built-in demonstration, from its public id. */
export function familyOfPublicId(publicId: string | null | undefined): string | null {
  const match = /^ejercicio-([a-z]+)$/.exec(publicId ?? '');
  return match && match[1] in FAMILY_DEMOS ? match[1] : null;
}

/** How the staff console names each family. */
export const FAMILY_LABELS: Record<string, string> = {
  sentadilla: 'Sentadillas',
  zancada: 'Zancadas',
  bisagra: 'Bisagra de cadera',
  empuje: 'Empujes',
  tiron: 'Tirones',
  plancha: 'Planchas',
  abdomen: 'Abdomen',
  salto: 'Saltos',
  boxeo: 'Boxeo',
  cardio: 'Cardio',
  movilidad: 'Movilidad',
  yoga: 'Yoga',
  equilibrio: 'Equilibrio',
};
