// The deployment commands as a deployer runs them (issue 26): the server process on a non-loopback
// address routes no development endpoint, and `npm run start:api` / `start:worker` run in production,
// refusing to start without what production needs.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../e2e/server.ts';

/** The environment without anything that would choose the mode or the settings for the command. */
function bareEnv(): NodeJS.ProcessEnv {
  const {
    NODE_ENV: _mode,
    SMTP_URL: _smtp,
    RECURLY_API_KEY: _key,
    PAYMENTS: _payments,
    DATABASE_URL: _database,
    ...env
  } = process.env;
  return env;
}

describe('a server listening on every interface', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // A shell of our own, so the app's history-mode fallback is in play without a build.
    const staticDir = mkdtempSync(join(tmpdir(), 'followscope-shell-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>shell</title>');
    server = await startServer({ HOST: '0.0.0.0', STATIC_DIR: staticDir, NODE_ENV: 'development' });
  }, 60_000);
  afterAll(() => server?.stop());

  it.each([
    ['GET', '/dev/mail?to=demo@followscope.app'],
    ['POST', '/dev/users'],
    ['GET', '/dev/clock'],
    ['POST', '/dev/clock'],
    ['GET', '/dev/source/account?username=followscope.demo'],
    ['GET', '/dev/source/posts?username=followscope.demo'],
    ['GET', '/dev/source/story-viewers'],
    ['POST', '/dev/source/stories/seen'],
    ['GET', '/dev/source/truth?username=followscope.demo&from=2026-11-01T00:00:00Z&to=2026-11-02T00:00:00Z'],
  ])('answers %s %s with 404, as any unknown path', async (method, path) => {
    const body = method === 'POST' ? JSON.stringify({ email: 'x@example.com', username: 'x', advance_ms: 1 }) : null;
    const response = await fetch(`${server.url}${path}`, {
      method,
      body,
      headers: body ? { 'content-type': 'application/json' } : {},
    });
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('shell');
  });

  it('still serves the app and the API', async () => {
    expect((await fetch(`${server.url}/home`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
  });
});

describe('the deployment commands', () => {
  /** Runs an npm script as docs/deployment.md says, and collects how it ended. */
  function runScript(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn('npm', ['run', '--silent', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`${script} did not stop by itself:\n${output}`));
      }, 30_000);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
  }

  it.each(['start:api', 'start:worker'])(
    '%s runs in production: without SMTP_URL and a payment gateway it refuses to start, naming them',
    async (script) => {
      const { code, output } = await runScript(script, {
        ...bareEnv(),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'followscope-prod-')),
      });
      expect(code).not.toBe(0);
      expect(output).toMatch(/SMTP_URL: production sends login codes by mail/);
      expect(output).toMatch(/RECURLY_API_KEY: production charges cards through Recurly/);
      expect(output).not.toMatch(/is running at/);
    },
  );
});
