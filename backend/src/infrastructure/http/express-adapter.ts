import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { Express } from 'express';
import { createServer, IncomingMessage, ServerResponse } from 'node:http';

/**
 * Nest's Express adapter, whose HTTP server creates each request and response with Express's own
 * prototypes (`app.request`, `app.response`) from the start (ADR 0264), through Node's documented
 * `http.createServer({ IncomingMessage, ServerResponse })` options. Nothing of Express is replaced.
 *
 * Express gives every request and response its prototypes as they arrive, with
 * `Object.setPrototypeOf`. Measured on this server, that one call made every request's objects
 * (the request, the response and everything the middleware hangs on them) survive V8's young
 * generation collections and be copied into the old generation, and made the server spend a third
 * more CPU per request (`bench:load`, docs/performance.md). When the object already has that
 * prototype, the call changes nothing and nothing survives.
 *
 * A sub-application mounted with `app.use(subApp)` still swaps the prototypes for its own
 * requests and back, as Express always has; this application mounts none.
 */
export class PulsoExpressAdapter extends ExpressAdapter {
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
