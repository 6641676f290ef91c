import { describe, expect, it } from 'vitest';
import { demoOf, FAMILY_DEMOS, FAMILY_LABELS, familyOfPublicId, GROUND_Y, skeletonOf, solveJoint, type Point } from './demo-poses';

/** The catalogue's families (backend `MEDIA_FAMILIES`). */
const FAMILIES = ['sentadilla', 'zancada', 'bisagra', 'empuje', 'tiron', 'plancha', 'abdomen', 'salto', 'boxeo', 'cardio', 'movilidad', 'yoga', 'equilibrio'];
const distance = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

describe('demonstration poses', () => {
  it('draws every family of the catalogue, with a label for the staff console', () => {
    expect(Object.keys(FAMILY_DEMOS).sort()).toEqual([...FAMILIES].sort());
    for (const family of FAMILIES) {
      expect(FAMILY_LABELS[family]).toBeTruthy();
      expect(FAMILY_DEMOS[family].poses.length).toBeGreaterThanOrEqual(2);
      expect(FAMILY_DEMOS[family].poster).toBeLessThan(FAMILY_DEMOS[family].poses.length);
    }
  });

  it('keeps every limb the same length in every pose, so the figure never stretches', () => {
    for (const [family, demo] of Object.entries(FAMILY_DEMOS)) {
      for (const pose of demo.poses) {
        const s = skeletonOf(pose);
        for (const [elbow, hand] of s.arms) {
          expect(distance(s.neck, elbow), `${family} upper arm`).toBeCloseTo(22, 0);
          expect(distance(elbow, hand), `${family} forearm`).toBeCloseTo(20, 0);
        }
        for (const [knee, foot] of s.legs) {
          expect(distance(s.hip, knee), `${family} thigh`).toBeCloseTo(27, 0);
          expect(distance(knee, foot), `${family} shin`).toBeCloseTo(26, 0);
        }
        expect(distance(s.hip, s.neck), `${family} torso`).toBeCloseTo(40, 0);
      }
    }
  });

  it('never puts a hand, a foot or the head through the floor', () => {
    for (const [family, demo] of Object.entries(FAMILY_DEMOS)) {
      for (const pose of demo.poses) {
        const s = skeletonOf(pose);
        const lowest = Math.max(s.head[1], ...s.arms.map(([, hand]) => hand[1]), ...s.legs.map(([, foot]) => foot[1]));
        expect(lowest, family).toBeLessThanOrEqual(GROUND_Y + 1);
      }
    }
  });

  it('bends a joint towards the side asked and goes straight when the target is out of reach', () => {
    const forward = solveJoint([0, 0], [0, 40], 27, 26, -1);
    const backward = solveJoint([0, 0], [0, 40], 27, 26, 1);
    expect(forward[0]).toBeGreaterThan(0);
    expect(backward[0]).toBeLessThan(0);
    const straight = solveJoint([0, 0], [0, 200], 27, 26, -1);
    expect(Math.abs(straight[0])).toBeLessThan(1);
    expect(straight[1]).toBeCloseTo(27, 0);
  });

  it('reads the family from a built-in public id only', () => {
    expect(familyOfPublicId('ejercicio-boxeo')).toBe('boxeo');
    expect(familyOfPublicId('ejercicio-natacion')).toBeNull();
    expect(familyOfPublicId('subida-4f1c2a9e')).toBeNull();
    expect(familyOfPublicId(null)).toBeNull();
    expect(demoOf('no-existe')).toBe(FAMILY_DEMOS.cardio);
  });
});
