// A local Recurly: answers as Recurly's documented API v2021-02-25 does for what Followscope calls, so
// the official `recurly` client is contract-tested through our gateway with no network. It keeps its
// accounts and subscriptions, so a purchase, a cancel, a reactivation, a termination and an account's
// redaction follow one another as they would at Recurly:
//   POST /purchases                              (create_purchase)
//   GET  /subscriptions/{id}                     (get_subscription)
//   PUT  /subscriptions/{id}                     (update_subscription: next_bill_date, which in a trial moves its end)
//   PUT  /subscriptions/{id}/cancel              (cancel_subscription: timeframe bill_date | term_end)
//   PUT  /subscriptions/{id}/reactivate          (reactivate_subscription: a canceled one that has not expired)
//   DELETE /subscriptions/{id}?refund=none       (terminate_subscription)
//   DELETE /accounts/code-{code}?redact=true     (deactivate_account; redaction needs no live subscription)
// Billing info comes from a Recurly.js token: a card's ('tok-ok', 'tok-3ds', 'tok-declined') or PayPal's
// ('tok-paypal', 'tok-paypal-declined'; Recurly.js's PayPal flow gives it, and PayPal names its payer).
// Its plans are configured as the operator configures them at Recurly (the seeded offer's): a plan's trial
// and interval decide a purchase's first bill date, and an active subscription renews on its clock.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface RecurlySubscription {
  id: string;
  accountCode: string;
  planCode: string;
  state: 'active' | 'canceled' | 'expired';
  currentPeriodStartedAt: Date;
  currentPeriodEndsAt: Date;
  canceledAt: Date | null;
  expiresAt: Date | null;
  trialStartedAt: Date | null;
  trialEndsAt: Date | null;
  /** The first bill date after the trial, or a postponed one: later periods count from it. */
  billingAnchor: Date;
  /** Periods billed since the anchor (renewals). */
  renewals: number;
}

/** A plan as configured at Recurly: its billing interval and its trial. */
export interface RecurlyPlan {
  intervalUnit: 'months' | 'weeks';
  intervalLength: number;
  trialDays: number;
}

/** The seeded offer (server/db/seed.ts) as its operator would set it up at Recurly. */
export const seededRecurlyPlans: Record<string, RecurlyPlan> = {
  'premium-trial': { intervalUnit: 'months', intervalLength: 1, trialDays: 7 },
  'premium-trial-lp1': { intervalUnit: 'months', intervalLength: 1, trialDays: 7 },
  'premium-weekly': { intervalUnit: 'weeks', intervalLength: 1, trialDays: 0 },
  'premium-monthly': { intervalUnit: 'months', intervalLength: 1, trialDays: 0 },
  'premium-quarterly': { intervalUnit: 'months', intervalLength: 3, trialDays: 0 },
};

export interface RecurlyAccount {
  code: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  /** The billing info's kind, as Recurly's `payment_method.object` names it. */
  paymentMethod: 'credit_card' | 'paypal_billing_agreement';
  state: 'active' | 'inactive';
  redacted: boolean;
}

export interface LocalRecurly {
  url: string;
  apiKey: string;
  /** Every request, in order. */
  seen: SeenRequest[];
  subscriptions: Map<string, RecurlySubscription>;
  accounts: Map<string, RecurlyAccount>;
  /** While set, every request is answered with this status and no body (an outage). */
  outage: number | undefined;
  /**
   * While true, every request is carried out but its answer held back until `release()`, as a Recurly
   * that answers after the client's deadline (issue 35); the client has given up by then.
   */
  holding: boolean;
  /** Sends the held answers (to clients that are still there) and stops holding. */
  release(): void;
  close(): Promise<void>;
}

const API_VERSION = 'application/vnd.recurly.v2021-02-25';
/** The payer behind the PayPal test tokens: PayPal gives Recurly its account holder's name. */
export const PAYPAL_PAYER = { firstName: 'Pat', lastName: 'Paypal' };
const DAY_MS = 86_400_000;

