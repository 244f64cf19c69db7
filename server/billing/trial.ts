// The fair trial (issue 34, common/trial.ts): a trial's days count from the account's first figures (its
// first import or official collection; a sample account's first analysis), at the latest 9 days after
// paying. It is bought to end at the latest; when the figures arrive, the gateway's next bill date is
// brought forward to 7 days after them (Recurly's postponement, the sandbox's own anchor).
import { and, eq, isNotNull, isNull, min } from 'drizzle-orm';
import { latestTrialEnd, startsByOf, trialDaysOf, trialEndFrom } from '../../common/trial.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/client.ts';
import { analyses, plans, subscriptions } from '../db/schema.ts';
import { type BillingGateway, GatewayRefusal } from './gateway.ts';

export interface TrialDeps {
  db: Database;
  clock: Clock;
  gateway: BillingGateway;
}

/** A trial's dates: `startedAt` is null while it waits for the first figures, and `endsAt` the latest then. */
export interface TrialTerms {
  startedAt: Date | null;
  endsAt: Date;
}

/** A bill date moved into the past cannot be set: the trial then ends this soon instead. */
const SOONEST_BILL_MS = 60_000;

/** When the account's figures first arrived: its first complete analysis, of any source. */
export async function firstFiguresAt(db: Database, userId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: min(analyses.finishedAt) })
    .from(analyses)
    .where(and(eq(analyses.userId, userId), eq(analyses.status, 'complete')));
  return row?.at ? new Date(row.at) : undefined;
}

/** The trial a plan bought at `paidAt` gets: at once for an account with figures, else waiting for them. */
export async function trialAtPurchase(
  db: Database,
  userId: string | null | undefined,
  plan: Pick<typeof plans.$inferSelect, 'metaInfo'>,
  paidAt: Date,
): Promise<TrialTerms | undefined> {
  const days = trialDaysOf(plan.metaInfo);
  if (!days) return undefined;
  const figures = userId ? await firstFiguresAt(db, userId) : undefined;
  return figures
    ? { startedAt: paidAt, endsAt: trialEndFrom(paidAt, days) }
    : { startedAt: null, endsAt: latestTrialEnd(paidAt, days) };
}

/**
 * Starts the trials that waited for their account's first figures (one user's, or every one, as the
 * worker's sweep does): the days count from the figures, or from the wait's end when none came. The
 * gateway is asked first, outside any transaction; our row follows its answer. Returns how many started.
 */
export async function startWaitingTrials(deps: TrialDeps, userId?: string): Promise<number> {
  const { db, clock, gateway } = deps;
  const waiting = await db
    .select({ subscription: subscriptions, metaInfo: plans.metaInfo })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.planId, subscriptions.planCode))
    .where(
      and(
        eq(subscriptions.state, 'active'),
        eq(subscriptions.gateway, gateway.name),
        isNotNull(subscriptions.trialEndsAt),
        isNull(subscriptions.trialStartedAt),
        userId === undefined ? undefined : eq(subscriptions.userId, userId),
      ),
    );
  let started = 0;
  for (const { subscription, metaInfo } of waiting) {
    const now = clock();
    const days = trialDaysOf(metaInfo);
    // The wait's end is what the gateway was told: the bought end less the trial's days.
    const startsBy = startsByOf(subscription.trialEndsAt as Date, days);
    const figures = await firstFiguresAt(db, subscription.userId);
    const startedAt =
      figures && figures < startsBy
        ? new Date(Math.max(figures.getTime(), subscription.createdAt.getTime()))
        : now >= startsBy
          ? startsBy
          : undefined;
    if (!startedAt) continue;
    const wanted = trialEndFrom(startedAt, days);
    const endsAt = new Date(Math.max(wanted.getTime(), now.getTime() + SOONEST_BILL_MS));
    let periodEndsAt = subscription.periodEndsAt;
    let trialEndsAt = subscription.trialEndsAt;
    if (endsAt.getTime() !== subscription.trialEndsAt?.getTime()) {
      try {
        const term = await gateway.postpone(subscription.gatewayReference, endsAt);
        trialEndsAt = endsAt;
        periodEndsAt = term.periodEndsAt ?? endsAt;
      } catch (error) {
        // The gateway would not move it (changed at the gateway's own screens): the bought end stands.
        if (!(error instanceof GatewayRefusal)) throw error;
      }
    }
    const [row] = await db
      .update(subscriptions)
      .set({ trialStartedAt: startedAt, trialEndsAt, periodEndsAt })
      .where(and(eq(subscriptions.id, subscription.id), isNull(subscriptions.trialStartedAt)))
      .returning({ id: subscriptions.id });
    if (row) started++;
  }
  return started;
}
