// The export benchmark inside a worker, as the app's collector worker writes an export.
import { expose } from 'comlink';
import { exportStore } from '../../src/export/store.ts';
import { type ExportWay, exportOneWay } from '../export-ways.ts';

const api = {
  exportList: (token: string, way: ExportWay) => exportOneWay(token, way, exportStore('followscope-bench-export')),
};

export type ExportWorker = typeof api;
expose(api);
