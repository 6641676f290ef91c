import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { baseApi } from '../api/base-api';
import { stubRelativeRequests } from './relative-requests';

/**
 * Test support for the members' pages: a stand-in for the API answering spec-shaped
 * JSON through a stubbed `fetch`, and a renderer with a fresh store and router.
 */

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

export type FakeHandler = FakeAnswer | ((request: { url: URL; body: unknown }) => FakeAnswer);

export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  body: unknown;
  headers: Headers;
}

export interface FakeBackend {
  requests: RecordedRequest[];
  /** Replace or add an answer, e.g. `backend.on('GET /api/enrollments', {...})`. */
  on(route: string, handler: FakeHandler): void;
  calls(route: string): RecordedRequest[];
}

/** Installs the fake for one test; routes are "METHOD /path" without the query string. */
export function installFakeBackend(routes: Record<string, FakeHandler>): FakeBackend {
  const table = new Map(Object.entries(routes));
  const requests: RecordedRequest[] = [];
  const RealRequest = stubRelativeRequests();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof RealRequest ? input : new RealRequest(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'DELETE' ? '' : await request.text();
    const body = text ? JSON.parse(text) : undefined;
    requests.push({ method: request.method, path: url.pathname, search: url.search, body, headers: request.headers });
    const handler = table.get(`${request.method} ${url.pathname}`);
    if (!handler) return jsonResponse(404, { error: 'Recurso no encontrado.', message: 'Recurso no encontrado.' });
    const answer = typeof handler === 'function' ? handler({ url, body }) : handler;
    return jsonResponse(answer.status ?? 200, answer.body ?? {});
  });
  return {
    requests,
    on: (route, handler) => table.set(route, handler),
    calls: (route) => {
      const [method, path] = route.split(' ');
      return requests.filter((request) => request.method === method && request.path === path);
    },
  };
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fresh store holding only the API slice, as the app's store does. */
export function makeTestStore() {
  return configureStore({
    reducer: { [baseApi.reducerPath]: baseApi.reducer },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
}

/** Renders `element` at `path` with a fresh API store; other paths render their name so redirects can be asserted. */
export function renderMemberPage(element: ReactElement, { path, at = path }: { path: string; at?: string }) {
  const store = makeTestStore();
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [at] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, router, store };
}

/** Spec-shaped fixtures reused across the page tests. */
export const fixtures = {
  user: {
    firstName: 'María',
    lastName: 'López',
    email: 'maria@example.com',
    profile: { dateOfBirth: '1990-05-15T12:00:00.000Z', gender: 'female', height: 165, weight: 60, fitnessLevel: 'intermediate', goals: ['Perder peso'] },
  },
  stats: {
    totalWorkouts: 12,
    hasWorkoutToday: true,
    currentStreak: 3,
    longestStreak: 5,
    thisWeekCount: 2,
    thisMonthCount: 6,
    totalDurationSec: 5 * 3600 + 20 * 60,
    activePlans: 1,
    recentWorkouts: [{ completedAt: '2026-11-21T18:00:00.000Z', workoutId: { title: 'Fuerza Total' } }],
    achievements: [
      {
        code: 'streak-3',
        title: '3 días seguidos',
        description: 'Entrena 3 días seguidos',
        unlocked: true,
        unlockedAt: '2026-11-20T18:00:00.000Z',
        progress: 3,
        target: 3,
      },
      {
        code: 'workouts-10',
        title: '10 entrenamientos',
        description: 'Completa 10 entrenamientos',
        unlocked: false,
        unlockedAt: null,
        progress: 7,
        target: 10,
      },
    ],
  },
};
