// GET list/plans/ (spec §7).

import { planListSchema } from '../../common/schema/plan.ts';
import { call } from './client.ts';

/** The plans on offer, and whether this server offers the official API (issue 34: the offer says so). */
export function listPlans(signal?: AbortSignal) {
  return call('list/plans/', { signal, parse: (raw) => planListSchema.parse(raw) });
}
