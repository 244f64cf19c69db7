// The import screen's hook for a download another app hands over (issue 33): what arrived, said on the
// screen, and the import started at once.
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { FolderFile } from '../../import/download.ts';
import { consumeLaunchedFiles, launchesFiles, takeSharedFiles } from '../../import/incoming.ts';
import { downloadOf } from '../../import/shared.ts';

/**
 * What the screen says it received: `waiting` from its first frame when its address says a download is
 * coming (so nothing moves when it arrives), then the files, or `problem` when none could be kept.
 */
export type Received =
  | { kind: 'waiting' }
  | { kind: 'files'; via: 'share' | 'open'; names: string[]; bytes: number }
  | { kind: 'problem'; problem: 'none' | 'failed' };

/** The manifest's file_handlers open the installed app on this address. */
export const OPENED_PARAM = 'opened';

function arriving(search: string): Received | undefined {
  const query = new URLSearchParams(search);
  return query.has('shared') || query.has(OPENED_PARAM) ? { kind: 'waiting' } : undefined;
}

/** Starts `start` with a shared or opened download; returns what was received, for the screen to say. */
export function useIncomingDownload(start: (download: { label: string; input: Blob | FolderFile[] }) => void) {
  // The address the screen opened on: it drops the query once the download is taken.
  const [opened] = useState(useSearch());
  const [received, setReceived] = useState<Received | undefined>(() => arriving(opened));
  const [, navigate] = useLocation();
  const started = useRef(start);
  started.current = start;
  // Once per screen, even when React's development mode mounts it twice.
  const taken = useRef(false);

  useEffect(() => {
    const take = (files: File[], via: 'share' | 'open') => {
      const download = downloadOf(files);
      if (!download) return setReceived({ kind: 'problem', problem: 'none' });
      setReceived({
        kind: 'files',
        via,
        names: files.map((file) => file.name),
        bytes: files.reduce((sum, file) => sum + file.size, 0),
      });
      started.current(download);
    };
    consumeLaunchedFiles((files) => take(files, 'open'));
    const query = new URLSearchParams(opened);
    const shared = query.get('shared');
    if ((!shared && !query.has(OPENED_PARAM)) || taken.current) return;
    taken.current = true;
    // The address names a download being taken now: a reload must not wait for it again.
    navigate('/import', { replace: true });
    // Opened with no launch queue to deliver the file (the address typed by hand): say nothing came.
    if (!shared) return void (launchesFiles() || setReceived({ kind: 'problem', problem: 'none' }));
    if (shared !== '1') return setReceived({ kind: 'problem', problem: shared === 'failed' ? 'failed' : 'none' });
    void takeSharedFiles().then((files) => take(files, 'share'));
  }, [navigate, opened]);

  return received;
}
