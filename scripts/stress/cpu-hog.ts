// One core kept busy beside the suite: CI's 2-core machine runs other work, and the story viewer's
// stall (issue 16) only showed under such load. A child process, so it can always be killed.
import { type ChildProcess, spawn } from 'node:child_process';

export interface CpuHog {
  stop(): void;
}

/** Starts a busy loop in a child Node process; `stop` kills it (also called on exit and on Ctrl-C). */
export function startCpuHog(): CpuHog {
  const child: ChildProcess = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
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
