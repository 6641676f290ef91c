import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadOnceForChunk, RouteErrorBoundary } from './route-error-boundary';

const OFFLINE = 'Sin conexión. Reintentaremos en cuanto vuelvas a estar en línea.';

function Throws({ error }: { error: Error }): never {
  throw error;
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://pulso.sv/assets/training-progress-Cs3F.js',
    'error loading dynamically imported module: https://pulso.sv/assets/a.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/training-progress-D4zX.css',
  ])('knows "%s"', (message) => expect(isChunkLoadError(new TypeError(message))).toBe(true));

  it('is not any other failure', () => expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false));
});

describe('reloadOnceForChunk', () => {
  beforeEach(() => sessionStorage.clear());

  it('reloads a page once, and not again moments later for the same page', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunk(sessionStorage, 1_000, reload, '/training/progress')).toBe(true);
    expect(reloadOnceForChunk(sessionStorage, 5_000, reload, '/training/progress')).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // Another page, or the same one much later (another deployment), may reload again.
    expect(reloadOnceForChunk(sessionStorage, 6_000, reload, '/training/workouts')).toBe(true);
    expect(reloadOnceForChunk(sessionStorage, 60_000, reload, '/training/progress')).toBe(true);
    expect(reload).toHaveBeenCalledTimes(3);
  });
});

describe('RouteErrorBoundary', () => {
  const chunkGone = new TypeError('Failed to fetch dynamically imported module: /assets/training-progress-x.js');
  beforeEach(() => {
    sessionStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    setOnline(true);
    vi.restoreAllMocks();
  });

  const show = (error: Error, reload = vi.fn()) =>
    render(
      <MemoryRouter initialEntries={['/training/progress']}>
        <RouteErrorBoundary reload={reload}>
          <Throws error={error} />
        </RouteErrorBoundary>
      </MemoryRouter>,
    );

  it('offline, says so in Spanish and reloads the page by itself when the connection returns', () => {
    setOnline(false);
    const reload = vi.fn();
    show(chunkGone, reload);
    expect(screen.getByRole('alert')).toHaveTextContent(OFFLINE);
    expect(reload).not.toHaveBeenCalled();
    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('any other failure shows a retry, never a blank page', () => {
    show(new TypeError("Cannot read properties of undefined (reading 'map')"));
    expect(screen.getByRole('alert')).toHaveTextContent('Algo salió mal');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  });
});
