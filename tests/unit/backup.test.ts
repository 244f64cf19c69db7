// Issue 54 item 4: backups that restore. A running server on the embedded database, with an account
// analysed, is backed up by `npm run db:backup` (the server writes the copy between two queries); the copy
// is restored by `npm run db:restore` into a fresh data folder, and a server started there gives the same
// figures and list, to the same login. A restore never overwrites a database.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../e2e/server.ts';
import { figuresOf, startAnalysis, subscriber } from '../support/account-figures.ts';

const running: RunningServer[] = [];
afterAll(async () => {
  await Promise.all(running.map((server) => server.stop()));
});

function npmScript(script: string, args: string[], env: NodeJS.ProcessEnv) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not end:\n${output}`));
    }, 120_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const page = async (origin: string, token: string) => {
  const answer = await fetch(`${origin}/api/v1/client/instagram/dont/follow/back/100/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status).toBe(200);
  return answer.json();
};

describe('db:backup and db:restore', () => {
  it('copy a running server’s database and give it back whole in a fresh data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'followscope-backup-'));
    const server = await startServer({ DATA_DIR: dataDir, SERVE_APP: 'false' });
    running.push(server);
    const token = await subscriber(server.url, 'backed.up@example.com', 'followscope.demo');
    expect(await startAnalysis(server.url, token)).toMatchObject({ status: 200 });
    const figures = await figuresOf(server.url, token);
    const list = await page(server.url, token);
    expect(Object.values(figures).some((value) => typeof value === 'number' && value > 0)).toBe(true);

    const backup = await npmScript('db:backup', [], { DATA_DIR: dataDir });
    expect(backup.code, backup.output).toBe(0);
    expect(backup.output).toMatch(/Backup written: .*followscope-.*\.tar\.gz \(by the running server, pid \d+\)/);
    const file = backup.output.match(/Backup written: (\S+\.tar\.gz)/)?.[1] ?? '';
    expect(existsSync(file)).toBe(true);

    const fresh = mkdtempSync(join(tmpdir(), 'followscope-restored-'));
    const restore = await npmScript('db:restore', [file], { DATA_DIR: fresh });
    expect(restore.code, restore.output).toBe(0);
    // Never over a database: the folder restored into now holds one.
    const again = await npmScript('db:restore', [file], { DATA_DIR: fresh });
    expect(again.code).toBe(2);
    expect(again.output).toMatch(/already holds a database/);

    const restored = await startServer({ DATA_DIR: fresh, SERVE_APP: 'false' });
    running.push(restored);
    expect(await figuresOf(restored.url, token)).toEqual(figures);
    expect(await page(restored.url, token)).toEqual(list);
  }, 240_000);
});
