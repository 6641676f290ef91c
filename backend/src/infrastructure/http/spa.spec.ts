import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { prerenderedPages, serveSpa } from './spa';

@Controller('health')
class HealthController {
  @Get()
  health() {
    return { ok: true };
  }
}

@Module({ controllers: [HealthController] })
class TestModule {}

describe('serveSpa', () => {
  let dist: string;
  let app: NestExpressApplication;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'pulso-spa-'));
    mkdirSync(path.join(dist, 'prerendered'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<div id="root"></div>shell');
    writeFileSync(path.join(dist, 'prerendered', 'index.html'), '<h1>landing</h1>');
    writeFileSync(path.join(dist, 'prerendered', 'memberships.html'), '<h1>memberships</h1>');
    writeFileSync(path.join(dist, 'assets', 'app-abc.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => undefined)');
    writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"start_url":"/training"}');
    writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
    app = await NestFactory.create<NestExpressApplication>(TestModule, { logger: false });
    app.setGlobalPrefix('api');
    expect(serveSpa(app, dist)).toBe(true);
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('maps each prerendered file to its path', () => {
    expect([...prerenderedPages(dist).keys()].sort()).toEqual(['/', '/memberships']);
  });

  it('serves a prerendered page for exactly its path, with or without a trailing slash', async () => {
    const server = app.getHttpServer();
    for (const [url, body] of [
      ['/', '<h1>landing</h1>'],
      ['/memberships', '<h1>memberships</h1>'],
      ['/memberships/', '<h1>memberships</h1>'],
    ]) {
      const response = await request(server).get(url).expect(200);
      expect(response.text).toBe(body);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the shell for every other client route, and leaves the API and assets alone', async () => {
    const server = app.getHttpServer();
    for (const url of ['/register', '/memberships/extra', '/Memberships', '/training/plans']) {
      expect((await request(server).get(url).expect(200)).text).toContain('shell');
    }
    expect((await request(server).get('/api/health').expect(200)).body).toEqual({ ok: true });
    expect((await request(server).get('/assets/app-abc.js').expect(200)).headers['cache-control']).toContain('immutable');
    await request(server).get('/assets/missing.js').expect(404);
  });

  it('has the service worker, the manifest and the shell checked on every use, other public files kept 5 minutes', async () => {
    const server = app.getHttpServer();
    for (const url of ['/sw.js', '/manifest.webmanifest', '/index.html']) {
      expect((await request(server).get(url).expect(200)).headers['cache-control']).toBe('no-cache');
    }
    expect((await request(server).get('/robots.txt').expect(200)).headers['cache-control']).toBe('public, max-age=300');
  });

  it('still works without prerendered pages', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'pulso-spa-'));
    try {
      expect(prerenderedPages(empty).size).toBe(0);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('serveSpa with a page filler', () => {
  let dist: string;
  let app: NestExpressApplication;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'pulso-spa-'));
    mkdirSync(path.join(dist, 'prerendered'));
    writeFileSync(path.join(dist, 'index.html'), '<div id="root"></div>shell');
    writeFileSync(path.join(dist, 'prerendered', 'index.html'), '<h1>landing</h1>');
    app = await NestFactory.create<NestExpressApplication>(TestModule, { logger: false });
    app.setGlobalPrefix('api');
    expect(serveSpa(app, dist, (html, file) => `${html}<!-- ${path.relative(dist, file)} -->`)).toBe(true);
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends every page through it, as the file is on disk now (a new build is served at once)', async () => {
    const server = app.getHttpServer();
    const landing = await request(server).get('/').expect(200).expect('Content-Type', /html/);
    expect(landing.text).toBe(`<h1>landing</h1><!-- ${path.join('prerendered', 'index.html')} -->`);
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect((await request(server).get('/training').expect(200)).text).toBe('<div id="root"></div>shell<!-- index.html -->');
    writeFileSync(path.join(dist, 'prerendered', 'index.html'), '<h1>otra</h1>');
    expect((await request(server).get('/').expect(200)).text).toMatch(/^<h1>otra<\/h1>/);
  });
});
