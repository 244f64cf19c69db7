// Plan (spec §3), the shape GET list/plans/ returns; shared by the server and the client.
import * as z from 'zod/mini';

export const planSchema = z.object({
  plan_id: z.string(),
  name: z.string(),
  /** 1 = a single trial offer with setup_fee; 2 = selectable plans. */
  plan_type: z.union([z.literal(1), z.literal(2)]),
  /** 'weekly', 'monthly', …; weekly plans are priced per day on a 1-day basis (spec §9). */
  code: z.string(),
  /** Length of one billing interval, in months (weeks for weekly plans). */
  interval_length: z.number(),
  unit_amount: z.number(),
  unit_amount_before_discount: z.number(),
  currency: z.string(),
  setup_fee: z.number(),
  meta_info: z.record(z.string(), z.unknown()),
});

export type Plan = z.infer<typeof planSchema>;

export const planListSchema = z.object({
  plans: z.array(planSchema),
  /**
   * Whether this server offers the network's official API (issue 34): the offer lists what it gives only
   * where a business or creator account can connect it. Absent from a server before issue 34.
   */
  official_api: z._default(z.boolean(), false),
});
export type PlanList = z.infer<typeof planListSchema>;