/** The end of the `n`th period after `anchor` (months keep their day where the month has it). */
function periodEnd(plan: RecurlyPlan, anchor: Date, n: number): Date {
  if (plan.intervalUnit === 'weeks') return new Date(anchor.getTime() + n * 7 * plan.intervalLength * DAY_MS);
  const next = new Date(anchor.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + n * plan.intervalLength);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

type Reply = { status: number; body: unknown };

const error = (status: number, type: string, message: string, extra: Record<string, unknown> = {}): Reply => ({
  status,
  body: { error: { type, message, ...extra } },
});

const transactionError = (code: string, message: string, extra: Record<string, unknown> = {}) =>
  error(422, 'transaction', message, {
    transaction_error: {
      object: 'transaction_error',
      transaction_id: 'txn-1',
      category: code,
      code,
      message,
      ...extra,
    },
  });

/** Starts the local Recurly on loopback (`port`, or a free one); `now` is its clock (the app's, in app tests). */
export async function startLocalRecurly(
  options: { apiKey?: string; now?: () => Date; plans?: Record<string, RecurlyPlan>; port?: number } = {},
): Promise<LocalRecurly> {
  const apiKey = options.apiKey ?? 'private-api-key';
  const now = options.now ?? (() => new Date());
  const plans = options.plans ?? seededRecurlyPlans;
  const planOf = (code: string): RecurlyPlan =>
    plans[code] ?? { intervalUnit: 'months', intervalLength: 1, trialDays: 0 };
  const byIdempotencyKey = new Map<string, Reply>();
  let next = 0;
  const state: Omit<LocalRecurly, 'url' | 'close'> = {
    apiKey,
    seen: [],
    subscriptions: new Map(),
    accounts: new Map(),
    outage: undefined,
    holding: false,
    release() {
      state.holding = false;
      for (const send of held.splice(0)) send();
    },
  };
  const held: (() => void)[] = [];

  /**
   * A subscription as it stands now: a canceled one past its end has expired, and an active one whose
   * period has ended has renewed (the renewal's charge always succeeds here), period after period.
   */
  function current(id: string): RecurlySubscription | undefined {
    const subscription = state.subscriptions.get(id);
    if (subscription?.state === 'canceled' && subscription.expiresAt && subscription.expiresAt <= now()) {
      subscription.state = 'expired';
    }
    while (subscription?.state === 'active' && subscription.currentPeriodEndsAt <= now()) {
      subscription.renewals++;
      subscription.currentPeriodStartedAt = subscription.currentPeriodEndsAt;
      subscription.currentPeriodEndsAt = periodEnd(
        planOf(subscription.planCode),
        subscription.billingAnchor,
        subscription.renewals,
      );
    }
    return subscription;
  }

  const asJson = (subscription: RecurlySubscription) => ({
    object: 'subscription',
    id: subscription.id,
    uuid: `uuid${subscription.id.replace(/\W/g, '')}`,
    account: { object: 'account_mini', id: `acct-${subscription.accountCode}`, code: subscription.accountCode },
    plan: { object: 'plan_mini', code: subscription.planCode },
    state: subscription.state,
    current_period_started_at: subscription.currentPeriodStartedAt.toISOString(),
    current_period_ends_at: subscription.currentPeriodEndsAt.toISOString(),
    current_term_started_at: subscription.currentPeriodStartedAt.toISOString(),
    current_term_ends_at: subscription.currentPeriodEndsAt.toISOString(),
    canceled_at: subscription.canceledAt?.toISOString() ?? null,
    expires_at: subscription.expiresAt?.toISOString() ?? null,
    trial_started_at: subscription.trialStartedAt?.toISOString() ?? null,
    trial_ends_at: subscription.trialEndsAt?.toISOString() ?? null,
  });

  const notFound = (id: string) => error(404, 'not_found', `Couldn't find Subscription with id = ${id}`);
  const immutable = () => error(422, 'immutable_subscription', 'Subscription is expired and can no longer be changed');

  /** What Recurly answers for each test token (docs: create_purchase, errors, 3-D Secure). */
  function purchase(body: Record<string, unknown>): Reply {
    const account = body.account as {
      code?: string;
      email?: string;
      first_name?: string;
      last_name?: string;
      billing_info?: { token_id?: string; three_d_secure_action_result_token_id?: string };
    };
    const token = account.billing_info?.token_id;
    const result = account.billing_info?.three_d_secure_action_result_token_id;
    const paypal = token?.startsWith('tok-paypal') ?? false;
    const paid = (): Reply => {
      const code = account.code ?? '';
      state.accounts.set(code, {
        code,
        email: account.email ?? null,
        // Billing info from a PayPal token carries PayPal's payer; the account keeps a name it was given.
        firstName: account.first_name ?? (paypal ? PAYPAL_PAYER.firstName : null),
        lastName: account.last_name ?? (paypal ? PAYPAL_PAYER.lastName : null),
        paymentMethod: paypal ? 'paypal_billing_agreement' : 'credit_card',
        state: 'active',
        redacted: false,
      });
      const id = `sub-${++next}`;
      const started = now();
      const wanted = (body.subscriptions as Array<{ plan_code: string; trial_ends_at?: string }>)[0];
      const planCode = wanted?.plan_code ?? '';
      const plan = planOf(planCode);
      // docs (SubscriptionPurchase.trial_ends_at): a future time overrides the plan's trial; a past one
      // (or now) starts the subscription with no trial.
      const override = wanted?.trial_ends_at ? new Date(wanted.trial_ends_at) : undefined;
      const trialEndsAt = override
        ? override > started
          ? override
          : null
        : plan.trialDays > 0
          ? new Date(started.getTime() + plan.trialDays * DAY_MS)
          : null;
      const firstBill = trialEndsAt ?? periodEnd(plan, started, 1);
      state.subscriptions.set(id, {
        id,
        accountCode: code,
        planCode,
        state: 'active',
        currentPeriodStartedAt: started,
        currentPeriodEndsAt: firstBill,
        canceledAt: null,
        expiresAt: null,
        trialStartedAt: trialEndsAt ? started : null,
        trialEndsAt,
        // After a trial the periods count from its end; without one, from the start.
        billingAnchor: trialEndsAt ?? started,
        renewals: trialEndsAt ? 0 : 1,
      });
      return {
        status: 201,
        body: {
          object: 'invoice_collection',
          charge_invoice: { object: 'invoice', id: `inv-${next}`, subscription_ids: [id] },
          credit_invoices: [],
        },
      };
    };
    if (token === 'tok-ok' || token === 'tok-paypal') return paid();
    if (token === 'tok-paypal-declined') {
      return transactionError(
        'paypal_declined_use_alternate',
        'PayPal declined this payment. Please use a different payment method.',
      );
    }
    if (token === 'tok-3ds') {
      return result === 'res-ok'
        ? paid()
        : transactionError('three_d_secure_action_required', 'Your card must be authenticated with 3D Secure.', {
            three_d_secure_action_token_id: 'act-123',
          });
    }
    if (token === 'tok-declined') return transactionError('declined', 'Your card was declined.');
    return error(422, 'validation', 'Token is invalid', { params: [{ param: 'token_id', message: 'is invalid' }] });
  }

  function route(method: string, url: URL, body: Record<string, unknown>): Reply {
    const path = url.pathname;
    if (method === 'POST' && path === '/purchases') return purchase(body);

    const subscriptionPath = path.match(/^\/subscriptions\/([^/]+)(\/cancel|\/reactivate)?$/);
    if (subscriptionPath) {
      const id = decodeURIComponent(subscriptionPath[1] ?? '');
      const action = subscriptionPath[2];
      const subscription = current(id);
      if (!subscription) return notFound(id);
      if (method === 'GET' && !action) return { status: 200, body: asJson(subscription) };
      if (method === 'PUT' && !action) {
        // docs (update_subscription): next_bill_date sets current_period_ends_at without proration; "for a
        // subscription in a trial period, this will change when the trial expires".
        if (subscription.state !== 'active') return immutable();
        if (typeof body.next_bill_date !== 'string') return { status: 200, body: asJson(subscription) };
        const billAt = new Date(body.next_bill_date);
        if (Number.isNaN(billAt.getTime()) || billAt <= now()) {
          return error(422, 'validation', 'Next bill date must be in the future', {
            params: [{ param: 'next_bill_date', message: 'must be in the future' }],
          });
        }
        const inTrial = subscription.trialEndsAt !== null && subscription.trialEndsAt > now();
        Object.assign(subscription, {
          currentPeriodEndsAt: billAt,
          billingAnchor: billAt,
          renewals: 0,
          ...(inTrial ? { trialEndsAt: billAt } : {}),
        });
        return { status: 200, body: asJson(subscription) };
      }
      if (method === 'PUT' && action === '/cancel') {
        if (subscription.state === 'expired') return immutable();
        if (subscription.state === 'canceled') return error(422, 'validation', 'Subscription is already canceled');
        const timeframe = (body.timeframe as string | undefined) ?? 'term_end';
        if (!['bill_date', 'term_end'].includes(timeframe)) {
          return error(422, 'validation', 'Timeframe is not included in the list', {
            params: [{ param: 'timeframe', message: 'is not included in the list' }],
          });
        }
        // One billing period per term here, so the next bill date and the term's end are the same day.
        Object.assign(subscription, {
          state: 'canceled',
          canceledAt: now(),
          expiresAt: subscription.currentPeriodEndsAt,
        });
        return { status: 200, body: asJson(subscription) };
      }
      if (method === 'PUT' && action === '/reactivate') {
        if (subscription.state === 'expired') return immutable();
        if (subscription.state !== 'canceled') {
          return error(422, 'validation', 'Subscription must be canceled to be reactivated');
        }
        Object.assign(subscription, { state: 'active', canceledAt: null, expiresAt: null });
        return { status: 200, body: asJson(subscription) };
      }
      if (method === 'DELETE' && !action) {
        if (subscription.state === 'expired') return immutable();
        const refund = url.searchParams.get('refund') ?? 'none';
        if (!['full', 'partial', 'none'].includes(refund)) return error(400, 'bad_request', 'Invalid refund type');
        Object.assign(subscription, { state: 'expired', expiresAt: now() });
        return { status: 200, body: asJson(subscription) };
      }
    }

    const accountPath = path.match(/^\/accounts\/code-([^/]+)$/);
    if (method === 'DELETE' && accountPath) {
      const code = decodeURIComponent(accountPath[1] ?? '');
      const account = state.accounts.get(code);
      if (!account) return error(404, 'not_found', `Couldn't find Account with code = ${code}`);
      const redact = url.searchParams.get('redact') === 'true';
      const live = [...state.subscriptions.keys()]
        .map((id) => current(id))
        .some((subscription) => subscription?.accountCode === code && subscription.state !== 'expired');
      // docs (redact_account): the account must have no active subscriptions before it can be redacted.
      if (redact && live) return error(422, 'validation', 'Account has active subscriptions and cannot be redacted');
      account.state = 'inactive';
      if (redact) Object.assign(account, { email: null, firstName: null, lastName: null, redacted: true });
      return { status: 200, body: { object: 'account', code, state: account.state, email: account.email } };
    }
    return error(404, 'not_found', `No route for ${method} ${path}`);
  }

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    request.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      state.seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const send = (reply: Reply) => {
        if (state.holding) return void held.push(() => sendNow(reply));
        sendNow(reply);
      };
      const sendNow = (reply: Reply) => {
        if (response.destroyed) return;
        response.writeHead(reply.status, {
          'content-type': 'application/json; charset=utf-8',
          'x-request-id': 'req-1',
        });
        response.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      };
      if (state.outage) {
        response.writeHead(state.outage, { 'x-request-id': 'req-outage' });
        return response.end();
      }
      // Every call names the API version and authenticates with the private key (docs: Getting Started).
      if (request.headers.accept !== API_VERSION) {
        return send(error(406, 'unknown_api_version', 'Unknown or missing API version'));
      }
      if (request.headers.authorization !== `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`) {
        return send(error(401, 'unauthorized', 'Invalid API key'));
      }
      const key = request.headers['idempotency-key'];
      const url = new URL(request.url ?? '/', 'http://recurly.local');
      if (typeof key === 'string') {
        const reply = byIdempotencyKey.get(key) ?? route(request.method ?? '', url, body);
        byIdempotencyKey.set(key, reply);
        return send(reply);
      }
      send(route(request.method ?? '', url, body));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return Object.assign(state, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
