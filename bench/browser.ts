// Runs the benchmark page (bench/browser) in Debian's Chromium: the diff in a worker, Dexie in the page.
import { execFileSync } from 'node:child_process';
import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/browser.ts';
import type { measureDiff } from './diff-measure.ts';

/** What bench/browser/main.ts puts on the page. */
type BenchPage = Window & {
  bench: {
    diff(n: number): Promise<DiffFigures>;
    sentiment(n: number): Promise<SentimentFigures>;
    dexie(snapshotIds: number, rows: number): Promise<DexieFigures>;
    importDownload(url: string, way: 'streaming' | 'whole-file'): Promise<ImportFigures>;
    exportList(token: string, way: 'streaming' | 'whole-string'): Promise<ExportFigures>;
  };
};

interface SentimentFigures {
  comments: number;
  worker_ms: number;
  comments_per_s: number;
  scoring_wasm_ms: number;
  scoring_ts_reference_ms: number;
}

type DiffFigures = Awaited<ReturnType<typeof measureDiff>>;

interface ImportFigures {
  way: string;
  followers: number;
  ms: number;
  followers_per_s: number;
}

interface ExportFigures {
  way: string;
  rows: number;
  mb: number;
  ms: number;
  rows_per_s: number;
  longest_frame_ms: number;
}

interface DexieFigures {
  snapshot_ids: number;
  snapshot_put_ms: number;
  snapshot_get_ms: number;
  rows: number;
  bulk_put_ms: number;
  rows_per_s: number;
  read_page_ms: number;
}

const root = fileURLToPath(new URL('./tmp/browser', import.meta.url));
const types: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
};

/**
 * Serves the built benchmark page, the download for the import at /download.zip, and with `api` passes
 * /api/ on to that server, so the page's worker reads the real server from its own origin.
 */
function servePage(download?: string, api?: string) {
  return createServer(async (request, response) => {
    if (api && request.url?.startsWith('/api/')) {
      const upstream = httpRequest(`${api}${request.url}`, { headers: request.headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      upstream.on('error', () => response.writeHead(502).end());
      request.pipe(upstream);
      return;
    }
    if (download && request.url === '/download.zip') {
      response.writeHead(200, { 'content-type': 'application/zip' });
      createReadStream(download).pipe(response);
      return;
    }
    const path = normalize(join(root, (request.url ?? '/').split('?')[0] === '/' ? 'index.html' : (request.url ?? '')));
    if (!path.startsWith(root)) return response.writeHead(404).end();
    try {
      const body = await readFile(path);
      response.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
}

/** Builds the benchmark page (bench/tmp/browser) from the app's own modules. */
export function buildBenchPage(): void {
  execFileSync('npx', ['vite', 'build', '--config', 'bench/browser/vite.config.ts'], { stdio: 'inherit' });
}

/** What the benchmark page can measure in one browser. */
export type BrowserPart = 'diff' | 'sentiment' | 'dexie';

export interface BrowserFigures {
  diff?: DiffFigures;
  sentiment?: SentimentFigures;
  dexie?: DexieFigures;
}

/** Builds the page and measures the asked parts in Chromium, in this order: diff, sentiment, dexie. */
export async function benchBrowser(parts: readonly BrowserPart[]): Promise<BrowserFigures> {
  if (parts.length === 0) return {};
  buildBenchPage();
  const server = servePage();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // gc() in the worker lets the diff collect one way's garbage before timing the next (bench/repetitions.ts).
  const args = [...(chromiumLaunchOptions.args ?? []), '--js-flags=--expose-gc'];
  const browser = await chromium.launch({ ...chromiumLaunchOptions, args });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => 'bench' in window);
    const figures: BrowserFigures = {};
    if (parts.includes('diff'))
      figures.diff = await page.evaluate((n) => (window as unknown as BenchPage).bench.diff(n), 1_000_000);
    if (parts.includes('sentiment'))
      figures.sentiment = await page.evaluate((n) => (window as unknown as BenchPage).bench.sentiment(n), 10_000);
    if (parts.includes('dexie'))
      figures.dexie = await page.evaluate(({ ids, rows }) => (window as unknown as BenchPage).bench.dexie(ids, rows), {
        ids: 1_000_000,
        rows: 100_000,
      });
    return figures;
  } finally {
    await browser.close();
    server.close();
  }
}

/** Kilobytes from a /proc/<pid>/status field (VmRSS now, VmHWM the peak). */
function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/** Chromium's renderer processes descending from `root` (workers run inside the page's renderer). */
function renderersOf(root: number): number[] {
  const parent = new Map<number, number>();
  const renderers: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(pid, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) renderers.push(pid);
    } catch {
      // The process ended while we looked.
    }
  }
  const descends = (pid: number): boolean => {
    for (let at = parent.get(pid); at !== undefined && at > 1; at = parent.get(at)) if (at === root) return true;
    return false;
  };
  return renderers.filter(descends);
}

/**
 * The import in Chromium's worker, each way in a browser of its own so the renderer's peak memory
 * (VmHWM, beside its resident size before the import) is that import's alone.
 */
export async function benchBrowserImport(download: string, way: 'streaming' | 'whole-file') {
  const server = servePage(download);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const launched = await chromium.launchServer(chromiumLaunchOptions);
  const pid = launched.process().pid ?? 0;
  const browser = await chromium.connect(launched.wsEndpoint());
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => 'bench' in window);
    const renderers = renderersOf(pid);
    const before = new Map(renderers.map((renderer) => [renderer, statusKb(renderer, 'VmRSS')]));
    const figures = await page.evaluate(
      (way) => (window as unknown as BenchPage).bench.importDownload('/download.zip', way),
      way,
    );
    const grew = renderers.map((renderer) => statusKb(renderer, 'VmHWM') - (before.get(renderer) ?? 0));
    return { ...figures, peak_mb: Math.round((Math.max(0, ...grew) / 1024) * 10) / 10 };
  } finally {
    await browser.close();
    await launched.close();
    server.close();
  }
}

/**
 * A list's export in Chromium's worker from the real server at `api` (through the page's origin), each
 * way in a browser of its own so the renderer's peak memory is that export's alone.
 */
export async function benchBrowserExport(api: string, token: string, way: 'streaming' | 'whole-string') {
  const server = servePage(undefined, api);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const launched = await chromium.launchServer(chromiumLaunchOptions);
  const pid = launched.process().pid ?? 0;
  const browser = await chromium.connect(launched.wsEndpoint());
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => 'bench' in window);
    const renderers = renderersOf(pid);
    const before = new Map(renderers.map((renderer) => [renderer, statusKb(renderer, 'VmRSS')]));
    const figures = await page.evaluate(
      ({ token, way }) => (window as unknown as BenchPage).bench.exportList(token, way),
      { token, way },
    );
    const grew = renderers.map((renderer) => statusKb(renderer, 'VmHWM') - (before.get(renderer) ?? 0));
    return { ...figures, peak_mb: Math.round((Math.max(0, ...grew) / 1024) * 10) / 10 };
  } finally {
    await browser.close();
    await launched.close();
    server.close();
  }
}
