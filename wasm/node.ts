// Loads the collector core from disk for Node hosts (the server, tests, benchmarks).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type CollectorCore, instantiateCore } from './collector.ts';

/** Where `npm run build:wasm` writes the core. */
export const coreWasmPath = fileURLToPath(new URL('./build/collector.wasm', import.meta.url));

/** Reads and instantiates the collector core; the same file the browser worker loads. */
export async function loadCoreFromDisk(path = coreWasmPath): Promise<CollectorCore> {
  return instantiateCore(await readFile(path));
}
