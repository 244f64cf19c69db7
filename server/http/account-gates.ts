// Issue 48 item 3: every route that reads more than one row or calls an outside service is gated per
// account, so one account's loops cannot slow everyone else. A security review's 64 loops on one list
// page took the health check's median from 6-9 ms to 513 ms, and 64 on a stories refresh to 795 ms: each
// request was cheap, but nothing bounded how many of one account's ran at once.
//
// A gate has two parts:
// - **At once**: at most `concurrent` of the account's requests of this kind run in this process, and
//   `queued` more wait their turn (the app's own screens ask for a few things together; they wait, they
//   are not refused). Past that the answer is 429 at once, before any work. It is counted in the process
//   on purpose: what it protects is the process's own event loop and its share of the database's
//   connections, and each API process protects its own.
// - **Over time**: a rate per window in the shared store (rate_limit_hits, through accountLimit), so a
//   limit holds however requests are spread over processes, as the other per-account limits do.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from '../i18n/messages.ts';
import { type AccountLimits, accountLimit } from './account-limits.ts';

/** How many of one key's requests run at once, and how many more may wait. */
export interface Concurrency {
  concurrent: number;
  queued: number;
}

/** The gated kinds of request, each with its own turn and its own rate (docs/security.md "Limits per account"). */
export type GateName = 'lists' | 'stories' | 'history' | 'posts' | 'insights' | 'billing' | 'support' | 'media';

/**
 * A flood waits its turn rather than spin: 64 of one account's requests of a kind may wait, so a loop of
 * that width is held to the turns' pace, not refused and back at once (which, answered cheaply, took as
 * much of the process as the work: 4,500 refusals in 4 s in the route_stall bench).
 */
const QUEUED = 64;

export const GATE_CONCURRENCY: Record<GateName, Concurrency> = {
  // A screen asks for a page or two at a time; an export streams on its own slot.
  lists: { concurrent: 2, queued: QUEUED },
  stories: { concurrent: 2, queued: QUEUED },
  history: { concurrent: 1, queued: QUEUED },
  // Post analytics asks for five things at once: two run, three wait.
  posts: { concurrent: 2, queued: QUEUED },
  insights: { concurrent: 1, queued: QUEUED },
  // The gateway's subscription details, a cancel, a keep, a renewal's charge: one at a time.
  billing: { concurrent: 1, queued: QUEUED },
  // A support message queues a mail: one at a time (the outbox's resends wait their turn).
  support: { concurrent: 1, queued: QUEUED },
  // The media proxy has no login (its links are signed): counted per address, as a browser's six
  // connections fill it, with a page of pictures waiting its turn.
  media: { concurrent: 6, queued: QUEUED },
};

/** How long a request may wait for its turn before it is told to try again. */
const MAX_WAIT_MS = 10_000;
/** What a refused request is told to wait, in seconds. */
export const GATE_RETRY_AFTER_S = 1;

/** Turns per key in this process: who runs, and who waits in order. */
export class Turns {
  private readonly running = new Map<string, number>();
  private readonly waiting = new Map<string, Array<(entered: boolean) => void>>();

  /**
   * Resolves true once `key` has a turn; false at once when its queue is full, after MAX_WAIT_MS, or when
   * `signal` aborts first (the client went away while it waited).
   */
  enter(
    key: string,
    { concurrent, queued }: Concurrency,
    maxWaitMs = MAX_WAIT_MS,
    signal?: AbortSignal,
  ): Promise<boolean> {
    const running = this.running.get(key) ?? 0;
    if (running < concurrent) {
      this.running.set(key, running + 1);
      return Promise.resolve(true);
    }
    const queue = this.waiting.get(key) ?? [];
    if (queue.length >= queued) return Promise.resolve(false);
    this.waiting.set(key, queue);
    return new Promise((resolve) => {
      const giveUp = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', giveUp);
        const at = queue.indexOf(admit);
        if (at >= 0) queue.splice(at, 1);
        if (queue.length === 0 && this.waiting.get(key) === queue) this.waiting.delete(key);
        resolve(false);
      };
      const timer = setTimeout(giveUp, maxWaitMs);
      const admit = (entered: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', giveUp);
        resolve(entered);
      };
      signal?.addEventListener('abort', giveUp, { once: true });
      queue.push(admit);
    });
  }

  /** Ends one of `key`'s turns, handing it to the next in line. */
  leave(key: string): void {
    const queue = this.waiting.get(key);
    const next = queue?.shift();
    if (queue?.length === 0) this.waiting.delete(key);
    if (next) {
      next(true);
      return;
    }
    const running = (this.running.get(key) ?? 1) - 1;
    if (running <= 0) this.running.delete(key);
    else this.running.set(key, running);
  }

  /** Turns held and waiting, for tests: none are left once every answer has gone. */
  get size(): number {
    return this.running.size + this.waiting.size;
  }

  /** The keys holding or waiting for turns, for a test's failure message. */
  get keys(): string[] {
    return [...this.running.keys(), ...this.waiting.keys()];
  }
}

