import { useSyncExternalStore } from 'react';

/**
 * The members' service worker (vite/pwa.ts, ADR 0305): registered from the signed-in pages only,
 * so the public site never loads it. A new version installs in the background and waits; the
 * page announces it and swaps only when the member taps "Actualizar", so an open tab (a workout
 * in progress) never changes code under the member.
 */

interface UpdateState {
  /** A newer worker is installed and waiting for the member's tap. */
  available: boolean;
}

let state: UpdateState = { available: false };
let waiting: ServiceWorker | null = null;
let registering: Promise<ServiceWorkerRegistration | undefined> | undefined;
const listeners = new Set<() => void>();
/** How often an open tab asks for a new version, besides each time it comes back to the foreground. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

function publish(next: UpdateState): void {
  state = next;
  for (const listener of listeners) listener();
}

function offer(worker: ServiceWorker): void {
  waiting = worker;
  publish({ available: true });
}

/** Whether this browser can run the worker (production builds only: the dev server has none). */
export function serviceWorkersSupported(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

function watch(registration: ServiceWorkerRegistration): void {
  // A worker waiting with another in control is a new version; with none in control it is the first install.
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed' && navigator.serviceWorker.controller) offer(installing);
    });
  });
  const check = () => {
    if (document.visibilityState === 'visible' && navigator.onLine) registration.update().catch(() => undefined);
  };
  document.addEventListener('visibilitychange', check);
  window.setInterval(check, UPDATE_CHECK_MS);
}

/** Registers the worker once per page; later calls get the same registration. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!serviceWorkersSupported()) return Promise.resolve(undefined);
  registering ??= navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then((registration) => {
      watch(registration);
      return registration;
    })
    .catch((error: unknown) => {
      console.warn('No se pudo instalar la app para usarla sin conexión', error);
      registering = undefined;
      return undefined;
    });
  return registering;
}

/** "Actualizar": the waiting worker takes over and the page reloads on it, where the member was. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  worker.postMessage({ type: 'SKIP_WAITING' });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = (): UpdateState => state;

export function useAppUpdate(): UpdateState & { apply: () => void } {
  return { ...useSyncExternalStore(subscribe, getSnapshot, getSnapshot), apply: applyUpdate };
}

function subscribeControl(listener: () => void): () => void {
  if (!serviceWorkersSupported()) return () => undefined;
  navigator.serviceWorker.addEventListener('controllerchange', listener);
  return () => navigator.serviceWorker.removeEventListener('controllerchange', listener);
}

/** Whether the worker answers this page's requests (from the first install on, without a reload). */
export function useServiceWorkerControl(): boolean {
  return useSyncExternalStore(
    subscribeControl,
    () => serviceWorkersSupported() && navigator.serviceWorker.controller !== null,
    () => false,
  );
}
