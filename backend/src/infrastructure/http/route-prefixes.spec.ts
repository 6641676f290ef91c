import { Controller, Get, Module, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import express from 'express';
import request from 'supertest';
import { PulsoExpressAdapter } from './express-adapter';
import { guardRoutePrefixes, literalPrefix, startsWithFolded, type RouteLayer } from './route-prefixes';

/** Patterns as Nest registers them (the application's shapes), and the ones path-to-regexp makes hard. */
const PATTERNS = [
  '/api/progress/stats',
  '/api/progress',
  '/api/enrollments/:id/current',
  '/api/enrollments/:id',
  '/api/staff/members/:userId/timeline',
  '/api/staff/challenges/:challengeId/participants/export.csv',
  '/api/identity/.well-known/jwks.json',
  '/api/calendar/:file',
  '/api/media/:publicId/thumbnail',
  '/api/docs',
  '/api/docs-json',
  '/api/trailing/',
  '/API/Mixed/Case',
  '/api/files/*rest',
  '/api/optional{/:part}',
  '/api/escaped\\:colon',
  '/api/a-b_c.d~e',
  '/:anything',
  '/',
];

const PATHS = [
  '/api/progress/stats',
  '/api/progress/stats/',
  '/API/PROGRESS/STATS',
  '/api/Progress/stats',
  '/api/progress/statsx',
  '/api/progress/stat',
  '/api/progress',
  '/api/progress/',
  '/api//progress/stats',
  '/api/progre%73s/stats',
  '/api/progreſs/stats',
  '/api/\u212Aelvin',
  '/api/enrollments/0b7c/current',
  '/api/enrollments/%E2%9C%93',
  '/api/enrollments/',
  '/api/enrollments',
  '/api/staff/members/u-1/timeline',
  '/api/staff/challenges/c-1/participants/export.csv',
  '/api/staff/challenges/c-1/participants/exportXcsv',
  '/api/identity/.well-known/jwks.json',
  '/api/calendar/abc.ics',
  '/api/media/x/thumbnail',
  '/api/docs',
  '/api/docs-json',
  '/api/docs/',
  '/api/trailing',
  '/api/trailing/',
  '/api/mixed/case',
  '/API/MIXED/CASE/',
  '/api/files/a/b/c',
  '/api/files',
  '/api/optional',
  '/api/optional/x',
  '/api/escaped:colon',
  '/api/A-B_C.D~E',
  '/anything',
  '/',
  '',
  '/a',
];

/** A router's route layers, one per pattern, built by Express itself. */
function layers(options: express.RouterOptions): RouteLayer[] {
  const router = express.Router(options);
  for (const pattern of PATTERNS) router.get(pattern, () => undefined);
  return (router as unknown as { stack: RouteLayer[] }).stack;
}

describe('route prefixes (ADR 0271)', () => {
  it('takes the literal start of a pattern, lower-cased, without trailing slashes', () => {
    expect(literalPrefix('/api/progress/stats')).toBe('/api/progress/stats');
    expect(literalPrefix('/api/enrollments/:id/current')).toBe('/api/enrollments');
    expect(literalPrefix('/api/trailing/')).toBe('/api/trailing');
    expect(literalPrefix('/API/Mixed/Case')).toBe('/api/mixed/case');
    expect(literalPrefix('/api/optional{/:part}')).toBe('/api/optional');
    expect(literalPrefix('/api/escaped\\:colon')).toBe('/api/escaped');
    expect(literalPrefix('/:anything')).toBe('');
    expect(literalPrefix('/')).toBe('');
    expect(startsWithFolded('/API/Progress/x', '/api/progress')).toBe(true);
    expect(startsWithFolded('/api/progreſs', '/api/progress')).toBe(false);
    expect(startsWithFolded('/api', '/api/progress')).toBe(false);
  });

  for (const options of [{}, { caseSensitive: true }, { strict: true }, { caseSensitive: true, strict: true }]) {
    it(`answers every path exactly as the route's own matcher does (${JSON.stringify(options)})`, () => {
      const plain = layers(options);
      const guarded = layers(options);
      expect(guardRoutePrefixes(guarded)).toBe(PATTERNS.filter((pattern) => literalPrefix(pattern) !== '').length);
      let matched = 0;
      for (const [index, layer] of guarded.entries()) {
        for (const path of PATHS) {
          const expected = plain[index]!.match(path);
          if (expected) matched++;
          expect({ pattern: PATTERNS[index], path, match: layer.match(path) }).toEqual({ pattern: PATTERNS[index], path, match: expected });
        }
      }
      // The comparison covers matches, not only refusals.
      expect(matched).toBeGreaterThan(15);
    });
  }

  it('guards a layer once however often it is asked', () => {
    const stack = layers({});
    const first = guardRoutePrefixes(stack);
    expect(first).toBeGreaterThan(0);
    expect(guardRoutePrefixes(stack)).toBe(0);
    expect(stack[0]!.match('/api/progress/stats')).toBeTruthy();
  });
});

@Controller('api/enrollments')
class EnrollmentsProbeController {
  @Get(':id/current')
  current(@Param('id') id: string): { current: string } {
    return { current: id };
  }

  @Get()
  list(): { list: true } {
    return { list: true };
  }
}

@Module({ controllers: [EnrollmentsProbeController] })
class ProbeModule {}

describe('PulsoExpressAdapter with guarded routes', () => {
  it('guards the routes Nest registers and still routes as Express does: any case, a trailing slash, nothing else', async () => {
    const app = await NestFactory.create(ProbeModule, new PulsoExpressAdapter(), { logger: false });
    await app.init();
    try {
      const stack = (app.getHttpAdapter().getInstance() as unknown as { router: { stack: { match: { name: string }; route?: unknown }[] } }).router.stack;
      expect(stack.filter((layer) => layer.route).map((layer) => layer.match.name)).toEqual(['matchWhenPrefixed', 'matchWhenPrefixed']);
      const server = app.getHttpServer();
      expect((await request(server).get('/api/enrollments/e%201/current').expect(200)).body).toEqual({ current: 'e 1' });
      expect((await request(server).get('/API/Enrollments/E1/CURRENT/').expect(200)).body).toEqual({ current: 'E1' });
      expect((await request(server).get('/api/enrollments/').expect(200)).body).toEqual({ list: true });
      await request(server).get('/api/enrollmentsx').expect(404);
      await request(server).get('/api/enrollments/e1/currentx').expect(404);
    } finally {
      await app.close();
    }
  });
});
