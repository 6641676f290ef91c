import { Controller, Get, Module, Req, Res, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express, Request, Response } from 'express';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import request from 'supertest';
import { PulsoExpressAdapter } from './express-adapter';

@Controller('echo')
class EchoController {
  @Get()
  echo(@Req() req: Request, @Res() res: Response): void {
    // Express's own request and response methods, as the application's middleware uses them.
    res
      .status(201)
      .set('X-Echo', req.get('x-probe') ?? '')
      .json({ query: req.query, path: req.path, protocol: req.protocol });
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

/** Each request's and response's prototype as the server hands them to Express, before Express runs. */
async function prototypesAtBirth(adapter: ExpressAdapter): Promise<{ app: INestApplication; born: { request: object; response: object }[]; express: Express }> {
  const app = await NestFactory.create(EchoModule, adapter, { logger: false });
  await app.init();
  const born: { request: object; response: object }[] = [];
  (app.getHttpServer() as Server).prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    born.push({ request: Object.getPrototypeOf(req) as object, response: Object.getPrototypeOf(res) as object });
  });
  return { app, born, express: app.getHttpAdapter().getInstance() as Express };
}

describe('PulsoExpressAdapter (ADR 0264)', () => {
  it('creates every request and response with Express’s prototypes, so Express has none to change', async () => {
    const { app, born, express } = await prototypesAtBirth(new PulsoExpressAdapter());
    try {
      for (let i = 0; i < 3; i += 1) await request(app.getHttpServer()).get('/echo').expect(201);
      expect(born).toHaveLength(3);
      for (const { request: req, response: res } of born) {
        expect(req).toBe(express.request);
        expect(res).toBe(express.response);
      }
    } finally {
      await app.close();
    }
  });

  it('is what tells it apart from Nest’s own adapter, whose requests Express re-prototypes one by one', async () => {
    const { app, born, express } = await prototypesAtBirth(new ExpressAdapter());
    try {
      await request(app.getHttpServer()).get('/echo').expect(201);
      expect(born).toHaveLength(1);
      expect(born[0]!.request).not.toBe(express.request);
      expect(born[0]!.response).not.toBe(express.response);
    } finally {
      await app.close();
    }
  });

  it('leaves Express’s request and response working as before', async () => {
    const { app } = await prototypesAtBirth(new PulsoExpressAdapter());
    try {
      const answer = await request(app.getHttpServer()).get('/echo?dia=lunes').set('X-Probe', 'pulso').expect(201);
      expect(answer.headers['x-echo']).toBe('pulso');
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.body).toEqual({ query: { dia: 'lunes' }, path: '/echo', protocol: 'http' });
    } finally {
      await app.close();
    }
  });
});
