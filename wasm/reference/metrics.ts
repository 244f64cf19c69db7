// Plain TypeScript oracle for the core's postMetrics (wasm/assembly/metrics.ts has the definitions).
import type { PostColumns } from '../collector.ts';

const DAY = 86_400;
const WEEK = 7 * DAY;
const RECENT_DAYS = 30;

/** The 15 metrics in METRIC order, computed the obvious way. */
export function postMetricsReference(posts: PostColumns, now: number, followers: number): Float64Array {
  const n = posts.likes.length;
  const rateOf = (i: number) =>
    followers > 0 ? (((posts.likes[i] ?? 0) + (posts.comments[i] ?? 0)) / followers) * 100 : 0;
  const all = [...Array(n).keys()];
  const videos = all.filter((i) => posts.isVideo[i] !== 0);
  const images = all.filter((i) => posts.isVideo[i] === 0);
  const sum = (indices: number[], value: (i: number) => number) => indices.reduce((total, i) => total + value(i), 0);
  const max = (indices: number[], value: (i: number) => number) =>
    indices.reduce((most, i) => (value(i) > most ? value(i) : most), 0);
  const at = (column: Float64Array) => (i: number) => column[i] ?? 0;
  const times = all.map(at(posts.takenAt));
  const newest = Math.max(...times);
  const oldest = Math.min(...times);
  const recent = all.filter((i) => {
    const t = posts.takenAt[i] ?? 0;
    return t <= now && now - t < RECENT_DAYS * DAY;
  });
  return Float64Array.of(
    n,
    videos.length,
    images.length,
    max(videos, at(posts.views)),
    videos.length ? sum(videos, at(posts.views)) / videos.length : 0,
    max(all, at(posts.likes)),
    n ? sum(all, at(posts.likes)) / n : 0,
    max(all, at(posts.comments)),
    n ? sum(all, at(posts.comments)) / n : 0,
    n ? Math.max(0, Math.floor((now - newest) / DAY)) : -1,
    n ? n / Math.max(1, (now - oldest) / WEEK) : 0,
    sum(recent, (i) => (posts.likes[i] ?? 0) + (posts.comments[i] ?? 0)) / RECENT_DAYS,
    n ? sum(all, rateOf) / n : 0,
    videos.length ? sum(videos, rateOf) / videos.length : 0,
    images.length ? sum(images, rateOf) / images.length : 0,
  );
}
