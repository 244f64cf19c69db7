// /api/v1: one file per route group.
import type { FastifyInstance } from 'fastify';
import type { AnalysisRunner } from '../../analysis/runner.ts';
import type { AppDeps } from '../../app.ts';
import type { CaptchaService } from '../../billing/captcha.ts';
import type { CheckoutDeps } from '../../billing/checkout.ts';
import { apiNotFound } from '../../http/errors.ts';
import { signMediaInAnswers } from '../../http/media-urls.ts';
import type { Services } from '../../services.ts';
import type { SourceConnector } from '../../source/connector.ts';
import { accountRoutes } from './account.ts';
import { accountExportRoutes } from './account-export.ts';
import { analysisRoutes } from './analysis.ts';
import { authRoutes } from './auth.ts';
import { bestTimeRoutes } from './best-time.ts';
import { billingRoutes } from './billing.ts';
import { cmsRoutes } from './cms.ts';
import { healthRoutes } from './health.ts';
import { importRoutes } from './imports.ts';
import { insightRoutes } from './insights.ts';
import { listExportRoutes } from './list-export.ts';
import { officialRoutes } from './official.ts';
import { planRoutes } from './plans.ts';
import { postRoutes } from './posts.ts';
import { pushRoutes } from './push.ts';
import { storyRoutes } from './stories.ts';
import { storyWatchRoutes } from './story-watches.ts';
import { subscriptionRoutes } from './subscription.ts';
import { supportRoutes } from './support.ts';
import { userRoutes } from './user.ts';

/** Registers every /api/v1 route. */
export async function apiV1(
  app: FastifyInstance,
  deps: AppDeps,
  services: Services,
  billing: { checkout: CheckoutDeps; captcha: CaptchaService },
  analysis: { runner: AnalysisRunner; source: SourceConnector },
): Promise<void> {
  apiNotFound(app);
  signMediaInAnswers(app, services.media);
  healthRoutes(app, deps);
  planRoutes(app, deps);
  authRoutes(app, services);
  userRoutes(app, services);
  supportRoutes(app, services);
  cmsRoutes(app);
  billingRoutes(app, billing.checkout, billing.captcha, deps.settings.billing);
  subscriptionRoutes(app, billing.checkout);
  accountRoutes(app, billing.checkout);
  analysisRoutes(app, services, analysis.runner, analysis.source, deps.core);
  listExportRoutes(app, services, analysis.source);
  accountExportRoutes(app, services);
  postRoutes(app, services, analysis.source, deps.core);
  bestTimeRoutes(app, services, analysis.source);
  insightRoutes(app, services, analysis.source, deps.core, deps.settings.insights);
  storyRoutes(app, services, analysis.source, deps.settings.networkHosts);
  storyWatchRoutes(app, services);
  importRoutes(app, services, deps.core, analysis.source);
  officialRoutes(app, services);
  pushRoutes(app, services);
}
