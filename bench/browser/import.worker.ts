// The import benchmark inside a worker, as the app's collector worker reads a download.
import { expose } from 'comlink';
import { type ImportWay, importOneWay } from '../import-ways.ts';

const api = {
  importDownload: (archive: Blob, way: ImportWay) => importOneWay(archive, way),
};

export type ImportWorker = typeof api;
expose(api);
