import request from 'supertest';
import { bearerFor } from './support/auth';
import { createTestApp, TestApp } from './support/test-app';

interface Route {
  method: string;
  path: string;
}

/** Every route the running app serves under /api/staff, read from the router itself, so a new one cannot be left out. */
function staffRoutes(t: TestApp): Route[] {
  const express = t.app.getHttpAdapter().getInstance() as { router?: { stack: unknown[] }; _router?: { stack: unknown[] } };
  const stack = (express.router ?? express._router)!.stack as Array<{ route?: { path: string; methods: Record<string, boolean> } }>;
  const routes: Route[] = [];
  for (const layer of stack) {
    if (!layer.route || !layer.route.path.startsWith('/api/staff')) continue;
    for (const [method, enabled] of Object.entries(layer.route.methods)) if (enabled && method !== '_all') routes.push({ method, path: layer.route.path });
  }
  return routes;
}

/** A concrete URL for a route pattern: parameters get a well-formed value, so only the guard can refuse. */
function concrete(path: string): string {
  return path
    .replace(':eventId', '00000000-0000-4000-8000-000000000000')
    .replace(':id', '00000000-0000-4000-8000-000000000000')
    .replace(':userId', '00000000-0000-4000-8000-000000000001')
    .replace(':name', 'member_profiles')
    .replace(':exerciseId', '00000000-0000-4000-8000-000000000002')
    .replace(':mediaKind', 'photo')
    .replace(':trainerId', 'andres');
}

describe('staff console authorisation (e2e)', () => {
  let t: TestApp;
  let routes: Route[];
  let member: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp();
    routes = staffRoutes(t);
    member = await bearerFor(t);
    staff = await bearerFor(t, { role: 'staff', email: 'recepcion@pulso.sv', firstName: 'Rosa', lastName: 'Staff' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('finds the staff routes in the router', () => {
    const listed = routes.map((route) => `${route.method.toUpperCase()} ${route.path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        'GET /api/staff/events',
        'GET /api/staff/events/export.csv',
        'GET /api/staff/events/:eventId',
        'GET /api/staff/members',
        'GET /api/staff/members/:userId/timeline',
        'GET /api/staff/projections',
        'POST /api/staff/projections/rebuild-all',
        'POST /api/staff/projections/:name/rebuild',
        'GET /api/staff/free-class-bookings',
        'POST /api/staff/free-class-bookings/:id/outcome',
        'GET /api/staff/mail-outbox',
      ]),
    );
  });

  const send = (route: Route, auth?: string) => {
    const agent = request(t.app.getHttpServer());
    // Every write method with a body (POST, PUT, PATCH): the guard answers before validation; DELETE without one.
    const call =
      route.method === 'get'
        ? agent.get(concrete(route.path))
        : route.method === 'delete'
          ? agent.delete(concrete(route.path))
          : agent[route.method as 'post' | 'put' | 'patch'](concrete(route.path)).send({ outcome: 'attended' });
    return auth ? call.set('Authorization', auth) : call;
  };

  it('answers 401 in Spanish to anonymous callers on every staff route', async () => {
    for (const route of routes) {
      const response = await send(route);
      expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({ route: `${route.method} ${route.path}`, status: 401 });
      expect(response.body.error).toBe('Debes iniciar sesión para continuar.');
    }
  });

  it('answers 403 in Spanish to members on every staff route', async () => {
    for (const route of routes) {
      const response = await send(route, member);
      expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({ route: `${route.method} ${route.path}`, status: 403 });
      expect(response.body.error).toBe('No tienes permiso para realizar esta acción.');
    }
  });

  it('lets staff through on every staff route', async () => {
    for (const route of routes) {
      const response = await send(route, staff);
      expect({ route: `${route.method} ${route.path}`, refused: [401, 403].includes(response.status) }).toEqual({
        route: `${route.method} ${route.path}`,
        refused: false,
      });
      expect(response.status).toBeLessThan(500);
    }
  });
});
