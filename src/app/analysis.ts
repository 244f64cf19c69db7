// Running an analysis from the dashboard (spec §4 Analysis): the request, the progress ticking in
// the worker, abort, and applying the result to the stored user record.
import { msg } from '@lingui/core/macro';
import { type UserRecord, userRecordSchema } from '../../common/schema/user.ts';
import type { Progress } from '../analysis/progress.ts';
import { startAnalysis } from '../api/analysis.ts';
import { i18n } from '../i18n/index.ts';
import { createStore } from './store.ts';
import { showToast } from './toast.tsx';

export type AnalysisState =
  | { status: 'idle' }
  | { status: 'running'; progress?: Progress; estimate: number }
  | { status: 'private' };

export const analysisState = createStore<AnalysisState>({ status: 'idle' });
let controller: AbortController | undefined;
let stopTicker: (() => Promise<void>) | undefined;

/** Starts an analysis; `estimate` is in minutes (spec §9). */
export async function runAnalysis(estimate: number, before: UserRecord | undefined): Promise<void> {
  if (analysisState.get().status === 'running') return;
  controller = new AbortController();
  const signal = controller.signal;
  analysisState.set({ status: 'running', estimate });
  const { startProgress } = await import('../workers/collector.ts');
  // Settles when the progress reaches 100 after the result, or when the user stops the analysis.
  let reachedFull = () => {};
  const full = new Promise<void>((resolve) => {
    reachedFull = resolve;
  });
  signal.addEventListener('abort', () => reachedFull(), { once: true });
  const ticker = await startProgress((progress) => {
    if (analysisState.get().status === 'running') analysisState.set({ status: 'running', progress, estimate });
    if (progress.done) reachedFull();
  });
  stopTicker = ticker.stop;

  const result = await startAnalysis(signal);
  if (signal.aborted) return;
  if (!result.ok) {
    await ticker.stop();
    analysisState.set({ status: 'idle' });
    const user = userRecordSchema.safeParse((result.error.body as { user?: unknown } | undefined)?.user);
    const { writeUserRecord } = await import('../db/user.ts');
    // spec §8: a 400 stores the invalid-username message, which blocks further analyses.
    if (result.error.status === 400 && user.success) await writeUserRecord(user.data, Date.now(), result.error.message);
    // A stopped official-API connection (issue 18) comes with the record that says so: the dashboard offers to reconnect.
    else if (user.success) await writeUserRecord(user.data);
    showToast(result.error.message);
    return;
  }

  // spec §4: the progress jumps toward 100, then the stats are applied.
  await ticker.finish();
  await full;
  const [{ writeUserRecord }, { clearListPages }] = await Promise.all([
    import('../db/user.ts'),
    import('../db/lists.ts'),
  ]);
  await writeUserRecord(result.data);
  await clearListPages();
  if (result.data.is_private) {
    analysisState.set({ status: 'private' });
    return;
  }
  analysisState.set({ status: 'idle' });
  // spec §4: then the stories are fetched (below 6 of them; §9), in the background.
  void import('./stories-with-analysis.ts')
    .then(({ fetchStoriesWithAnalysis }) => fetchStoriesWithAnalysis(result.data))
    .catch(() => undefined);
  // A first list analysis is a baseline; the official API counts follows from the first collection.
  if (!before?.last_updated_at && result.data.data_source !== 'official') {
    showToast(i18n._(msg`Baseline saved. New and lost followers will show from your next analysis.`), { kind: 'info' });
  }
}

/** spec §4: Start can be aborted. */
export async function abortAnalysis(): Promise<void> {
  controller?.abort();
  await stopTicker?.();
  analysisState.set({ status: 'idle' });
}

/** Closes the private-account alert. */
export function dismissPrivateAlert(): void {
  analysisState.set({ status: 'idle' });
}
