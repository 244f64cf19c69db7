// Issue 35 item 3: the server killed (SIGKILL) in the middle of an analysis, at moments of its
// collection and of its commit, then started again on the same data. Nothing lost means: right after
// the restart the account shows whole figures, its previous complete analysis or the new one, with
// lists as long as its counts say (never a mix); the analysis then completes, and its figures are the
// sample network's truth for that day. One account goes a day further at each moment, so each killed
// analysis is a day-later one: a diff, events and six lists to commit.
import { startServer } from '../tests/e2e/server.ts';
import {
  figuresOf,
  sameFigures,
  startAnalysis,
  subscriber,
  truthOf,
  wholeState,
} from '../tests/support/account-figures.ts';
import { postJson } from '../tests/support/api.ts';
import { DAY, FAULT_PORTS, FAULT_SERVER_ENV, killTally, seconds } from './fault-client.ts';

/** The first day's time, frozen: a restarted server must collect the same day's lists it was killed in. */
const DAY_ZERO = Date.parse('2026-11-27T12:00:00.000Z');
/** The log line the worker prints between collecting and committing (server/analysis/worker.ts). */
const COMMITTING = /analysis collected; committing/;

/** When to kill: a share of the collection's time from the start, or of the commit's from its log line. */
type Moment = { phase: 'collection' | 'commit'; share: number };
const MOMENTS: Moment[] = [
  { phase: 'collection', share: 0.5 },
  { phase: 'commit', share: 0 },
  { phase: 'commit', share: 0.5 },
  { phase: 'commit', share: 0.9 },
];

/** The account's truth on `day`: its new and lost since the day before. */
const truthOnDay = (origin: string, username: string, day: number) =>
  truthOf(origin, username, dayAt(day), day > 0 ? dayAt(day - 1) : undefined);
const dayAt = (day: number) => new Date(DAY_ZERO + day * DAY).toISOString();

/** Kills at every moment on one database (`env` names it; the embedded one lives in `dataDir`). */
export async function benchKillAnalysis(env: Record<string, string>, followers: number, following: number) {
  const username = `size.${followers}.${following}`;
  const serverOn = (day: number) =>
    startServer({
      ...FAULT_SERVER_ENV,
      ...env,
      PORT: String(FAULT_PORTS.server),
      LOG_LEVEL: 'info',
      FROZEN_CLOCK: dayAt(day),
    });
  let server = await serverOn(0);
  try {
    const token = await subscriber(server.url, 'kill-analysis@example.com', username);
    const analyse = async () => {
      const answer = await startAnalysis(server.url, token);
      if (!('status' in answer) || answer.status !== 200)
        throw new Error(`analysis answered ${JSON.stringify(answer)}`);
    };
    await analyse();
    let previous = await figuresOf(server.url, token);
    if (!sameFigures(previous, await truthOnDay(server.url, username, 0)))
      throw new Error('the first analysis is wrong');

    // The day-later analysis uninterrupted: its collection's and its commit's times place the moments.
    await moveClock(server.url, DAY);
    const started = performance.now();
    const committing = server.printed(COMMITTING).then(() => performance.now());
    await analyse();
    const ended = performance.now();
    const collectionMs = (await committing) - started;
    const commitMs = ended - (await committing);
    previous = await figuresOf(server.url, token);
    if (!sameFigures(previous, await truthOnDay(server.url, username, 1)))
      throw new Error('the day-later analysis is wrong');

    const kills = [];
    let day = 1;
    for (const moment of MOMENTS) {
      day += 1;
      await moveClock(server.url, DAY);
      const next = await truthOnDay(server.url, username, day);
      const reachedCommit = server.printed(COMMITTING).then(() => performance.now());
      let answeredFirst = false;
      const running = startAnalysis(server.url, token).then((answer) => {
        answeredFirst = 'status' in answer;
      });
      const begun = performance.now();
      if (moment.phase === 'collection') await sleepUntil(begun + moment.share * collectionMs);
      else await sleepUntil((await reachedCommit) + moment.share * commitMs);
      const killedAt = performance.now();
      await server.kill();
      await running;
      server = await serverOn(day);
      const restartMs = performance.now() - killedAt;
      const afterRestart = await figuresOf(server.url, token);
      const state = wholeState(afterRestart, previous, next);
      // An analysis that answered before the kill is over: there is nothing to resume.
      const resumeStarted = performance.now();
      const resumed = answeredFirst ? undefined : await startAnalysis(server.url, token);
      const resumeMs = performance.now() - resumeStarted;
      const final = await figuresOf(server.url, token);
      kills.push({
        moment: `${moment.phase} +${Math.round(moment.share * 100)}%`,
        killed_after_s: seconds(killedAt - begun),
        /** The analysis had answered before the kill: the moment came too late to catch it running. */
        answered_before_kill: answeredFirst,
        restart_s: seconds(restartMs),
        /** What the account showed once restarted: 'previous' or 'new', never 'neither'. */
        after_restart: state,
        resume_status: resumed === undefined ? 'not needed' : 'status' in resumed ? resumed.status : resumed.error,
        /** From the restarted server's first request for it to its answer: the lease, then the rest. */
        resume_s: resumed === undefined ? 0 : seconds(resumeMs),
        /** The completed analysis's figures are the network's truth for that day. */
        complete_and_true: sameFigures(final, next),
      });
      previous = final;
    }
    return {
      database: env.DATABASE_URL ? 'postgresql' : 'embedded',
      account: username,
      analysis_s: seconds(collectionMs + commitMs),
      collection_s: seconds(collectionMs),
      commit_s: seconds(commitMs),
      kills,
      ...killTally(kills),
    };
  } finally {
    await server.stop();
  }
}

/** Moves the server's clock `ms` forward. */
async function moveClock(origin: string, ms: number) {
  const moved = await postJson(origin, '/dev/clock', { advance_ms: ms });
  if (!moved.ok) throw new Error(`moving the clock answered ${moved.status}`);
}

const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - performance.now())));
