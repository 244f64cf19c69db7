// Starts a server of its own for tests that must stop it (offline) or restart it.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, SERVER_BUNDLE } from '../../scripts/build-server.ts';
import { TEST_DEV_SECRET } from '../support/dev-key.ts';

export interface RunningServer {
  url: string;
  /** The server process's id (a worker names itself by it in the leases it holds). */
  pid: number;
  /** Shuts down gracefully (SIGTERM). */
  stop(): Promise<void>;
  /** Dies at once (SIGKILL), as a crashed machine would. */
  kill(): Promise<void>;
  /** Resolves when the server next prints a line matching `pattern` (its log at LOG_LEVEL). */
  printed(pattern: RegExp): Promise<void>;
  /** The last few kB the server printed, to say why it failed. */
  tail(): string;
}

/**
 * How long a server may take to print its address. A fresh data folder means a new embedded database
 * (initdb and migrations in WebAssembly): about 20 s on a 2-core machine busy with the rest of the
 * suite, measured for issue 16, where the old 30 s limit failed one run in five.
 */
const START_TIMEOUT_MS = 90_000;
/** How much of its latest output a server keeps for `tail()`. */
const TAIL_CHARS = 8_000;

/**
 * Node's young generation as `npm run serve` sizes it (issue 19): semi-spaces of 4 MB instead of up to
 * 16 MB take 50-90 MB off the peak of a 1M + 1M analysis and 30-50 MB off idle, for about 0.4 s more
 * of garbage collection in its 10 s (8 MB semi-spaces: 0.15 s, 30 MB less off the peak).
 */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

/**
 * Names a data folder, already created and migrated, that a server started on a folder of its own begins
 * as a copy of: the e2e run's global setup makes one (tests/e2e/global-setup.ts). Unset (the benches), a
 * server creates its database from nothing, as a first `npm start` does.
 */
export const DATA_TEMPLATE_ENV = 'FOLLOWSCOPE_E2E_DATA_TEMPLATE';

/**
 * A data folder of the caller's, for a server it will start on it again (after a stop or a kill): a copy
 * of the run's template when there is one, as a server's own folder is. An empty folder would make the
 * server create its database from nothing, about 10 s more of its start on a loaded 2-core machine.
 */
export function dataDirFromTemplate(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'followscope-e2e-data-'));
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template) cpSync(template, dataDir, { recursive: true });
  return dataDir;
}

/**
 * Set, to the bundle's path, once a process's global setup has built the server from today's source (the
 * e2e run's, tests/e2e/global-setup.ts): the test workers it starts run that bundle as it is.
 */
export const SERVER_BUILT_ENV = 'FOLLOWSCOPE_SERVER_BUILT';

let built: Promise<string> | undefined;

/**
 * The server as `npm run serve` runs it (`scripts/build-server.ts`), bundled from the source as it is now
 * the first time a process asks, so an edit is never tested against an older build.
 */
export function serverBundle(): Promise<string> {
  if (process.env[SERVER_BUILT_ENV] === SERVER_BUNDLE) return Promise.resolve(SERVER_BUNDLE);
  built ??= buildServer();
  return built;
}

/**
 * Starts the server (`server/main.ts`, bundled) on a free port and resolves once it prints its address;
 * `nodeArgs` go to Node before the script (flags NODE_OPTIONS refuses, such as --cpu-prof).
 */
export async function startServer(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<RunningServer> {
  // One Node process, so a signal reaches the server itself.
  const args = [...SERVER_NODE_FLAGS, ...nodeArgs, await serverBundle()];
  // A data folder of its own, removed when the process ends (a 1M + 1M bench run leaves about 240 MB);
  // one given in `env` is the caller's, who may start the next server on it.
  const ownDataDir = mkdtempSync(join(tmpdir(), 'followscope-e2e-own-'));
  const template = process.env[DATA_TEMPLATE_ENV];
  if (template && env.DATA_DIR === undefined) cpSync(template, ownDataDir, { recursive: true });
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: ownDataDir,
      LOG_LEVEL: 'warn',
      LIMIT_CODE_SENDS_PER_IP: '1000',
      LIMIT_CODE_CHECKS_PER_IP: '1000',
      // Payments share 127.0.0.1 too; payments.spec.ts starts its own servers to test these limits.
      PAYMENT_ATTEMPTS_PER_IP: '1000',
      CAPTCHA: 'never',
      SHUTDOWN_GRACE_MS: '1000',
      DEV_SECRET: TEST_DEV_SECRET,
      // As `npm run serve` starts it (issue 19): glibc's per-thread arenas kept 40-80 MB more at the
      // peak, and its threshold for mmap, raised to the largest block freed (up to 32 MB), put the
      // analysis's buffers of a few MB on the heap, where the holes they left kept the peak. From 1 MB
      // up a buffer is mapped and unmapped on its own: 128 kB took twice the page faults, 10% slower.
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '1048576',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const watchers = new Set<{ pattern: RegExp; seen: () => void }>();
  return new Promise((resolve, reject) => {
    let output = '';
    let started = false;
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), START_TIMEOUT_MS);
    let tail = '';
    const watch = (chunk: Buffer) => {
      const text = chunk.toString();
      tail = (tail + text).slice(-TAIL_CHARS);
      for (const watcher of watchers) {
        if (!watcher.pattern.test(text)) continue;
        watchers.delete(watcher);
        watcher.seen();
      }
      // Once started, only the tail is kept: a log at info level would otherwise pile up here.
      if (!started) output += text;
    };
    const onData = (chunk: Buffer) => {
      watch(chunk);
      if (started) return;
      const match = output.match(/running at http:\/\/[^:]+:(\d+)/);
      if (!match) return;
      clearTimeout(timer);
      started = true;
      const end = (signal: NodeJS.Signals) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill(signal);
        });
      resolve({
        url: `http://127.0.0.1:${match[1]}`,
        pid: child.pid as number,
        stop: () => end('SIGTERM'),
        kill: () => end('SIGKILL'),
        printed: (pattern) => new Promise<void>((seen) => void watchers.add({ pattern, seen })),
        tail: () => tail,
      });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', watch);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    child.once('exit', () => rmSync(ownDataDir, { recursive: true, force: true }));
  });
}
