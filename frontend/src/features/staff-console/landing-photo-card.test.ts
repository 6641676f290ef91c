import { describe, expect, it } from 'vitest';
import { focalFromClick } from './landing-photo-card';

describe('focal point from a click on the photo', () => {
  const rect = { left: 100, top: 50, width: 400, height: 200 };

  it('is the click in percent of the photo, from its top left corner', () => {
    expect(focalFromClick(rect, 200, 110)).toEqual({ x: 25, y: 30 });
    expect(focalFromClick(rect, 300, 150)).toEqual({ x: 50, y: 50 });
  });

  it('stays on the photo when the click lands on its edge or just past it', () => {
    expect(focalFromClick(rect, 90, 260)).toEqual({ x: 0, y: 100 });
    expect(focalFromClick(rect, 500.4, 49.6)).toEqual({ x: 100, y: 0 });
  });
});
