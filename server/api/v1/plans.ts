// GET /api/v1/list/plans/ (spec §7): the plans on offer, every Plan field of spec §3.
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Plan, PlanList } from '../../../common/schema/plan.ts';
import type { AppDeps } from '../../app.ts';
import { plans } from '../../db/schema.ts';

/** Cents in the database, decimal amounts on the wire. */
function toPlan(row: typeof plans.$inferSelect): Plan {
  return {
    plan_id: row.planId,
    name: row.name,
    plan_type: row.planType === 1 ? 1 : 2,
    code: row.code,
    interval_length: row.intervalLength,
    unit_amount: row.unitAmountCents / 100,
    unit_amount_before_discount: row.unitAmountBeforeDiscountCents / 100,
    currency: row.currency,
    setup_fee: row.setupFeeCents / 100,
    meta_info: row.metaInfo,
  };
}

export function planRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get('/list/plans/', async (): Promise<PlanList> => {
    const rows = await deps.database.db.select().from(plans).orderBy(asc(plans.sortOrder));
    return { plans: rows.map(toPlan), official_api: deps.settings.official !== undefined };
  });
}
