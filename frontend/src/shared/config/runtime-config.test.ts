import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module (its state is the page's) and a GET /api/config that answers at once. */
async function freshModule() {
  vi.resetModules();
  const fetch = vi.fn(async () => new Response(JSON.stringify({ studioName: 'Pulso' }), { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return { module: await import('./runtime-config'), fetch };
}

afterEach(() => vi.unstubAllGlobals());

describe('loadRuntimeConfig', () => {
  it('publishes the config as soon as it arrives when nothing holds it', async () => {
    const { module } = await freshModule();
    await module.loadRuntimeConfig();
    const seen = vi.fn();
    // The store's current state, read as a hook would on its first render.
    const { renderHook } = await import('@testing-library/react');
    renderHook(() => seen(module.useRuntimeConfig()));
    expect(seen).toHaveBeenLastCalledWith(expect.objectContaining({ config: { studioName: 'Pulso' }, isLoading: false }));
  });

  it('keeps an arrived config unpublished until the hold is released, then publishes it', async () => {
    const { module, fetch } = await freshModule();
    let release = () => undefined as void;
    module.holdRuntimeConfigUntil(new Promise<void>((resolve) => (release = resolve)));
    let loaded = false;
    const loading = module.loadRuntimeConfig().then(() => (loaded = true));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    // The answer is in; the hold still stands.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loaded).toBe(false);

    release();
    await loading;
    const { renderHook } = await import('@testing-library/react');
    const { result } = renderHook(() => module.useRuntimeConfig());
    expect(result.current.config).toEqual({ studioName: 'Pulso' });
  });
});
