// What the fault benches (bench/faults-process.ts) share: their ports, their server's settings and
// their arithmetic. What they ask a server is tests/support/account-figures.ts.
import { loadavg } from 'node:os';

/** Where this suite's servers listen: fixed ports, so a server killed comes back where its clients look. */
export const FAULT_PORTS = { postgres: 8510, server: 8520 } as const;

/** The server as these benches start it: no app files, logins unlimited, the sample network unpaced. */
export const FAULT_SERVER_ENV = {
  SERVE_APP: 'false',
  LIMIT_CODE_CHECKS_PER_IP: '100000',
  LIMIT_CODE_SENDS_PER_IP: '100000',
  // The sample network stands in for the outside network; its own 200 pages a second would only
  // lengthen every analysis here (load.ts raises it for the same reason).
  SOURCE_PAGES_PER_SECOND: '1000000000',
};

export const DAY = 24 * 3_600_000;
export const round1 = (value: number) => Math.round(value * 10) / 10;
export const seconds = (ms: number) => Math.round(ms / 100) / 10;
export const loadAverage = () => round1(loadavg()[0] ?? 0);
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The outcome of a kill: which figures the restarted server showed, and whether the work then finished true. */
export interface KillOutcome {
  after_restart: string;
  complete_and_true: boolean;
}

/** The kill suite's verdicts: how many left figures half committed, and how many did not finish true. */
export function killTally(kills: readonly KillOutcome[]) {
  return {
    half_committed: kills.filter((kill) => kill.after_restart === 'neither').length,
    incomplete_or_wrong: kills.filter((kill) => !kill.complete_and_true).length,
  };
}
