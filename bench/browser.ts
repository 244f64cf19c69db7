// Runs the benchmark page (bench/browser) in Debian's Chromium: the diff in a worker, Dexie in the page.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/browser.ts';

/** What bench/browser/main.ts puts on the page. */
type BenchPage = Window & {
  bench: {
    diff(n: number): Promise<DiffFigures>;
    sentiment(n: number): Promise<SentimentFigures>;
    dexie(snapshotIds: number, rows: number): Promise<DexieFigures>;
  };
};

interface SentimentFigures {
  comments: number;
  worker_ms: number;
  comments_per_s: number;
  scoring_wasm_ms: number;
  scoring_ts_reference_ms: number;
}

interface DiffFigures {
  ids: number;
  wasm_ms: number;
  ts_reference_ms: number;
  naive_set_ms: number;
  ratio: number;
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

/** Builds the page and measures in Chromium; resolves with the diff and dexie figures. */
export async function benchBrowser() {
  execFileSync('npx', ['vite', 'build', '--config', 'bench/browser/vite.config.ts'], { stdio: 'inherit' });
  const server = createServer(async (request, response) => {
    const path = normalize(join(root, (request.url ?? '/').split('?')[0] === '/' ? 'index.html' : (request.url ?? '')));
    if (!path.startsWith(root)) return response.writeHead(404).end();
    try {
      const body = await readFile(path);
      response.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await page.waitForFunction(() => 'bench' in window);
    const diff = await page.evaluate((n) => (window as unknown as BenchPage).bench.diff(n), 1_000_000);
    const sentiment = await page.evaluate((n) => (window as unknown as BenchPage).bench.sentiment(n), 10_000);
    const dexie = await page.evaluate(({ ids, rows }) => (window as unknown as BenchPage).bench.dexie(ids, rows), {
      ids: 1_000_000,
      rows: 100_000,
    });
    return { diff, sentiment, dexie };
  } finally {
    await browser.close();
    server.close();
  }
}
