import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const PICTURE =
  '<picture><source type="image/avif" srcset="/api/media/uploads/a-640.avif 640w" sizes="100vw"><img src="/api/media/uploads/a-960.webp" alt="Sala principal"></picture>';

/** The module reads the page's JSON block once, when it loads: a fresh copy per case. */
async function freshLandingImage() {
  vi.resetModules();
  return (await import('./landing-image')).LandingImage;
}

afterEach(() => {
  document.getElementById('pulso-landing-images')?.remove();
  vi.unstubAllGlobals();
});

describe('LandingImage', () => {
  it("shows the place's illustration while the studio has no photo for it", async () => {
    document.head.insertAdjacentHTML('beforeend', '<script type="application/json" id="pulso-landing-images">{"images":[]}</script>');
    const LandingImage = await freshLandingImage();
    const { container } = render(
      <LandingImage slot="nosotros" className="about__image">
        <img src="/images/about-studio.svg" alt="El estudio" />
      </LandingImage>,
    );
    expect(screen.getByRole('img', { name: 'El estudio' })).toHaveAttribute('src', '/images/about-studio.svg');
    expect(container.querySelector('[data-slot="nosotros"]')).toHaveClass('landing-image', 'about__image');
  });

  it('shows the photo the served page carries, as the backend wrote it', async () => {
    document.head.insertAdjacentHTML(
      'beforeend',
      `<script type="application/json" id="pulso-landing-images">${JSON.stringify({ images: [{ slot: 'portada', html: PICTURE }] }).replace(/</g, '\\u003c')}</script>`,
    );
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const LandingImage = await freshLandingImage();
    const { container } = render(<LandingImage slot="portada" className="hero__photo" />);
    expect(container.querySelector('[data-slot="portada"]')!.innerHTML).toBe(PICTURE);
    expect(screen.getByRole('img', { name: 'Sala principal' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for the photos when the page came without them (another web server), once for every place', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ images: [{ slot: 'portada', html: PICTURE }] }), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    const LandingImage = await freshLandingImage();
    render(
      <>
        <LandingImage slot="portada" className="hero__photo" />
        <LandingImage slot="sistemas" className="feature-art">
          <img src="/images/app-systems.svg" alt="La app" />
        </LandingImage>
      </>,
    );
    expect(await screen.findByRole('img', { name: 'Sala principal' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'La app' })).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/media/landing');
  });
});
