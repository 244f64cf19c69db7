// Issue 35 (the `load` bench): the embedded database's queries run in WebAssembly on the main thread and
// their promises resolve without the event loop reaching its poll phase, and Node (libuv 1.45 and later)
// accepts one new connection per loop turn. One turn ran every waiting request's queries, and 69 of 200
// connections were never accepted; a `setImmediate` before each query let them in only slowly, since
// every waiting request's turn came due in the same check phase. Here queries wait in a queue whose pump
// runs them back to back for a bounded time, then gives the loop a real turn; the job worker's queries
// and the requests' share it, so an analysis is not queued behind every user's.
import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long the pump runs queries (and what their callers do with the answers) before letting the poll
 * phase accept and read sockets. 200 new connections need 200 turns: a few seconds at 5-10 ms each. An
 * embedded query and its caller's work on the answer take 1-3 ms, so a turn still runs several, and a
 * shorter budget would only add turns.
 */
export const TURN_BUDGET_MS = 5;

/** Whose query: the job worker's (an analysis, an import's commit) or a request's. */
type WorkClass = 'job' | 'request';

/** What a query is part of: its class, and when that work began (`performance.now()`). */
interface Work {
  workClass: WorkClass;
  since: number;
}

const work = new AsyncLocalStorage<Work>();

/** Runs `job` as the job worker's: while requests wait too, its queries get every other slot. */
export function asJobWork<T>(job: () => T): T {
  return work.run({ workClass: 'job', since: performance.now() }, job);
}

/**
 * Runs `handler` as a request that arrived at `since`: its queries go before those of requests that
 * arrived after it. Under saturation each request then waits about as long as the others (the queue's
 * length over the rate), where one waiting at the back for each of its queries took several times that.
 */
export function asRequestFrom<T>(since: number, handler: () => T): T {
  return work.run({ workClass: 'request', since }, handler);
}

interface Waiting {
  since: number;
  run(): Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** One embedded database's queue of queries: oldest work first within a class, the classes in turn. */
export class QueryScheduler {
  private readonly waiting: Record<WorkClass, Waiting[]> = { job: [], request: [] };
  private lastServed: WorkClass = 'request';
  private pumping = false;
  private turnStarted: number | undefined;

  constructor(
    private readonly turnBudgetMs = TURN_BUDGET_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Runs `query` when its turn comes; its class and age are the caller's (`asJobWork`, `asRequestFrom`). */
  schedule<T>(query: () => Promise<T>): Promise<T> {
    const { workClass, since } = work.getStore() ?? { workClass: 'request', since: performance.now() };
    return new Promise<T>((resolve, reject) => {
      const queue = this.waiting[workClass];
      // Behind every query of work as old or older: first in, first out for queries outside any work.
      let at = queue.length;
      while (at > 0 && (queue[at - 1] as Waiting).since > since) at--;
      queue.splice(at, 0, { since, run: query, resolve: resolve as (value: unknown) => void, reject });
      if (!this.pumping) void this.pump();
    });
  }

  /** The other class's first query when it has one (fair share), else the same class's. */
  private take(): Waiting | undefined {
    const other: WorkClass = this.lastServed === 'job' ? 'request' : 'job';
    if (this.waiting[other].length > 0) this.lastServed = other;
    return this.waiting[this.lastServed].shift();
  }

  /**
   * When the current turn's queries started: kept while the pump stops and starts again within one
   * turn (a caller's next query comes a microtask after the pump found the queue empty), so a chain of
   * queries is bounded too, and forgotten once the loop has moved on to its next check phase.
   */
  private turnStart(): number {
    if (this.turnStarted === undefined) {
      this.turnStarted = this.now();
      setImmediate(() => {
        this.turnStarted = undefined;
      });
    }
    return this.turnStarted;
  }

  private async pump(): Promise<void> {
    this.pumping = true;
    for (let next = this.take(); next; next = this.take()) {
      this.turnStart();
      try {
        next.resolve(await next.run());
      } catch (error) {
        next.reject(error);
      }
      if (this.now() - this.turnStart() >= this.turnBudgetMs) await nextTurn();
    }
    this.pumping = false;
  }
}

/** What drizzle-orm/pglite calls on PGlite: each waits for its turn. */
const SCHEDULED = new Set<PropertyKey>(['query', 'exec', 'transaction']);

/**
 * The same client (still `instanceof` its class) whose `query`, `exec` and `transaction` wait for their
 * turn in `scheduler`. A transaction waits once, to start; its own queries run as PGlite answers them,
 * since it holds PGlite's lock until it ends and a turn taken inside would only make that longer.
 */
export function scheduledClient<T extends object>(client: T, scheduler = new QueryScheduler()): T {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      let method = bound.get(property);
      if (method === undefined) {
        const original = value.bind(target) as (...args: unknown[]) => Promise<unknown>;
        method = SCHEDULED.has(property)
          ? (...args: unknown[]) => scheduler.schedule(() => original(...args))
          : original;
        bound.set(property, method);
      }
      return method;
    },
  });
}
