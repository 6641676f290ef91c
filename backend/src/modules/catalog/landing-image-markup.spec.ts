import { fillLandingHtml, type LandingPicture, pictureHtml } from './landing-image-markup';
import { widthsFor } from './landing-photo-sizes';

const picture: LandingPicture = {
  slot: 'nosotros',
  alt: 'Clase "Box & Burn" <en vivo>',
  focalX: 20,
  focalY: 80,
  width: 1600,
  height: 1200,
  src: '/api/media/uploads/a-960.webp',
  avifSrcset: '/api/media/uploads/a-640.avif 640w, /api/media/uploads/a-960.avif 960w',
  webpSrcset: '/api/media/uploads/a-640.webp 640w, /api/media/uploads/a-960.webp 960w',
};

describe('the landing photo markup', () => {
  it('draws a photo as AVIF and WebP sources with width descriptors, its text escaped and its focal point kept in view', () => {
    expect(pictureHtml(picture, { sizes: '100vw', eager: false })).toBe(
      '<picture><source type="image/avif" srcset="/api/media/uploads/a-640.avif 640w, /api/media/uploads/a-960.avif 960w" sizes="100vw">' +
        '<source type="image/webp" srcset="/api/media/uploads/a-640.webp 640w, /api/media/uploads/a-960.webp 960w" sizes="100vw">' +
        '<img src="/api/media/uploads/a-960.webp" alt="Clase &quot;Box &amp; Burn&quot; &lt;en vivo&gt;" width="1600" height="1200" loading="lazy" decoding="async" style="object-position:20% 80%"></picture>',
    );
  });

  it('loads the hero at once and first, and leaves out sources a photo has no sizes for', () => {
    const html = pictureHtml({ ...picture, avifSrcset: '', webpSrcset: '' }, { sizes: '100vw', eager: true });
    expect(html).toBe(
      '<picture><img src="/api/media/uploads/a-960.webp" alt="Clase &quot;Box &amp; Burn&quot; &lt;en vivo&gt;" width="1600" height="1200" fetchpriority="high" decoding="async" style="object-position:20% 80%"></picture>',
    );
  });

  it('fills only the slots with a photo, whichever way the build closed the illustration, and leaves the markup for the SPA', () => {
    const page =
      '<html><head><title>Pulso</title></head><body>' +
      '<div class="landing-image hero__photo" data-slot="portada"></div>' +
      '<div class="landing-image about__image" data-slot="nosotros"><img src="/images/about-studio.svg" alt="El estudio" width="750" height="560"/></div>' +
      '<div class="landing-image feature-art" data-slot="sistemas"><img src="/images/app-systems.svg" alt="La app"></div>' +
      '</body></html>';
    const markup = new Map([
      ['nosotros', '<picture><img src="/x.webp" alt="</script><b>"></picture>'],
      ['portada', '<picture><img src="/h.webp" alt=""></picture>'],
    ]);
    const filled = fillLandingHtml(page, markup);
    expect(filled).toContain('<div class="landing-image hero__photo" data-slot="portada"><picture><img src="/h.webp" alt=""></picture></div>');
    expect(filled).toContain('<div class="landing-image about__image" data-slot="nosotros"><picture><img src="/x.webp" alt="</script><b>"></picture></div>');
    expect(filled).toContain('data-slot="sistemas"><img src="/images/app-systems.svg" alt="La app"></div>');
    // The JSON cannot close its own element: every "<" is escaped.
    const json = /<script type="application\/json" id="pulso-landing-images">(.*?)<\/script><\/head>/.exec(filled)?.[1];
    expect(json).not.toContain('<');
    expect(JSON.parse(json!)).toEqual({ images: [...markup].map(([slot, html]) => ({ slot, html })) });
  });

  it('leaves a page without photos as it is, apart from the empty list', () => {
    const page = '<html><head></head><body><div class="landing-image" data-slot="portada"></div></body></html>';
    expect(fillLandingHtml(page, new Map())).toBe(
      '<html><head><script type="application/json" id="pulso-landing-images">{"images":[]}</script></head><body><div class="landing-image" data-slot="portada"></div></body></html>',
    );
  });
});

describe('the sizes made from a landing photo', () => {
  it("makes the slot's sizes the photo is wider than, then the photo's own width, never enlarging it", () => {
    expect(widthsFor(4000, [640, 960, 1280, 1920])).toEqual([640, 960, 1280, 1920]);
    expect(widthsFor(1920, [640, 960, 1280, 1920])).toEqual([640, 960, 1280, 1920]);
    expect(widthsFor(1000, [640, 960, 1280, 1920])).toEqual([640, 960, 1000]);
    expect(widthsFor(640, [640, 960, 1280, 1920])).toEqual([640]);
  });
});
