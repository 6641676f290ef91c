import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FAMILY_DEMOS } from './demo-poses';
import { DemoFigure } from './exercise-demo';

/*
 * The backend serves each family's poster as the media object's thumbnail (`thumbSecureUrl`,
 * ADR 0220): `backend/media/ejercicio-{family}/poster.svg`, the same drawing as the SPA's cards.
 * This check fails when a pose changed and the files were not redrawn:
 *   UPDATE_DEMO_POSTERS=1 npx vitest run src/shared/ui/demo/demo-posters.test.tsx
 */
const MEDIA_DIR = path.resolve(__dirname, '../../../../../backend/media');
const css = readFileSync(path.join(__dirname, 'exercise-demo.css'), 'utf8')
  .replace(/\/\*[^]*?\*\//g, '')
  .replace(/\s+/g, ' ')
  .trim();

function standalonePoster(family: string): string {
  const markup = renderToStaticMarkup(<DemoFigure family={family} fit="contain" title={`Demostración: ${family}`} />)
    .replace(/ id="demo-bg-[^"]*"/, ' id="fondo"')
    .replace(/url\(#demo-bg-[^)]*\)/, 'url(#fondo)');
  return `${markup.replace('<svg ', `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320" `).replace(/(<svg[^>]*>)/, `$1<style>${css}</style>`)}\n`;
}

describe('demonstration posters served by the backend', () => {
  for (const family of Object.keys(FAMILY_DEMOS)) {
    it(`backend/media/ejercicio-${family}/poster.svg is the current drawing`, () => {
      const file = path.join(MEDIA_DIR, `ejercicio-${family}`, 'poster.svg');
      const drawing = standalonePoster(family);
      if (process.env.UPDATE_DEMO_POSTERS) writeFileSync(file, drawing);
      expect(readFileSync(file, 'utf8')).toBe(drawing);
      expect(drawing).not.toContain('<animate');
    });
  }
});
