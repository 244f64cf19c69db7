// Issue 35 (the `load` bench): the embedded database's queries run in WebAssembly on the main thread and
// their promises resolve without the event loop reaching its poll phase, so while requests are waiting a
// single loop turn ran all their queries back to back (~0.6 s under 200 subscribers). Node 20 accepts one
// new connection per turn, and 69 of 200 connections were never accepted. Taking a real turn (a
// macrotask) before each query lets the poll phase accept and read sockets between queries.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** What drizzle-orm/pglite's session and the session lookup call on PGlite and on its transactions. */
const QUERIES = new Set<PropertyKey>(['query', 'exec']);

/**
 * The same client (still `instanceof` its class) whose `query` and `exec` first let the event loop take a
 * turn, and whose `transaction` hands its callback a transaction that does the same. PGlite runs a
 * transaction under its own mutex, so a turn taken inside one only lets I/O run: other queries still wait.
 */
export function yieldingClient<T extends object>(client: T): T {
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      let method = bound.get(property);
      if (method === undefined) {
        const original = value.bind(target) as (...args: unknown[]) => Promise<unknown>;
        if (QUERIES.has(property)) {
          method = async (...args: unknown[]) => {
            await nextTurn();
            return original(...args);
          };
        } else if (property === 'transaction') {
          method = (callback: (tx: object) => Promise<unknown>, ...rest: unknown[]) =>
            original((tx: object) => callback(yieldingClient(tx)), ...rest);
        } else {
          method = original;
        }
        bound.set(property, method);
      }
      return method;
    },
  });
}
