// `npm run dev`: Vite with hot reload on :5173, and the API server restarting on change on :8081.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8081';
const run = (command: string, args: string[], env: Record<string, string> = {}): ChildProcess =>
  spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });

// The server and the worker load the compiled core, so build it once before starting.
const wasm = spawnSync('npm', ['run', 'build:wasm'], { stdio: 'inherit' });
if (wasm.status !== 0) process.exit(wasm.status ?? 1);

const children = [
  run(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], {
    PORT: apiPort,
    SERVE_APP: 'false',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  }),
  run('npx', ['vite', '--port', '5173'], { API_PORT: apiPort }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
