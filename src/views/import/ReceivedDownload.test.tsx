// @vitest-environment jsdom
// A download shared into the app waits for the user's tap (issue 48): the screen asks "Import this
// download?" with the file's name and size as text, imports on Import and forgets it on Discard.
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { i18n } from '../../i18n/index.ts';
import { ReceivedDownload } from './ReceivedDownload.tsx';
import { type IncomingDownload, useIncomingDownload } from './received.ts';

const shared = vi.hoisted(() => ({ files: [] as File[], launched: [] as File[] }));
vi.mock('../../import/incoming.ts', () => ({
  takeSharedFiles: async () => shared.files,
  // The launch queue hands over the files the installed app was opened with, as soon as it has a consumer.
  consumeLaunchedFiles: (use: (files: File[]) => void) =>
    shared.launched.length && queueMicrotask(() => use(shared.launched)),
  launchesFiles: () => true,
}));

afterEach(cleanup);

function Screen({ start }: { start: (download: IncomingDownload) => void }) {
  const { received, importIt, discard } = useIncomingDownload(start);
  return received ? <ReceivedDownload received={received} onImport={importIt} onDiscard={discard} /> : null;
}

function openImport(path: string) {
  const start = vi.fn();
  const location = memoryLocation({ path, record: true });
  render(
    <I18nProvider i18n={i18n}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        <Screen start={start} />
      </Router>
    </I18nProvider>,
  );
  return { start, location };
}

describe('a shared download', () => {
  it('is imported only on the user’s tap, its name shown as text', async () => {
    const name = '../../evil<img src=x onerror=alert(1)>.json';
    shared.files = [new File(['x'.repeat(2_400)], name, { type: 'application/json' })];
    const { start, location } = openImport('/import?shared=1');
    expect(screen.getByRole('heading').textContent).toBe('Receiving your download…');
    expect(screen.getByRole('button', { name: 'Import' })).toHaveProperty('disabled', true);

    await screen.findByRole('heading', { name: 'Import this download?' });
    expect(screen.getByTestId('import-question-file').textContent).toBe(
      'From another app: evil<img src=x onerror=alert(1)>.json (2.4 kB)',
    );
    expect(document.querySelector('img')).toBeNull();
    expect(location.history.at(-1)).toBe('/import');
    expect(start).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(start).toHaveBeenCalledTimes(1);
    expect(start.mock.calls[0]?.[0].label).toBe('evil<img src=x onerror=alert(1)>.json');
    expect(screen.getByTestId('import-received').textContent).toBe(
      'From another app: evil<img src=x onerror=alert(1)>.json (2.4 kB)',
    );
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('is forgotten on Discard, and nothing is imported', async () => {
    shared.files = [new File(['zip'], 'instagram-ana.zip', { type: 'application/zip' })];
    const { start } = openImport('/import?shared=1');
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    expect(screen.getByRole('status').textContent).toBe('The download was discarded: nothing was imported.');
    expect(start).not.toHaveBeenCalled();
  });

  it('opened with the installed app waits for the tap too', async () => {
    shared.launched = [new File(['zip'], 'instagram-ana.zip', { type: 'application/zip' })];
    const { start } = openImport('/import?opened=1');
    await screen.findByRole('heading', { name: 'Import this download?' });
    expect(screen.getByTestId('import-question-file').textContent).toBe(
      'Opened with Followscope: instagram-ana.zip (0.1 kB)',
    );
    expect(start).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(start.mock.calls[0]?.[0].label).toBe('instagram-ana.zip');
    shared.launched = [];
  });

  it('that another page sent was refused, and the screen says so', () => {
    const { start } = openImport('/import?shared=refused');
    expect(screen.getByRole('alert').textContent).toMatch(/^A page on another website tried to hand this app a file/);
    expect(start).not.toHaveBeenCalled();
  });
});
