// Issue 35's fault suite, the mail server: while it hangs or refuses, another account's POST
// client/user/detail/ is sent every 50 ms (bench/analysis-stall.ts's poller) and each answer's wait kept;
// when it is back, how long until the login code asked during the fault reaches it. The server is
// `npm start`'s process with its real deadlines (connect and greeting 10 s) and backoff (30 s first).
import { startServer } from '../tests/e2e/server.ts';
import { postJson } from '../tests/support/api.ts';
import { type LocalSmtp, startLocalSmtp } from '../tests/support/smtp-server.ts';
import { loggedInAccount, pollDetail, round1, waitsOf } from './analysis-stall.ts';
import { FAULT_PORTS } from './fault-ports.ts';

/** A hang the deadline outlasts (the greeting's is 10 s), and one it does not. */
const SHORT_HANG_MS = 5_000;
const LONG_HANG_MS = 15_000;
/** How long the server refuses. */
const REFUSAL_MS = 5_000;
const DELIVERY_LIMIT_MS = 5 * 60_000;

/** Resolves when the mail server has received a mail for `email`: the moment, in performance.now(). */
async function delivered(smtp: LocalSmtp, email: string): Promise<number> {
  const start = performance.now();
  while (!smtp.inbox.some((mail) => mail.to.includes(email))) {
    if (performance.now() - start > DELIVERY_LIMIT_MS) throw new Error(`no mail for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now();
}

interface Fault {
  name: string;
  /** How long the fault lasts, from the code's request. */
  lastsMs: number;
  begin(smtp: LocalSmtp): Promise<void>;
  end(smtp: LocalSmtp): Promise<void>;
}

const FAULTS: Fault[] = [
  {
    // Comes back within the deadline and answers the conversation it left waiting.
    name: 'hang_within_deadline',
    lastsMs: SHORT_HANG_MS,
    begin: async (smtp) => {
      smtp.hanging = true;
    },
    end: async (smtp) => smtp.answerHeld(),
  },
  {
    // Outlasts the greeting deadline: the send gives up, and the retry after its backoff delivers.
    name: 'hang_past_deadline',
    lastsMs: LONG_HANG_MS,
    begin: async (smtp) => {
      smtp.hanging = true;
    },
    end: async (smtp) => {
      smtp.hanging = false;
      smtp.dropHeld();
    },
  },
  {
    name: 'connection_refused',
    lastsMs: REFUSAL_MS,
    begin: (smtp) => smtp.stopListening(),
    end: (smtp) => smtp.listenAgain(),
  },
  {
    name: 'greets_421',
    lastsMs: REFUSAL_MS,
    begin: async (smtp) => {
      smtp.rejecting = 421;
    },
    end: async (smtp) => {
      smtp.rejecting = undefined;
    },
  },
];

/** One fault: the code asked as it begins, the others polled while it lasts, then the code's arrival. */
async function measure(origin: string, smtp: LocalSmtp, pollToken: string, fault: Fault) {
  const email = `fault-${fault.name}@example.com`;
  const made = await postJson(origin, '/dev/users', { email, username: `fault.${fault.name}`, is_subscribed: true });
  if (!made.ok) throw new Error(`making ${email} answered ${made.status}`);
  await fault.begin(smtp);
  const asked = await postJson(origin, '/api/v1/client/insta/sendotp/', { email });
  if (!asked.ok) throw new Error(`the code's request answered ${asked.status} during ${fault.name}`);
  const waits = await pollDetail(origin, pollToken, fault.lastsMs);
  await fault.end(smtp);
  const back = performance.now();
  const arrived = await delivered(smtp, email);
  return { fault_ms: fault.lastsMs, ...waitsOf(waits), code_delivered_after_return_ms: round1(arrived - back) };
}

/** Every mail fault on one server (`env` names its database); the same polling with nothing wrong first. */
export async function benchMailFaults(env: Record<string, string> = {}) {
  const smtp = await startLocalSmtp({ port: FAULT_PORTS.smtp });
  try {
    const server = await startServer({
      SERVE_APP: 'false',
      PORT: String(FAULT_PORTS.server),
      SMTP_URL: smtp.url,
      LIMIT_CODE_SENDS_PER_IP: '100000',
      LIMIT_CODE_CHECKS_PER_IP: '100000',
      ...env,
    });
    try {
      const pollToken = await loggedInAccount(server.url, 'fault-poll@example.com', 'followscope.demo');
      const baseline = waitsOf(await pollDetail(server.url, pollToken, REFUSAL_MS));
      const faults: Record<string, Awaited<ReturnType<typeof measure>>> = {};
      for (const fault of FAULTS) faults[fault.name] = await measure(server.url, smtp, pollToken, fault);
      return { database: env.DATABASE_URL ? 'postgresql' : 'embedded', baseline, faults };
    } finally {
      await server.stop();
    }
  } finally {
    await smtp.close();
  }
}
