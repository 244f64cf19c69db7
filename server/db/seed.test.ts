// The seeded offer (issue 34): a trial renews into a plan the offer lists, at that plan's listed price
// and interval, so the page never names a renewal price it does not sell.
import { describe, expect, it } from 'vitest';
import { seedPlans } from './seed.ts';

describe('the seeded offer', () => {
  const trials = seedPlans.filter((plan) => plan.planType === 1);

  it('has trials, each renewing into a selectable plan at its price and interval', () => {
    expect(trials.length).toBeGreaterThan(0);
    for (const trial of trials) {
      const into = seedPlans.find((plan) => plan.planId === trial.metaInfo?.renews_as);
      expect(into, `${trial.planId} renews into a plan on offer`).toMatchObject({
        planType: 2,
        code: trial.code,
        intervalLength: trial.intervalLength,
        unitAmountCents: trial.unitAmountCents,
        currency: trial.currency,
      });
    }
  });
});
