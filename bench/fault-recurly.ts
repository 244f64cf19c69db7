// Issue 35's fault suite, Recurly: a purchase while Recurly holds its answer past the server's deadline
// (it charged, but the answer comes too late), and while it answers 503. The payer's answer, its
// language and its time; the payer's retry with the same idempotency key; and the charges the local
// Recurly made for that account, which must be 1. Another account's user detail is polled meanwhile.
import { startServer } from '../tests/e2e/server.ts';
import { postJson } from '../tests/support/api.ts';
import { type LocalRecurly, startLocalRecurly } from '../tests/support/recurly-server.ts';
import { loggedInAccount, pollDetail, round1, waitsOf } from './analysis-stall.ts';
import { FAULT_PORTS } from './fault-ports.ts';

const API_KEY = 'bench-private-api-key';
/** The payment's idempotency key, as the app makes one: letters, digits, `_` and `-`. */
const keyOf = (name: string) => `key-${name.replace(/\W/g, '-')}`;

/** One registration's purchase, as the offer page sends it, in German: the answer and its time. */
async function register(origin: string, name: string) {
  const start = performance.now();
  const answer = await postJson(
    origin,
    '/api/v1/client/register/',
    {
      email: `${name}@example.com`,
      username: name,
      payment_token: 'tok-ok',
      plan_code: 'premium-monthly',
      first_name: 'Fault',
      last_name: 'Bench',
    },
    { 'idempotency-key': keyOf(name), 'accept-language': 'de' },
  );
  const body = (await answer.json()) as { message?: string };
  return { status: answer.status, message: body.message ?? '', ms: round1(performance.now() - start) };
}

/** Subscriptions the local Recurly made for the account the key's purchase named: its charges. */
function charges(recurly: LocalRecurly, key: string) {
  const asked = recurly.seen.filter((seen) => seen.headers['idempotency-key'] === key);
  const code = (asked[0]?.body.account as { code?: string } | undefined)?.code;
  const made = [...recurly.subscriptions.values()].filter((sub) => sub.accountCode === code).length;
  return { purchase_calls: asked.length, charges: made };
}

interface Fault {
  name: string;
  short: string;
  begin(recurly: LocalRecurly): void;
  end(recurly: LocalRecurly): void;
}

// Each fault's payer registers as `recurly.<short>` (a username is at most 30 characters).
const FAULTS: Fault[] = [
  {
    name: 'answer_after_deadline',
    short: 'late',
    begin: (r) => {
      r.holding = true;
    },
    end: (r) => r.release(),
  },
  {
    name: 'answers_503',
    short: '503',
    begin: (r) => {
      r.outage = 503;
    },
    end: (r) => {
      r.outage = undefined;
    },
  },
];

/** One fault: the payer's purchase while it lasts, the others polled meanwhile, then the payer's retry. */
async function measure(origin: string, recurly: LocalRecurly, pollToken: string, fault: Fault) {
  const name = `recurly.${fault.short}`;
  fault.begin(recurly);
  const first = register(origin, name);
  const waits = await pollDetail(origin, pollToken, first);
  fault.end(recurly);
  const retry = await register(origin, name);
  return {
    payer_sees: await first,
    others_during_it: waitsOf(waits),
    retry: { status: retry.status, ms: retry.ms },
    ...charges(recurly, keyOf(name)),
  };
}

/** Each Recurly fault on one server on the embedded database. */
export async function benchRecurlyFaults() {
  const recurly = await startLocalRecurly({ apiKey: API_KEY, port: FAULT_PORTS.recurly });
  try {
    const server = await startServer({
      SERVE_APP: 'false',
      PORT: String(FAULT_PORTS.server),
      RECURLY_API_KEY: API_KEY,
      RECURLY_API_URL: recurly.url,
      LIMIT_CODE_SENDS_PER_IP: '100000',
      LIMIT_CODE_CHECKS_PER_IP: '100000',
    });
    try {
      const pollToken = await loggedInAccount(server.url, 'fault-poll@example.com', 'followscope.demo');
      const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
      for (const fault of FAULTS) results[fault.name] = await measure(server.url, recurly, pollToken, fault);
      return results;
    } finally {
      await server.stop();
    }
  } finally {
    recurly.release();
    await recurly.close();
  }
}
