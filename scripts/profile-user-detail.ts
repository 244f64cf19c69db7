// A CPU profile of `POST /api/v1/client/user/detail/` under load (issue 19): what the server does per
// request beyond its one indexed read. Starts the server from source (as the e2e tests do) with V8's
// profiler on, logs the demo account in, loads the route with autocannon, stops the server, and keeps
// only the samples taken under load. Writes folded stacks (flamegraph.pl, inferno, speedscope read them)
// and prints a text flame graph: the top-down tree with inclusive shares, the top self times, and the
// share of each concern (the auth lookup, serialisation, hooks, logging, the database).
//   node_modules/.bin/tsx scripts/profile-user-detail.ts [seconds, default 10]
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startServer } from '../tests/e2e/server.ts';
import { fetchAnalysis, loginByCode } from '../tests/support/api.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Shares below this are left out of the tree. */
const TREE_MIN = 0.01;

/**
 * Concerns, each a pattern on a frame. A sample belongs to the concern of its innermost frame that
 * matches one (so the shares add up to 100%): work a hook starts belongs to the hook, but the database
 * work a lookup awaits runs from the microtask queue, under PGlite's own frames.
 */
const CONCERNS: Array<[string, RegExp]> = [
  ['database: PGlite, its JavaScript and its WebAssembly', /@electric-sql\/pglite|^wasm-function|wasm:\/\//],
  ['auth: the token checked and hashed (SHA-256), the lookup called (server/auth)', /server\/auth\//],
  ['media URLs signed, an HMAC each (preSerialization hook)', /server\/http\/media-urls|server\/media\/sign/],
  ['the user record built (server/users)', /server\/users\//],
  ["JSON serialisation (fastify's serialize: JSON.stringify)", /^serialize fastify\/lib\/reply|fast-json-stringify/],
  ['security headers (helmet)', /helmet/],
  ['rate limit', /rate-limit/],
  ['compression (the hooks; nothing here is compressed)', /@fastify\/compress|node:zlib/],
  ['logging (pino)', /pino|fastify\/lib\/logger/],
  ['fastify: routing, hooks, reply', / fastify\/|find-my-way|avvio/],
  ['Node HTTP and sockets', /node:_http|node:net|node:internal\/stream|^writev/],
  ['microtask queue', /^runMicrotasks|^processTicksAndRejections/],
  ['garbage collection', /^\(garbage collector\)/],
  ['idle', /^\(idle\)/],
  ['native, outside JavaScript (program)', /^\(program\)/],
];

/** The concern of a stack: its innermost frame that matches one. */
function concernOf(stack: string): string {
  const frames = stack.split(';');
  for (let i = frames.length - 1; i >= 0; i--) {
    const match = CONCERNS.find(([, pattern]) => pattern.test(frames[i] as string));
    if (match) return match[0];
  }
  return 'other';
}

/** A frame as one line: function, then file and line, the path from the package or project folder on. */
function frameName({ functionName, url, lineNumber }: ProfileNode['callFrame']): string {
  const file = url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(`${process.cwd()}/`, '');
  const name = `${functionName || '(anonymous)'}${file ? ` ${file}:${lineNumber + 1}` : ''}`;
  return name.replaceAll(';', ',');
}

/** The samples taken between `from` and `to` (µs on the monotonic clock V8 and Node share), as stacks. */
function stacksBetween(profile: CpuProfile, from: number, to: number): Map<string, number> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackOf = new Map<number, string>();
  const stack = (id: number): string => {
    let known = stackOf.get(id);
    if (known === undefined) {
      const node = byId.get(id) as ProfileNode;
      const up = parent.get(id);
      const name = frameName(node.callFrame);
      // The root frame names nothing: each stack starts at its first real frame.
      known = up === undefined ? '' : stack(up) ? `${stack(up)};${name}` : name;
      stackOf.set(id, known);
    }
    return known;
  };
  const counts = new Map<string, number>();
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i] ?? 0;
    if (time < from || time > to) return;
    const key = stack(id);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  });
  return counts;
}

interface TreeNode {
  total: number;
  self: number;
  children: Map<string, TreeNode>;
}

