// The web app's download reader and upload, for server tests that send what the app would (the rooms
// rule: a server test reaches the web app only through tests/, tests/unit/rooms.test.ts).
export { parseDownload } from '../../src/import/download.ts';
export { prepareSnapshot, uploadSnapshot } from '../../src/import/upload.ts';
