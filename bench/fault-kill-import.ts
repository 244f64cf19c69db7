// Issue 35 item 3: the server killed (SIGKILL) while it commits an import of a data download, at
// moments of the commit, then started again on the same data. Nothing lost means: right after the
// restart the account shows whole figures, its previous import or the new one (lists as long as the
// counts), the upload is still there, and the client's commit sent again (what the app does on
// *Resume*) completes it, with the figures the download holds. One account imports a newer download
// at each moment: each a diff against the one before, so new and lost followers to commit.
import { startServer } from '../tests/e2e/server.ts';
import { type Figures, figuresOf, sameFigures, subscriber, wholeState } from '../tests/support/account-figures.ts';
import { postJson } from '../tests/support/api.ts';
import { snapshotOf, uploadSnapshot } from '../tests/support/upload-snapshot.ts';
import { FAULT_PORTS, FAULT_SERVER_ENV, killTally, seconds } from './fault-client.ts';

/** Shares of an uninterrupted commit's time to kill at. */
const SHARES = [0.3, 0.7, 0.95];
/** A day in the download's own seconds: each download is written a day after the one before. */
const DAY_S = 86_400;
const FIRST_WRITTEN_AT = 1_780_000_000;

/** Import `k`: followers are the people from k × shift on, so each import has `shift` new and lost. */
function download(k: number, followers: number, following: number) {
  const shift = Math.round(followers / 100);
  return {
    snapshot: snapshotOf(followers, following, { from: k * shift, writtenAt: FIRST_WRITTEN_AT + k * DAY_S }),
    figures: {
      total_followers: followers,
      total_following: following,
      new_followers: k === 0 ? 0 : shift,
      followers_lost: k === 0 ? 0 : shift,
      new_followers_list: k === 0 ? 0 : shift,
      followers_lost_list: k === 0 ? 0 : shift,
    } satisfies Figures,
  };
}

/** Kills at every moment on one database (`env` names it; the embedded one lives in its DATA_DIR). */
export async function benchKillImport(env: Record<string, string>, followers: number, following: number) {
  const serve = () => startServer({ ...FAULT_SERVER_ENV, ...env, PORT: String(FAULT_PORTS.server) });
  let server = await serve();
  try {
    const token = await subscriber(server.url, 'kill-import@example.com', 'import.faults');
    const commit = (id: string) =>
      postJson(server.url, `/api/v1/client/imports/${id}/commit`, {}, { authorization: `Bearer ${token}` }).then(
        async (answer) => ({ status: answer.status, body: await answer.text() }),
        (error: unknown) => ({ status: 0, body: String(error) }),
      );
    const importWhole = async (k: number) => {
      const { snapshot, figures } = download(k, followers, following);
      const id = await uploadSnapshot(server.url, token, snapshot);
      const started = performance.now();
      const answer = await commit(id);
      if (answer.status !== 200) throw new Error(`import ${k} answered ${answer.status}: ${answer.body}`);
      const ms = performance.now() - started;
      if (!sameFigures(await figuresOf(server.url, token), figures)) throw new Error(`import ${k} shows other figures`);
      return ms;
    };
    await importWhole(0);
    // An uninterrupted commit of a newer download: its time places the moments.
    const commitMs = await importWhole(1);

    const kills = [];
    let previous = download(1, followers, following).figures;
    for (const [index, share] of SHARES.entries()) {
      const k = index + 2;
      const { snapshot, figures: next } = download(k, followers, following);
      const id = await uploadSnapshot(server.url, token, snapshot);
      const committing = commit(id);
      const begun = performance.now();
      await new Promise((resolve) => setTimeout(resolve, share * commitMs));
      const killedAt = performance.now();
      await server.kill();
      const cut = await committing;
      server = await serve();
      const restartMs = performance.now() - killedAt;
      const afterRestart = await figuresOf(server.url, token);
      const retried = performance.now();
      const again = await commit(id);
      const retryMs = performance.now() - retried;
      const final = await figuresOf(server.url, token);
      kills.push({
        moment: `commit +${Math.round(share * 100)}%`,
        killed_after_s: seconds(killedAt - begun),
        /** The commit's answer before the kill (0: none, the kill cut it), and its message when not 200. */
        answer_before_kill: cut.status,
        ...(cut.status !== 0 && cut.status !== 200 && { answer_body: cut.body.slice(0, 300) }),
        restart_s: seconds(restartMs),
        after_restart: wholeState(afterRestart, previous, next),
        retry_status: again.status,
        /** The commit sent again, to its answer: the dead commit's hold on the upload, then the commit. */
        retry_s: seconds(retryMs),
        complete_and_true: again.status === 200 && sameFigures(final, next),
      });
      previous = final;
    }
    return {
      database: env.DATABASE_URL ? 'postgresql' : 'embedded',
      followers,
      following,
      commit_s: seconds(commitMs),
      kills,
      ...killTally(kills),
    };
  } finally {
    await server.stop();
  }
}
