// @vitest-environment jsdom
// What another app hands over becomes the import's input (issue 33): the ZIP, or loose files placed
// where the download's folder keeps them; the launch queue hands over the files the app was opened with.
import { afterEach, describe, expect, it } from 'vitest';
import { consumeLaunchedFiles, launchesFiles } from './incoming.ts';
import { downloadOf } from './shared.ts';

const file = (name: string, type = '') => new File(['x'], name, { type });

describe('a shared download', () => {
  it('is the ZIP when one came', () => {
    const zip = file('instagram-ana.zip', 'application/zip');
    expect(downloadOf([file('notes.txt'), zip])).toEqual({ label: 'instagram-ana.zip', input: zip });
    expect(downloadOf([file('export', 'application/x-zip-compressed')])?.label).toBe('export');
  });

  it('places loose files of the download where its folder keeps them', () => {
    const shared = downloadOf([file('followers_1.json'), file('following.html'), file('personal_information.json')]);
    expect(shared?.label).toBe('followers_1.json, following.html, personal_information.json');
    expect(((shared?.input ?? []) as Array<{ path: string }>).map((item) => item.path)).toEqual([
      'connections/followers_and_following/followers_1.json',
      'connections/followers_and_following/following.html',
      'personal_information/personal_information/personal_information.json',
    ]);
    expect(downloadOf([])).toBeUndefined();
  });

  it('never makes a path of a name: a file the download does not name is kept apart (issue 48)', () => {
    const shared = downloadOf([
      file('../../followers_1.json'),
      file('../../evil<img src=x onerror=alert(1)>.json'),
      file('connections/followers_and_following/following.json'),
    ]);
    expect(shared?.label).toBe('followers_1.json, evil<img src=x onerror=alert(1)>.json, following.json');
    expect(((shared?.input ?? []) as Array<{ path: string }>).map((item) => item.path)).toEqual([
      'shared/0',
      'shared/1',
      'shared/2',
    ]);
    expect(downloadOf([file('../evil.zip', 'application/zip')])?.label).toBe('evil.zip');
  });
});

describe('opening a file with the installed app', () => {
  afterEach(() => {
    delete (window as { launchQueue?: unknown }).launchQueue;
  });

  it('hands the launch queue’s files over, and nothing where there is no launch queue', async () => {
    expect(launchesFiles()).toBe(false);
    consumeLaunchedFiles(() => {
      throw new Error('no launch queue, no files');
    });
    let consumer: ((params: { files: Array<{ getFile(): Promise<File> }> }) => void) | undefined;
    (window as { launchQueue?: unknown }).launchQueue = { setConsumer: (use: typeof consumer) => (consumer = use) };
    expect(launchesFiles()).toBe(true);
    const opened = new Promise<File[]>((resolve) => consumeLaunchedFiles(resolve));
    const zip = file('instagram-ana.zip');
    consumer?.({ files: [{ getFile: async () => zip }] });
    expect(await opened).toEqual([zip]);
  });
});
