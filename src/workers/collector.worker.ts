// The collector worker: hosts the WASM core off the main thread (spec §7: the client-side module).
import { expose } from 'comlink';
import { createCollectorApi } from './collector-api.ts';

expose(createCollectorApi());
