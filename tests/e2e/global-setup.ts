// Once a run: the server's bundle (scripts/build-server.ts), and a data folder whose embedded database is
// created and migrated, that every server a test starts on a folder of its own begins as a copy of
// (tests/e2e/server.ts). Creating the database (initdb in WebAssembly) took about 7 s of a server's 9.5 s
// start on a quiet 2-core machine, with 22 such starts in the suite; a copy of the 40 MB folder takes a
// fraction of a second.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DATA_TEMPLATE_ENV, SERVER_BUILT_ENV, serverBundle, startServer } from './server.ts';

export default async function globalSetup(): Promise<() => void> {
  // The server bundled from the source as it is now, once: every server of the run starts from it.
  process.env[SERVER_BUILT_ENV] = await serverBundle();
  const template = mkdtempSync(join(tmpdir(), 'followscope-e2e-template-'));
  try {
    const server = await startServer({ DATA_DIR: template, SERVE_APP: 'false' });
    await server.stop();
  } catch (error) {
    rmSync(template, { recursive: true, force: true });
    throw error;
  }
  // The test workers are started after this, with this process's environment.
  process.env[DATA_TEMPLATE_ENV] = template;
  return () => rmSync(template, { recursive: true, force: true });
}
