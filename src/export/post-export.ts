// Post and reel analytics as CSV (issue 20), from what IndexedDB holds (the screens cache every figure
// they show): the fifteen metrics, then the most liked, commented and engaged posts in order. A metric
// the source cannot give stays empty, and its source column says which source would give it.

import { postGroupNames } from '../../common/schema/lists.ts';
import { type PostMetrics, postGroupSchema } from '../../common/schema/posts.ts';
import type { Provenance, SourceKind } from '../../common/schema/provenance.ts';
import { METRICS } from '../../wasm/collector.ts';
import { postLink } from '../app/config.ts';
import type { PostGroupRow } from '../db/schema.ts';
import { type ExportContext, type ExportOutcome, exportFileName } from './context.ts';
import { CsvWriter } from './csv-writer.ts';
import { type ExportWords, sourceName, wordsFor } from './words.ts';

export type PostKind = 'posts' | 'reels';

/** The metrics in spec §3's order, as the core computes them and the screen lists them. */
const metricOrder: readonly (keyof PostMetrics)[] = METRICS;

function header(words: ExportWords): string[] {
  const { posts } = words;
  return [posts.kind, posts.section, posts.item, posts.value, posts.link, words.source, words.date];
}

/** "Not available yet: Official API" for what a source lacks. */
function missing(words: ExportWords, needs: readonly SourceKind[]): string {
  return words.notAvailable(needs.map((kind) => words.sources[kind]).join(' / '));
}

/**
 * The whole group for a row post analytics stored in part (the 3 posts it shows), from the server; when
 * that fails, the part, and the file says it holds what the device had saved.
 */
async function wholeGroup(saved: PostGroupRow, context: ExportContext): Promise<PostGroupRow & { partial?: true }> {
  const partial = { ...saved, partial: true as const };
  if (!context.online) return partial;
  try {
    const response = await context.fetch(`/api/v1/client/posts/${saved.group}/${saved.isReel === 1}/`, {
      headers: { ...context.headers, authorization: `Bearer ${context.token}` },
    });
    if (!response.ok) return partial;
    const { data } = postGroupSchema.parse(await response.json());
    return { ...saved, post_count: data.post_count, posts: data.posts, source: data.source ?? saved.source };
  } catch {
    return partial;
  }
}

/** Writes the rows of one kind; returns how many, and whether a group is only what the device had saved. */
async function writeKind(csv: CsvWriter, kind: PostKind, words: ExportWords, context: ExportContext) {
  const analysis = await context.store.postAnalysis();
  const isReel = kind === 'reels' ? 1 : 0;
  const label = kind === 'reels' ? words.posts.reelKind : words.posts.postKind;
  let rows = 0;
  let partial = false;
  const row = async (fields: (string | number | null)[]) => {
    await csv.row(fields);
    rows++;
  };
  if (analysis) {
    const metrics = kind === 'reels' ? analysis.reel_metrics : analysis.metrics;
    const needs = analysis.unavailable?.needs ?? ['official'];
    const provenance = analysis.source ?? undefined;
    for (const key of metricOrder) {
      // spec §3: last_post_days is -1 without posts, which the screen shows as unavailable too.
      const value = key === 'last_post_days' && (metrics[key] ?? -1) < 0 ? null : metrics[key];
      const known = value !== null;
      await row([
        label,
        words.posts.metrics,
        words.posts.metricNames[key],
        value,
        '',
        known ? sourceName(words, provenance?.source) : missing(words, needs),
        known ? (provenance?.at ?? '') : '',
      ]);
    }
  }
  for (const group of postGroupNames) {
    const saved = await context.store.postGroup(group, isReel);
    if (!saved) continue;
    const stored = saved.complete === false ? await wholeGroup(saved, context) : saved;
    if ('partial' in stored) partial = true;
    const section = words.posts.groups[group];
    if (stored.unavailable) {
      await row([label, section, '', null, '', missing(words, stored.needs ?? ['official']), '']);
      continue;
    }
    const provenance: Provenance | undefined = stored.source ?? analysis?.source ?? undefined;
    for (const post of stored.posts) {
      await row([
        label,
        section,
        post.post_short_code,
        post.value,
        postLink(post.post_short_code),
        sourceName(words, provenance?.source),
        provenance?.at ?? '',
      ]);
    }
  }
  return { rows, partial };
}

/** Writes the analytics of `kinds` as one CSV to `out`; 'nothing' when the device holds none. */
export async function exportPostAnalytics(
  kinds: readonly PostKind[],
  out: WritableStream<Uint8Array>,
  context: ExportContext,
): Promise<ExportOutcome> {
  const writer = out.getWriter();
  const words = wordsFor(context.locale);
  const csv = new CsvWriter(writer);
  try {
    await csv.header(header(words));
    let rows = 0;
    let partial = false;
    for (const kind of kinds) {
      const written = await writeKind(csv, kind, words, context);
      rows += written.rows;
      partial ||= written.partial;
    }
    if (rows === 0) {
      await writer.abort();
      return { kind: 'nothing' };
    }
    // A group the server could not complete leaves the file as it would be offline: what was saved, said so.
    const offline = !context.online || partial;
    if (offline) await csv.row([words.offlineNote(rows, undefined)]);
    await csv.flush();
    await writer.close();
    const what =
      kinds.length === 1 ? (kinds[0] === 'reels' ? 'reel-analytics' : 'post-analytics') : 'post-and-reel-analytics';
    return { kind: 'done', fileName: exportFileName(what, context.now, offline, 'csv'), rows, offline, complete: true };
  } catch (error) {
    await writer.abort(error).catch(() => undefined);
    throw error;
  }
}
