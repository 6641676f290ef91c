import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';
import { guardRoutePrefixes, type RouteLayer } from './route-prefixes';

/**
 * Nest's Express adapter, with two changes:
 * - each route compares a request's path with its pattern's literal start before running its
 *   matcher (ADR 0271, `route-prefixes.ts`), once Nest has registered them all;
 * - the HTTP server creates each request and response with Express's own prototypes
 *   (`app.request`, `app.response`) from the start (ADR 0264), as follows.
 *
 * Express gives every request and response its prototypes as they arrive, with
 * `Object.setPrototypeOf`. Measured on this server, that one call made every request's objects
 * (the request, the response and everything the middleware hangs on them) survive V8's young
 * generation collections and be copied into the old generation: 5–10 MB per scavenge under
 * `bench:load`, and scavenges of 12–29 ms that the requests then waited for. When the object already has that
 * prototype, the call changes nothing and nothing survives: Express itself is unchanged.
 *
 * A sub-application mounted with `app.use(subApp)` still swaps the prototypes for its own
 * requests and back, as Express always has; this application mounts none.
 */
export class PulsoExpressAdapter extends ExpressAdapter {
  /** Nest sets its not-found handler once every route is registered: the moment to guard them. */
  override setNotFoundHandler(handler: Parameters<ExpressAdapter['setNotFoundHandler']>[0], prefix?: string): unknown {
    const router = (this.getInstance<Express>() as unknown as { router?: { stack?: RouteLayer[] } }).router;
    if (router?.stack) guardRoutePrefixes(router.stack);
    return super.setNotFoundHandler(handler, prefix);
  }

  override initHttpServer(options: NestApplicationOptions): void {
    // HTTPS and tracked connections stay Nest's own (this application uses neither), and so does
    // a Node.js whose request and response are classes, which cannot be called on our objects.
    if (options?.httpsOptions || options?.forceCloseConnections || !callable(IncomingMessage) || !callable(ServerResponse)) {
      super.initHttpServer(options);
      return;
    }
    const app = this.getInstance<Express>();
    this.setHttpServer(
      createServer(
        {
          IncomingMessage: bornWith<typeof IncomingMessage>(IncomingMessage, app.request),
          ServerResponse: bornWith<typeof ServerResponse>(ServerResponse, app.response),
        },
        app,
      ),
    );
  }
}

/**
 * A constructor that builds what `base` builds, with `prototype` as the new object's prototype.
 * `base` is called on the object `new` made (Node's `IncomingMessage` and `ServerResponse` are
 * plain constructor functions): building it with `Reflect.construct(base, args, Born)` instead
 * measured worse, with part of every request surviving again.
 */
function bornWith<C extends abstract new (...args: never[]) => object>(base: C, prototype: object): C {
  const construct = base as unknown as (this: object, ...args: unknown[]) => void;
  function Born(this: object, ...args: unknown[]): void {
    construct.apply(this, args);
  }
  Born.prototype = prototype;
  return Born as unknown as C;
}

/** Whether `base` can be called on an object of ours: a constructor function, not a class. */
function callable(base: object): boolean {
  return !/^class\b/.test(Function.prototype.toString.call(base));
}
