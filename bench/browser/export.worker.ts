// The export benchmark inside a worker, as the app's collector worker writes an export.
import { expose } from 'comlink';
import { FollowscopeDb } from '../../src/db/schema.ts';
import { type ExportWay, exportOneWay } from '../export-ways.ts';

const api = {
  exportList: (token: string, way: ExportWay) =>
    exportOneWay(token, way, new FollowscopeDb('followscope-bench-export')),
};

export type ExportWorker = typeof api;
expose(api);
