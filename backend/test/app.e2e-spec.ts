import { Client } from 'pg';
import request from 'supertest';
import { MailPort } from '../src/infrastructure/mail/mail.port';
import { createTestApp, TestApp } from './support/test-app';

describe('application baseline (e2e)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('is live and ready against its database', async () => {
    await request(t.app.getHttpServer()).get('/api/health/live').expect(200, { status: 'ok' });
    const ready = await request(t.app.getHttpServer()).get('/api/health/ready').expect(200);
    expect(ready.body.details.database.status).toBe('up');
  });

  it('serves the runtime configuration the SPA needs', async () => {
    const response = await request(t.app.getHttpServer()).get('/api/config').expect(200);
    expect(response.body).toMatchObject({
      studioName: 'Pulso',
      auth: { provider: 'local' },
      contact: { email: expect.stringContaining('@'), phone: expect.stringMatching(/^\+503/) },
    });
    expect(response.body.paymentLinks.elite).toEqual({ recurring: expect.any(String), oneTime: expect.any(String) });
  });

  it('answers unknown API routes with a Spanish error and a request id', async () => {
    const response = await request(t.app.getHttpServer()).get('/api/no-existe').set('X-Request-Id', 'req-123').expect(404);
    expect(response.body).toEqual({ statusCode: 404, error: 'Recurso no encontrado.', message: 'Recurso no encontrado.', requestId: 'req-123' });
    expect(response.headers['x-request-id']).toBe('req-123');
  });

  it('rejects malformed and oversized bodies in Spanish, without internals', async () => {
    const malformed = await request(t.app.getHttpServer()).post('/api/config').set('Content-Type', 'application/json').send('{bad').expect(400);
    expect(malformed.body.error).toBe('El cuerpo de la solicitud no es JSON válido.');
    const huge = await request(t.app.getHttpServer())
      .post('/api/config')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(200_000) }))
      .expect(413);
    expect(huge.body.error).toBe('La solicitud es demasiado grande.');
    expect(JSON.stringify(huge.body)).not.toMatch(/at \w+ \(|node_modules/);
  });

  it('sends the security headers', async () => {
    const response = await request(t.app.getHttpServer()).get('/api/health/live');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });

  it('stores outgoing mail in the outbox in the embedded mode', async () => {
    await t.app.get(MailPort).send({ kind: 'test', to: 'Ana@Example.com', subject: 'Hola', text: 'Texto' });
    const client = new Client({ connectionString: t.database.url });
    await client.connect();
    const rows = await client.query('SELECT recipient, subject FROM mail_outbox');
    await client.end();
    expect(rows.rows).toEqual([{ recipient: 'ana@example.com', subject: 'Hola' }]);
  });
});
