// Issue 35 item 3: the disk full under the embedded database. The server's data folder is a small
// tmpfs of its own (mounting one needs root: without it the fault is skipped, and said so); an account
// is analysed, then the disk is filled to its last MB and another account's large analysis runs into
// it. Nothing lost means: that analysis answers an error instead of hanging, the server does not die
// or, if it does, a start on the full disk says why instead of looping; once space returns, the
// database opens with the first account's figures whole and the large analysis completes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RunningServer, startServer } from '../tests/e2e/server.ts';
import { type Figures, figuresOf, sameFigures, startAnalysis, subscriber } from '../tests/support/account-figures.ts';
import { FAULT_PORTS, FAULT_SERVER_ENV, seconds } from './fault-client.ts';

/** The tmpfs's size: room for a new database and a small account, not for the large one. */
const DISK_MB = 192;
/** What the filler leaves free. */
const LEFT_MB = 2;
/** The account that fills the disk: its collected pages alone are some tens of MB. */
const LARGE = 'size.400000.400000';
const SMALL = 'size.20000';
/** How long the large analysis may take to answer on the full disk before it counts as hanging. */
const ANSWER_CAP_MS = 120_000;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Health as the server answers it, or the error when it does not. */
async function health(origin: string) {
  try {
    const answer = await fetch(`${origin}/api/v1/health`, { signal: AbortSignal.timeout(10_000) });
    return { status: answer.status, body: (await answer.json()) as unknown };
  } catch (error) {
    return { status: 0, body: String(error) };
  }
}

/** The message of the last "analysis failed" line the server logged. */
function failureLogged(tail: string): string | undefined {
  const line = tail
    .split('\n')
    .reverse()
    .find((text) => text.includes('"analysis failed"'));
  try {
    return line && (JSON.parse(line) as { err?: { message?: string } }).err?.message;
  } catch {
    return line?.slice(0, 300);
  }
}

export async function benchDiskFull() {
  if (process.getuid?.() !== 0) return { skipped: 'mounting a small tmpfs needs root; not run' };
  const dir = mkdtempSync('/tmp/followscope-diskfull-');
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${DISK_MB}m`, 'tmpfs', dir]);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { skipped: `mount -t tmpfs refused (${String(error).split('\n')[0]}); not run` };
  }
  const dataDir = join(dir, 'data');
  const filler = join(dir, 'filler');
  const serve = () => startServer({ ...FAULT_SERVER_ENV, DATA_DIR: dataDir, PORT: String(FAULT_PORTS.server) });
  let server: RunningServer | undefined;
  try {
    server = await serve();
    const small = await subscriber(server.url, 'disk.small@example.com', SMALL);
    const large = await subscriber(server.url, 'disk.large@example.com', LARGE);
    const first = await startAnalysis(server.url, small);
    if (!('status' in first) || first.status !== 200) throw new Error(`the small analysis: ${JSON.stringify(first)}`);
    const before: Figures = await figuresOf(server.url, small);

    const { bavail, bsize } = statfsSync(dir);
    writeFileSync(filler, Buffer.alloc(Math.max(0, bavail * bsize - LEFT_MB * 1024 * 1024)));
    const started = performance.now();
    const onFullDisk = await Promise.race([
      startAnalysis(server.url, large),
      new Promise<{ error: string }>((resolve) => setTimeout(() => resolve({ error: 'no answer' }), ANSWER_CAP_MS)),
    ]);
    const answeredMs = performance.now() - started;
    const full = {
      analysis: onFullDisk,
      answered_s: seconds(answeredMs),
      server_alive: alive(server.pid),
      health: await health(server.url),
      small_account_readable: await figuresOf(server.url, small).then(
        (figures) => sameFigures(figures, before),
        (error: unknown) => String(error),
      ),
      /** What the server logged about the failed analysis. */
      logged: failureLogged(server.tail()),
    };
    // A dead server: does it start on the still full disk, or fail saying why (not a loop)?
    let startWhileFull: string | undefined;
    if (!full.server_alive) {
      startWhileFull = await serve().then(
        async (again) => {
          server = again;
          return 'started';
        },
        (error: unknown) => String(error).slice(-1_500),
      );
    }

    rmSync(filler);
    // Space is back: the running server carries on, or a dead one starts again.
    if (!server || !alive(server.pid)) server = await serve();
    const afterSpace = { health: await health(server.url) };
    const retried = await startAnalysis(server.url, large);
    // A clean stop and a start on the same folder: the database opens intact.
    await server.stop();
    server = await serve();
    const after = await figuresOf(server.url, small);
    const largeFigures = await figuresOf(server.url, large);
    return {
      disk_mb: DISK_MB,
      left_mb: LEFT_MB,
      large_account: LARGE,
      on_full_disk: full,
      start_while_full: startWhileFull ?? 'not needed: the server stayed up',
      after_space_returns: {
        ...afterSpace,
        large_analysis: 'status' in retried ? retried.status : retried.error,
        large_total_followers: largeFigures.total_followers,
        small_account_intact: sameFigures(after, before),
      },
    };
  } finally {
    await server?.stop();
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
}