function treeOf(stacks: Map<string, number>): TreeNode {
  const root: TreeNode = { total: 0, self: 0, children: new Map() };
  for (const [stack, count] of stacks) {
    let node = root;
    node.total += count;
    for (const frame of stack.split(';')) {
      const child = node.children.get(frame) ?? { total: 0, self: 0, children: new Map() };
      node.children.set(frame, child);
      child.total += count;
      node = child;
    }
    node.self += count;
  }
  return root;
}

const percent = (share: number) => `${(share * 100).toFixed(1).padStart(5)}%`;

/** The tree top-down; a chain of frames with one child each is one line, joined by ›. */
function printTree(node: TreeNode, all: number, depth = 0): void {
  const children = [...node.children].filter(([, child]) => child.total / all >= TREE_MIN);
  for (const [frame, first] of children.sort((a, b) => b[1].total - a[1].total)) {
    const chain = [frame];
    let child = first;
    for (;;) {
      const next = [...child.children].filter(([, grand]) => grand.total / all >= TREE_MIN);
      if (next.length !== 1 || child.self / all >= TREE_MIN || !next[0]) break;
      chain.push(next[0][0]);
      child = next[0][1];
    }
    const shown = chain.length > 3 ? [chain[0], `… ${chain.length - 2} frames …`, chain.at(-1)] : chain;
    console.log(`${percent(child.total / all)} ${'  '.repeat(depth)}${shown.join(' › ')}`);
    printTree(child, all, depth + 1);
  }
}

async function main() {
  const seconds = Number(process.argv[2] ?? 10);
  const dir = mkdtempSync(join(tmpdir(), 'followscope-profile-'));
  const server = await startServer({ SERVE_APP: 'false', LIMIT_CODE_CHECKS_PER_IP: '100000' }, [
    '--cpu-prof',
    `--cpu-prof-dir=${dir}`,
  ]);
  let from = 0;
  let to = 0;
  try {
    // The demo account with its first analysis done, as the app bench loads it (bench/app.ts).
    const { token } = await loginByCode(server.url, 'demo@followscope.app');
    const headers = { authorization: `Bearer ${token}` };
    await fetchAnalysis(`${server.url}/api/v1/client/insta/start/analysis/`, { headers });
    const load = (duration: number) =>
      autocannon({
        url: `${server.url}/api/v1/client/user/detail/`,
        method: 'POST',
        headers,
        connections: 10,
        duration,
      });
    await load(2);
    from = Number(process.hrtime.bigint() / 1000n);
    const result = await load(seconds);
    to = Number(process.hrtime.bigint() / 1000n);
    console.log(`user/detail: ${Math.round(result.requests.total / seconds)} req/s, p99 ${result.latency.p99} ms`);
  } finally {
    await server.stop();
  }
  const file = readdirSync(dir).find((name) => name.includes(`.${server.pid}.`));
  if (!file) throw new Error(`no profile of process ${server.pid} in ${dir}`);
  const stacks = stacksBetween(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile, from, to);
  const folded = join(dir, 'user-detail.folded');
  writeFileSync(folded, [...stacks].map(([stack, count]) => `${stack} ${count}`).join('\n'));
  const all = [...stacks.values()].reduce((sum, count) => sum + count, 0);
  console.log(`${all} samples under load; profile ${join(dir, file)}\nfolded stacks ${folded}\n`);

  console.log('By concern (each sample by its innermost frame that names one)');
  const concerns = new Map<string, number>();
  for (const [stack, count] of stacks) concerns.set(concernOf(stack), (concerns.get(concernOf(stack)) ?? 0) + count);
  for (const [concern, count] of [...concerns].sort((a, b) => b[1] - a[1])) {
    console.log(`${percent(count / all)}  ${concern}`);
  }
  console.log(`\nTop-down (inclusive share of the samples under load; ${percent(TREE_MIN).trim()} and more)`);
  printTree(treeOf(stacks), all);
  console.log('\nTop self time');
  const self = new Map<string, number>();
  for (const [stack, count] of stacks) {
    const frame = stack.slice(stack.lastIndexOf(';') + 1);
    self.set(frame, (self.get(frame) ?? 0) + count);
  }
  for (const [frame, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`${percent(count / all)}  ${frame}`);
  }
}

await main();
