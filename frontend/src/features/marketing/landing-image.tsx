import { useEffect, useState, type ReactNode } from 'react';
import type { LandingImagesDto } from '../../shared/api/generated-api';

/** Each place's <picture>, by place ('portada', 'entrenador-andres'…), as the backend writes it. */
type Markup = Record<string, string | undefined>;

const toMarkup = ({ images }: Pick<LandingImagesDto, 'images'>): Markup => Object.fromEntries(images.map((image) => [image.slot, image.html]));

/**
 * The studio's photos as the served HTML carries them (ADR 0300): the backend filled the slots of
 * the page and left the same markup in this JSON block, so hydration renders what is on screen.
 * Undefined when the HTML came from elsewhere (the build, another web server): then they are asked for.
 */
function embedded(): Markup | undefined {
  const json = typeof document === 'undefined' ? undefined : document.getElementById('pulso-landing-images')?.textContent;
  try {
    return json ? toMarkup(JSON.parse(json) as LandingImagesDto) : undefined;
  } catch {
    return {};
  }
}

let known = embedded();
let asked: Promise<Markup> | undefined;

function useLandingMarkup(): Markup {
  const [markup, setMarkup] = useState<Markup>(() => known ?? {});
  useEffect(() => {
    if (known) return;
    asked ??= fetch('/api/media/landing')
      .then((response) => (response.ok ? (response.json() as Promise<LandingImagesDto>) : { images: [] }))
      .then(toMarkup, () => ({}));
    void asked.then((loaded) => setMarkup((known = loaded)));
  }, []);
  return markup;
}

/**
 * A place of the landing the studio can fill with its own photo from the staff console (Medios);
 * until then, and again once it is removed, its illustration. The frame keeps the place's size
 * whatever the photo's shape: nothing moves when one arrives.
 */
export function LandingImage({ slot, className, children }: { slot: string; className: string; children?: ReactNode }) {
  const html = useLandingMarkup()[slot];
  return html ? (
    // The backend's own markup, its text escaped there: the same string the HTML came with.
    <div className={`landing-image ${className}`} data-slot={slot} dangerouslySetInnerHTML={{ __html: html }} />
  ) : (
    <div className={`landing-image ${className}`} data-slot={slot}>
      {children}
    </div>
  );
}
