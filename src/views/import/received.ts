// The import screen's hook for a download another app hands over (issue 33): what arrived, said on the
// screen. Issue 48: nothing is imported until the user says so. Any page can post to the share target,
// and the worker cannot always tell (src/sw/share-origin.ts), so the screen asks "Import this
// download?" with the file's name and size, and imports on the user's tap, or forgets it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SHARED_PARAM } from '../../../common/share-target.ts';
import type { FolderFile } from '../../import/download.ts';
import { safeFileName } from '../../import/file-name.ts';
import { consumeLaunchedFiles, launchesFiles, takeSharedFiles } from '../../import/incoming.ts';
import { downloadOf } from '../../import/shared.ts';

/** What another app handed over, as the import takes it. */
export type IncomingDownload = { label: string; input: Blob | FolderFile[] };

/** The files that came, as the screen names them: labels (never markup) and their total size. */
interface Arrived {
  via: 'share' | 'open';
  names: string[];
  bytes: number;
}

/**
 * What the screen says it received: `waiting` from its first frame when its address says a download is
 * coming (so nothing moves when it arrives); `asking` whether to import what came; `taken` once the user
 * said yes, `discarded` once they said no; or `problem` when nothing could be taken.
 */
export type Received =
  | { kind: 'waiting' }
  | ({ kind: 'asking' } & Arrived)
  | ({ kind: 'taken' } & Arrived)
  | { kind: 'discarded' }
  | { kind: 'problem'; problem: 'none' | 'failed' | 'refused' };

/** The manifest's file_handlers open the installed app on this address. */
export const OPENED_PARAM = 'opened';

function arriving(search: string): Received | undefined {
  const query = new URLSearchParams(search);
  return query.has(SHARED_PARAM) || query.has(OPENED_PARAM) ? { kind: 'waiting' } : undefined;
}

/** Why a share brought nothing, by the share target's answer (common/share-target.ts, SharedOutcome). */
function problemOf(shared: string): 'none' | 'failed' | 'refused' {
  return shared === 'failed' || shared === 'refused' ? shared : 'none';
}

/**
 * Takes a shared or opened download and asks about it; `importIt` hands it to `start`, `discard`
 * forgets it. Returns what was received, for the screen to say.
 */
export function useIncomingDownload(start: (download: IncomingDownload) => void) {
  // The address the screen opened on: it drops the query once the download is taken.
  const [opened] = useState(useSearch());
  const [received, setReceived] = useState<Received | undefined>(() => arriving(opened));
  const [, navigate] = useLocation();
  const started = useRef(start);
  started.current = start;
  // The download the question is about, until the user answers.
  const asked = useRef<IncomingDownload | undefined>(undefined);
  // Once per screen, even when React's development mode mounts it twice.
  const taken = useRef(false);

  useEffect(() => {
    const ask = (files: File[], via: 'share' | 'open') => {
      const download = downloadOf(files);
      asked.current = download;
      if (!download) return setReceived({ kind: 'problem', problem: 'none' });
      setReceived({
        kind: 'asking',
        via,
        names: files.map((file) => safeFileName(file.name)),
        bytes: files.reduce((sum, file) => sum + file.size, 0),
      });
    };
    consumeLaunchedFiles((files) => ask(files, 'open'));
    const query = new URLSearchParams(opened);
    const shared = query.get(SHARED_PARAM);
    if ((!shared && !query.has(OPENED_PARAM)) || taken.current) return;
    taken.current = true;
    // The address names a download being taken now: a reload must not wait for it again.
    navigate('/import', { replace: true });
    // Opened with no launch queue to deliver the file (the address typed by hand): say nothing came.
    if (!shared) return void (launchesFiles() || setReceived({ kind: 'problem', problem: 'none' }));
    if (shared !== '1') return setReceived({ kind: 'problem', problem: problemOf(shared) });
    // Taken out of the device's cache at once: what waits for the answer is only on this screen.
    void takeSharedFiles().then((files) => ask(files, 'share'));
  }, [navigate, opened]);

  const answer = useCallback((yes: boolean) => {
    const download = asked.current;
    if (!download) return;
    asked.current = undefined;
    setReceived((shown) => {
      if (shown?.kind !== 'asking') return shown;
      return yes ? { ...shown, kind: 'taken' } : { kind: 'discarded' };
    });
    if (yes) started.current(download);
  }, []);
  const importIt = useCallback(() => answer(true), [answer]);
  const discard = useCallback(() => answer(false), [answer]);

  return { received, importIt, discard };
}
