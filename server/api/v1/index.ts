// /api/v1: one file per route group.
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app.ts';
import { apiNotFound } from '../../http/errors.ts';
import { healthRoutes } from './health.ts';
import { planRoutes } from './plans.ts';

/** Registers every /api/v1 route. */
export async function apiV1(app: FastifyInstance, deps: AppDeps): Promise<void> {
  apiNotFound(app);
  healthRoutes(app, deps);
  planRoutes(app, deps);
}
