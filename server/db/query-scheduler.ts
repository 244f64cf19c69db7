// Issue 35 (the `load` bench): the embedded database's queries run in WebAssembly on the main thread and
// their promises resolve without the event loop reaching its poll phase, and Node (libuv 1.45 and later)
// accepts one new connection per loop turn. One turn ran every waiting request's queries, and 69 of 200
// connections were never accepted; a `setImmediate` before each query let them in only slowly, since
// every waiting request's turn came due in the same check phase. Here queries wait in a queue whose pump
// runs them back to back for a bounded time, then gives the loop a real turn; the job worker's queries
// and the requests' share it, so an analysis is not queued behind every user's, by time (half each
// while both wait), so every user's are not queued behind an analysis's long transactions either.
import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { dbQueueWait } from '../metrics.ts';

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

/** Runs `job` as the job worker's: while requests wait too, its queries get half the database's time. */
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
  /** When the query was asked (`now()`), for the wait it is measured by (GET /metrics). */
  asked: number;
  run(): Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * One embedded database's queue of queries: oldest work first within a class; while requests wait, the
 * job worker's queries get as much of the database's time as theirs, no more.
 */
export class QueryScheduler {
  private readonly waiting: Record<WorkClass, Waiting[]> = { job: [], request: [] };
  private lastServed: WorkClass = 'request';
  /** How much longer (ms) the job worker's queries ran than the requests' since requests began to wait. */
  private jobAhead = 0;
  /** The query running is the job worker's, taken while requests waited. */
  private contended = false;
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
      const asked = this.now();
      queue.splice(at, 0, { since, asked, run: query, resolve: resolve as (value: unknown) => void, reject });
      if (!this.pumping) void this.pump();
    });
  }

  /**
   * The next query: a request's, unless the job worker's turn has come. While requests wait, the job
   * worker's queries take no more of the database's time than theirs (`jobAhead`), where one job query
   * every other slot gave it most of it: a page of a collection is a transaction of 5-10 ms, a
   * request's query 0.3-1 ms, so requests got a tenth of the time and their answers slowed to a crawl.
   */
  private take(): Waiting | undefined {
    const jobs = this.waiting.job;
    const requests = this.waiting.request;
    if (requests.length === 0) this.jobAhead = 0;
    const workClass: WorkClass = jobs.length > 0 && (requests.length === 0 || this.jobAhead <= 0) ? 'job' : 'request';
    this.lastServed = workClass;
    this.contended = workClass === 'job' && requests.length > 0;
    return this.waiting[workClass].shift();
  }

  /** Counts the time `ms` the last query took against its class's share. */
  private spent(ms: number): void {
    if (this.lastServed === 'job') {
      if (this.contended) this.jobAhead += ms;
    } else {
      this.jobAhead = Math.max(0, this.jobAhead - ms);
    }
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
      const started = this.now();
      dbQueueWait.observe({ work: this.lastServed }, (started - next.asked) / 1000);
      try {
        const answer = await next.run();
        this.spent(this.now() - started);
        next.resolve(answer);
      } catch (error) {
        this.spent(this.now() - started);
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
 * Statements that may change `users` or `sessions`, the rows the session lookup reads
 * (server/auth/session-lookup.ts): anything but a plain read that names either table where a statement
 * names the table it writes (or reads: conservative), after `update`, `into`, `from`, `join`, `table` or
 * `truncate`. A column of that name (`story_pages.users`) is not the table; cascades reach sessions only
 * from `users` itself.
 */
const MAY_WRITE_USERS =
  /\b(?:update|into|from|join|table|truncate)\s+(?:only\s+)?(?:"?public"?\.)?"?(?:users|sessions)\b(?!["\w]*\.)/i;
const READ_ONLY = /^\s*(?:select\b|execute\s+user_for_token\b)/i;
/** A second statement after a first (`exec` runs several): never taken for a read. */
const SECOND_STATEMENT = /;\s*\S/;
export const mayWriteUsers = (text: unknown) =>
  typeof text === 'string'
    ? MAY_WRITE_USERS.test(text) && (!READ_ONLY.test(text) || SECOND_STATEMENT.test(text))
    : true;

/**
 * Counts the statements that may have changed `users` or `sessions`, each at its start and its end: a
 * value read before a lookup's query and still the same after it says no such write ran meanwhile.
 */
export class UserWrites {
  generation = 0;
  /** Runs `write`, counting it before and after (however it ends). */
  async around<T>(write: () => Promise<T>): Promise<T> {
    this.generation++;
    try {
      return await write();
    } finally {
      this.generation++;
    }
  }
}

const userWritesOf = new WeakMap<object, UserWrites>();

/**
 * The write counter of a client made by `scheduledClient` (every statement on it passes through it),
 * undefined for any other: only then may what the database holds of users be remembered between queries.
 */
export function userWrites(client: object): UserWrites | undefined {
  return userWritesOf.get(client);
}

/** `query` and `exec` of a transaction's own client, counted when they may write users. */
function watchedTransactionClient<T extends object>(tx: T, writes: UserWrites): T {
  return new Proxy(tx, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const original = value.bind(target) as (...args: unknown[]) => Promise<unknown>;
      if (property !== 'query' && property !== 'exec') return original;
      return (...args: unknown[]) =>
        mayWriteUsers(args[0]) ? writes.around(() => original(...args)) : original(...args);
    },
  });
}

/**
 * The same client (still `instanceof` its class) whose `query`, `exec` and `transaction` wait for their
 * turn in `scheduler`. A transaction waits once, to start; its own queries run as PGlite answers them,
 * since it holds PGlite's lock until it ends and a turn taken inside would only make that longer.
 * Every statement that may change users or sessions is counted (`userWrites`), inside transactions too.
 */
export function scheduledClient<T extends object>(client: T, scheduler = new QueryScheduler()): T {
  const bound = new Map<PropertyKey, unknown>();
  const writes = new UserWrites();
  const counted = (property: PropertyKey, original: (...args: unknown[]) => Promise<unknown>) => {
    if (property === 'transaction') {
      return (callback: unknown, ...rest: unknown[]) =>
        original(
          typeof callback === 'function'
            ? (tx: object) => (callback as (tx: object) => unknown)(watchedTransactionClient(tx, writes))
            : callback,
          ...rest,
        );
    }
    return (...args: unknown[]) =>
      mayWriteUsers(args[0]) ? writes.around(() => original(...args)) : original(...args);
  };
  const proxy = new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      let method = bound.get(property);
      if (method === undefined) {
        const original = value.bind(target) as (...args: unknown[]) => Promise<unknown>;
        if (SCHEDULED.has(property)) {
          const run = counted(property, original);
          method = (...args: unknown[]) => scheduler.schedule(() => run(...args));
        } else {
          method = original;
        }
        bound.set(property, method);
      }
      return method;
    },
  });
  userWritesOf.set(proxy, writes);
  return proxy;
}
