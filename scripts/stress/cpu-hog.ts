// One core kept busy beside the suite: CI's 2-core machine runs other work, and the story viewer's
// stall (issue 16) only showed under such load. A child process, so it can always be killed.
import { type ChildProcess, spawn } from 'node:child_process';

/**
 * The busy loop. Now and then it checks that the stress run that started it is still there, so even
 * a stress run killed with SIGKILL (which runs no handler) leaves no loop behind.
 */
const LOOP = `
const parent = Number(process.argv[1]);
for (;;) {
  for (let i = 0; i < 5e7; i++);
  try { process.kill(parent, 0); } catch { process.exit(0); }
}`;

export interface CpuHog {
  stop(): void;
}

/** Starts a busy loop in a child Node process; `stop` kills it (also called on exit and on Ctrl-C). */
export function startCpuHog(): CpuHog {
  const child: ChildProcess = spawn(process.execPath, ['-e', LOOP, String(process.pid)], { stdio: 'ignore' });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  // However the parent ends, the loop must not outlive it.
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stop();
      process.exit(130);
    });
  }
  return { stop };
}