/** Marks a gate hook with its kind, so a test can list the routes each gate is on. */
export const GATED = Symbol('followscope.gated');
const gate = <T extends (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>>(name: GateName, hook: T) =>
  Object.assign(hook, { [GATED]: name });

const turns = new Turns();
/** This process's turns (tests read that every turn was given back). */
export const processTurns = turns;

/** Holds a turn of `key` for `request`, or answers 429; the turn goes back when the answer ends. */
async function takeTurn(request: FastifyRequest, reply: FastifyReply, key: string, concurrency: Concurrency) {
  // A client that leaves while it waits gives up its place (its answer would go nowhere).
  const gone = new AbortController();
  const leave = () => gone.abort();
  // The response's close before it is written is the connection going (the request's own close only
  // says its body has been read).
  reply.raw.once('close', leave);
  const entered = await turns.enter(key, concurrency, MAX_WAIT_MS, gone.signal);
  reply.raw.off('close', leave);
  if (!entered) {
    // Answered after the wait it names, so a loop that does not wait is held to its pace all the same.
    if (!gone.signal.aborted) await new Promise((resolve) => setTimeout(resolve, GATE_RETRY_AFTER_S * 1000));
    return void reply
      .status(429)
      .header('retry-after', String(GATE_RETRY_AFTER_S))
      .send({ message: translate('tooManyAtOnce', request.headers['accept-language']) });
  }
  let held = true;
  const giveBack = () => {
    if (!held) return;
    held = false;
    turns.leave(key);
  };
  // Whichever comes first: the answer written, or the connection gone before it (a client that left).
  reply.raw.once('finish', giveBack);
  reply.raw.once('close', giveBack);
}

/**
 * A preHandler, placed after the route's login guard, that gates the request as `name`: its turn among
 * the account's requests of that kind, then its count in the shared per-account rate of `name`, or of
 * `instead.limit` when `instead.when` holds (a stories refresh counts on its own limit: @fastify/rate-limit
 * counts one limit per request, so a route names the one that applies). A request refused for its login
 * is not gated.
 */
export function accountGate(
  app: FastifyInstance,
  limits: AccountLimits,
  name: GateName & keyof AccountLimits,
  instead?: { limit: keyof AccountLimits; when: (request: FastifyRequest) => boolean },
) {
  const own = accountLimit(app, limits, name);
  const other = instead && accountLimit(app, limits, instead.limit);
  return gate(name, async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.sent || !request.account) return;
    await takeTurn(request, reply, `${name}:${request.account.user.id}`, GATE_CONCURRENCY[name]);
    if (reply.sent) return;
    try {
      await (other && instead?.when(request) ? other : own)(request, reply);
    } catch (error) {
      // Past the rate: answered a second later, its turn held meanwhile, so a loop that does not wait
      // costs the shared store a count a second, not hundreds.
      await new Promise((resolve) => setTimeout(resolve, GATE_RETRY_AFTER_S * 1000));
      throw error;
    }
  });
}

/** The media proxy's gate: no login, so its turns are per address. */
export function addressGate(name: GateName) {
  return gate(name, (request: FastifyRequest, reply: FastifyReply) =>
    takeTurn(request, reply, `${name}:${request.ip}`, GATE_CONCURRENCY[name]),
  );
}
