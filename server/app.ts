// Builds the HTTP server: security headers, /api/v1 and the built PWA, on one port.
import Fastify, { type FastifyInstance } from 'fastify';
import type { CollectorCore } from '../wasm/collector.ts';
import { apiV1 } from './api/v1/index.ts';
import type { DatabaseHandle } from './db/client.ts';
import { registerErrorHandling } from './http/errors.ts';
import { registerSecurityHeaders } from './http/security.ts';
import { serveApp } from './http/static.ts';
import { validateWithZod } from './http/validation.ts';

/** What the routes need; tests build it with an in-memory database. */
export interface AppDeps {
  database: DatabaseHandle;
  core: CollectorCore;
  version: string;
  /** The built PWA; omitted, only the API is served. */
  staticDir?: string;
  logLevel?: string;
}

/** The whole server, not yet listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: deps.logLevel ?? 'info',
      redact: ['req.headers.authorization', 'req.headers.cookie'],
    },
    trustProxy: true,
  });
  validateWithZod(app);
  registerErrorHandling(app);
  await registerSecurityHeaders(app);
  await app.register((api) => apiV1(api, deps), { prefix: '/api/v1' });
  if (deps.staticDir) await serveApp(app, deps.staticDir);
  return app;
}
