// A PostgreSQL server for the PostgreSQL-mode tests: TEST_DATABASE_URL when set, otherwise a throwaway
// PostgreSQL 15 cluster from Debian's binaries in a temp folder, on a free loopback port. Debian's own
// cluster (port 5432) is never used unless TEST_DATABASE_URL names it.
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { access, appendFile, chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const bin = '/usr/lib/postgresql/15/bin';

/** What the PostgreSQL-mode global setup hands to the tests (vitest `provide` / `inject`). */
export interface ProvidedPostgres {
  /** A superuser URL on the `postgres` database. */
  adminUrl: string;
  /** The migrated database each test database is copied from. */
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    followscopePostgres: ProvidedPostgres | undefined;
  }
}

export interface ProvidedServer {
  url: string;
  stop(): Promise<void>;
}

/** A cluster of our own, which a fault test may also crash and start again. */
export interface OwnPostgres extends ProvidedServer {
  /** Stops at once (immediate mode: no checkpoint, every connection cut), as a crash would. */
  crash(): Promise<void>;
  /** Starts it again on the same port; resolves once it accepts connections (after its crash recovery). */
  start(): Promise<void>;
}

/** An admin URL (superuser, database `postgres`): TEST_DATABASE_URL, or a fresh cluster of our own. */
export async function providePostgres(): Promise<ProvidedServer> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) return { url: given, stop: async () => undefined };
  return ownPostgres();
}

/** A fresh PostgreSQL 15 cluster in a temp folder, on `port` or a free loopback port. */
export async function ownPostgres(options: { port?: number } = {}): Promise<OwnPostgres> {
  try {
    await access(join(bin, 'initdb'));
    await access(join(bin, 'pg_ctl'));
  } catch {
    throw new Error(
      'PostgreSQL 15 is needed for the PostgreSQL-mode tests: apt-get install -y postgresql-15, or set TEST_DATABASE_URL',
    );
  }
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: then the cluster belongs to the postgres user.
  const as = (command: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', command, ...args]) : run(command, args);

  const dir = await mkdtemp(join(asRoot ? '/tmp' : tmpdir(), 'followscope-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  try {
    if (asRoot) {
      const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
      await chown(dir, Number(uid.stdout.trim()), Number(gid.stdout.trim()));
    }
    await as(join(bin, 'initdb'), [
      '--pgdata',
      data,
      '--username',
      'postgres',
      '--auth',
      'trust',
      '--encoding',
      'UTF8',
      '--locale',
      'C',
      '--no-sync',
    ]);
    // A port can be taken between our probe and the server's bind: then another one.
    for (let attempt = 1; ; attempt++) {
      const port = options.port ?? (await freePort());
      await appendFile(
        join(data, 'postgresql.conf'),
        [
          '',
          '# Followscope tests: a throwaway server, speed over durability.',
          `port = ${port}`,
          "listen_addresses = '127.0.0.1'",
          `unix_socket_directories = '${dir}'`,
          'max_connections = 300',
          'fsync = off',
          'synchronous_commit = off',
          'full_page_writes = off',
          "timezone = 'UTC'",
          '',
        ].join('\n'),
      );
      try {
        const startArgs = ['--pgdata', data, '--log', log, '--wait', '--silent', 'start'];
        await as(join(bin, 'pg_ctl'), startArgs);
        const stopArgs = ['--pgdata', data, '--mode', 'immediate', '--wait', '--silent', 'stop'];
        // A run cut short (Ctrl-C, a crash) skips the teardown: the server must not outlive it.
        const onExit = () => {
          try {
            const [command, ...args] = asRoot
              ? ['runuser', '-u', 'postgres', '--', join(bin, 'pg_ctl'), ...stopArgs]
              : [join(bin, 'pg_ctl'), ...stopArgs];
            execFileSync(command as string, args, { stdio: 'ignore' });
          } catch {}
          rmSync(dir, { recursive: true, force: true });
        };
        process.once('exit', onExit);
        return {
          url: `postgres://postgres@127.0.0.1:${port}/postgres`,
          stop: async () => {
            process.off('exit', onExit);
            await as(join(bin, 'pg_ctl'), stopArgs).catch(() => undefined);
            await rm(dir, { recursive: true, force: true });
          },
          crash: async () => void (await as(join(bin, 'pg_ctl'), stopArgs)),
          start: async () => void (await as(join(bin, 'pg_ctl'), startArgs)),
        };
      } catch (error) {
        if (attempt >= 3 || options.port !== undefined) {
          const tail = await readFile(log, 'utf8').catch(() => '');
          throw new Error(`PostgreSQL 15 did not start in ${dir}: ${String(error)}\n${tail.slice(-2000)}`);
        }
      }
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

export interface CreatedDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** Creates a uniquely named database on the server of `adminUrl`, optionally copied from `template`. */
export async function createDatabase(adminUrl: string, options: { template?: string } = {}): Promise<CreatedDatabase> {
  const name = `fs_${randomBytes(8).toString('hex')}`;
  const template = options.template ? ` TEMPLATE ${quoteIdentifier(options.template)}` : '';
  await withAdmin(adminUrl, (query) => query(`CREATE DATABASE ${quoteIdentifier(name)}${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () =>
      withAdmin(adminUrl, async (query) => {
        // pg's pool.end() resolves before its sockets close: a connection still on its way out would
        // hear FORCE's "terminating connection" as an uncaught error. Wait for them, briefly.
        for (let waited = 0; waited < 2_000; waited += 20) {
          const { rows } = await query(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
            [name],
          );
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await query(`DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
      }),
  };
}

type AdminQuery = (sql: string, values?: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

async function withAdmin(adminUrl: string, work: (query: AdminQuery) => Promise<unknown>): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work((sql, values) => client.query(sql, values));
  } finally {
    await client.end();
  }
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
