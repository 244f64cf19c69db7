// GET list/plans/ (spec §7).

import { call } from './client.ts';
import { planListSchema } from './schema/plan.ts';

/** The plans on offer. */
export function listPlans(signal?: AbortSignal) {
  return call('list/plans/', { signal, parse: (raw) => planListSchema.parse(raw).plans });
}
