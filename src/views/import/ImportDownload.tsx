// /import (issue 9): the owner's data download as a source of follower names. A short guide to
// asking for it, a drop zone for the ZIP (or a picker for its unpacked folder), a progress bar while
// the collector worker reads and uploads it, and a clear next step for every problem. The picked
// download stays on the screen after a failure, so Resume sends only what the server lacks.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Plural, Trans } from '@lingui/react/macro';
import { type DragEvent, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Rename } from '../../../common/schema/imports.ts';
import { type UserRecord, userRecordSchema } from '../../../common/schema/user.ts';
import { commonHeaders, currentToken, reportUnauthorized } from '../../api/client.ts';
import { loadSession } from '../../app/session.ts';
import { showToast } from '../../app/toast.tsx';
import type { DownloadFileList, DownloadProblem, FolderFile } from '../../import/download.ts';
import { canPickFolder } from '../../import/folder-picking.ts';
import type { ImportOutcome, ImportProgress } from '../../import/upload.ts';
import { RenameLine } from '../follower-list/Renames.tsx';
import { ReceivedDownload } from './ReceivedDownload.tsx';
import { useIncomingDownload } from './received.ts';

/** What to do about a download that cannot be read, by what is wrong with it. */
const downloadProblems: Record<DownloadProblem, MessageDescriptor> = {
  notAZip: msg`This file is not a data download. Pick the ZIP the network sent you, or its unzipped folder of JSON or HTML files.`,
  corrupt: msg`This ZIP file is damaged or incomplete. Download it again from the network’s email and pick the new file.`,
  notADownload: msg`This is not the network’s data download: it has no followers and following in it. Pick the ZIP the network sent you.`,
  noFollowers: msg`This download has no followers we can read, though you follow people: it would show everyone you follow as not following you back, so nothing was imported. On the network, request “Download your information” again with “Followers and following” and the date range “All time”.`,
};

/** The lists of a download as the left-out note names them (issue 50). */
const listLabels: Record<DownloadFileList, MessageDescriptor> = {
  followers: msg`followers`,
  following: msg`following`,
  recentlyUnfollowedProfiles: msg`accounts you unfollowed recently`,
  pendingFollowRequests: msg`requests you sent, not accepted yet`,
  closeFriends: msg`close friends`,
  blocked: msg`blocked accounts`,
  restricted: msg`restricted accounts`,
};

type Picked = { label: string; input: Blob | FolderFile[] };

type State =
  | { kind: 'idle' }
  | { kind: 'working'; progress?: ImportProgress }
  | {
      kind: 'done';
      /** `updated`: the same download, bringing the lists its import lacked (issue 50 item 5). */
      status: 'imported' | 'unchanged' | 'updated';
      baseline: boolean;
      user: UserRecord | undefined;
      leftOut: Record<string, number>;
      renames: Rename[];
    }
  /** Read offline (issue 33): waiting in the outbox for the connection. */
  | { kind: 'queued'; followers: number; following: number }
  | { kind: 'failed'; message: string; resumable: boolean }
  /**
   * Issue 50 item 4: a sharp drop since the previous download, asked about before anything changes;
   * `digest` names the download the answer is for.
   */
  | { kind: 'asking'; message: string; digest: string | undefined }
  /**
   * The owner kept the previous import: nothing changed. `again`: the answer given before for this
   * download, remembered, so it was not asked again.
   */
  | { kind: 'kept'; again: boolean };

/** The files of a picked folder with their paths inside it. */
function folderFiles(files: FileList): FolderFile[] {
  return [...files].map((file) => ({ path: file.webkitRelativePath || file.name, file }));
}

export default function ImportDownload() {
  const { i18n } = useLingui();
  const [picked, setPicked] = useState<Picked>();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [dragging, setDragging] = useState(false);
  const phaseId = useId();
  const zipInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  // A phone cannot pick a folder (issue 34): it is offered the ZIP alone.
  const folderPicker = useMemo(() => canPickFolder(), []);
  const working = state.kind === 'working';
  // Issue 33: a download shared into the app, or opened with it; issue 48: imported on the user's tap.
  const { received, importIt, discard } = useIncomingDownload((download) => void run(download));

  function messageFor(
    outcome: Exclude<ImportOutcome, { ok: true } | { kind: 'offline' }>,
    username: string,
  ): {
    message: string;
    resumable: boolean;
  } {
    switch (outcome.kind) {
      case 'download': {
        if (outcome.problem !== 'otherAccount')
          return { message: i18n._(downloadProblems[outcome.problem]), resumable: false };
        const owner = outcome.owner ?? '';
        return {
          message: i18n._(
            msg`This download belongs to @${owner}, not to @${username}. Request the download while logged in to @${username} on the network.`,
          ),
          resumable: false,
        };
      }
      case 'refused':
        return { message: outcome.message, resumable: outcome.code === 'incomplete' };
      case 'connection':
        return {
          message: i18n._(
            msg`The connection broke during the upload. What was sent is kept: tap Resume to send the rest.`,
          ),
          resumable: true,
        };
      case 'unauthorized':
        void reportUnauthorized();
        return { message: i18n._(msg`Please log in again.`), resumable: false };
      case 'server':
        return {
          message: outcome.message ?? i18n._(msg`Something went wrong. Please try again.`),
          resumable: true,
        };
    }
  }

  async function run(download: Picked, acceptDrop = false) {
    setPicked(download);
    setState({ kind: 'working' });
    // The stored login, read now: a shared download's Import can be tapped on the screen's first frames,
    // which can come before the session has read it (the screen renders on the login hint).
    const [{ importDownload }, { writeUserRecord }, { clearListPages }, { login }] = await Promise.all([
      import('../../workers/collector.ts'),
      import('../../db/user.ts'),
      import('../../db/lists.ts'),
      loadSession(),
    ]);
    const username = login?.username ?? '';
    let outcome: ImportOutcome;
    try {
      outcome = await importDownload(
        download.input,
        username,
        (await currentToken()) ?? '',
        commonHeaders(),
        (progress) => setState({ kind: 'working', progress }),
        // Issue 33: offline, the download is read here and its lists wait in the outbox.
        { offline: !navigator.onLine, acceptDrop },
      );
    } catch (error) {
      // The reader was stopped under the import (the app closing its worker): nothing was lost, and the
      // download is still picked, so Resume starts it again.
      const stopped = error instanceof Error && error.name === 'CollectorStoppedError';
      setState({
        kind: 'failed',
        message: stopped
          ? i18n._(msg`Reading your download was interrupted. Tap Resume to read it again.`)
          : error instanceof Error
            ? error.message
            : String(error),
        resumable: true,
      });
      return;
    }
    if (!outcome.ok && outcome.kind === 'offline') {
      const { queueImport } = await import('../../import/queued.ts');
      await queueImport(outcome.prepared, download.label);
      const { followers, following } = outcome.prepared.meta;
      setState({ kind: 'queued', followers: followers.count, following: following.count });
      return;
    }
    if (!outcome.ok && outcome.kind === 'refused' && outcome.code === 'sharpDrop') {
      setState({ kind: 'asking', message: outcome.message, digest: outcome.digest });
      return;
    }
    if (!outcome.ok) {
      setState({ kind: 'failed', ...messageFor(outcome, username) });
      return;
    }
    const user = userRecordSchema.safeParse(outcome.user);
    if (user.success) {
      await writeUserRecord(user.data);
      if (outcome.status === 'imported' || outcome.status === 'updated') await clearListPages();
    }
    if (outcome.status === 'kept') {
      setState({ kind: 'kept', again: true });
      return;
    }
    setState({
      kind: 'done',
      status: outcome.status,
      baseline: outcome.baseline,
      user: user.success ? user.data : undefined,
      leftOut: outcome.leftOut,
      renames: outcome.renames,
    });
  }

  /** Issue 50 item 4: "Keep the previous import", told to the server so the same download keeps it again. */
  async function keepPrevious(digest: string | undefined) {
    setState({ kind: 'kept', again: false });
    if (!digest) return;
    const { keepPreviousImport } = await import('../../api/imports.ts');
    const kept = await keepPreviousImport(digest);
    // Unsaved, the answer holds for now; the same download would only be asked about again.
    if (!kept.ok) showToast(kept.error.message);
  }

  function pickZip(files: FileList | null) {
    const file = files?.[0];
    if (file) void run({ label: file.name, input: file });
  }

  function pickFolder(files: FileList | null) {
    if (!files?.length) return;
    const list = folderFiles(files);
    void run({ label: list[0]?.path.split('/')[0] ?? '', input: list });
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!working) pickZip(event.dataTransfer.files);
  }

  const progress = state.kind === 'working' ? state.progress : undefined;
  // Reading is the first 70% of the bar, uploading the rest.
  const percent = progress
    ? Math.round(
        (progress.phase === 'reading' ? 0 : 70) +
          (progress.total ? progress.done / progress.total : 0) * (progress.phase === 'reading' ? 70 : 30),
      )
    : 0;

  // What the import is doing: after the drop zone, or first when the download came from another app.
  const status = (
    <>
      {working && (
        <div className="card import__progress" role="status">
          <p id={phaseId}>
            {progress?.phase === 'uploading' ? (
              <Trans>Saving your snapshot…</Trans>
            ) : (
              <Trans>Reading your download…</Trans>
            )}
          </p>
          <div
            className="progress"
            role="progressbar"
            aria-labelledby={phaseId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="progress__bar" style={{ width: `${percent}%` }} />
          </div>
        </div>
      )}

      {state.kind === 'failed' && (
        <div className="card import__result" role="alert">
          <p className="notice notice--error">{state.message}</p>
          {state.resumable && picked && (
            <button type="button" className="button" onClick={() => void run(picked)}>
              <Trans>Resume</Trans>
            </button>
          )}
        </div>
      )}

      {state.kind === 'asking' && (
        <div className="card import__result" role="alert" data-testid="import-drop">
          <p className="notice">{state.message}</p>
          <div className="import__buttons">
            <button type="button" className="button" onClick={() => void keepPrevious(state.digest)}>
              <Trans>Keep the previous import</Trans>
            </button>
            {picked && (
              <button type="button" className="button button--ghost" onClick={() => void run(picked, true)}>
                <Trans>Import this one anyway</Trans>
              </button>
            )}
          </div>
        </div>
      )}
      {state.kind === 'kept' && (
        <div className="card import__result" role="status" data-testid="import-kept">
          <p>
            {state.again ? (
              <Trans>
                You chose to keep your previous import rather than this download, so it was not asked again: nothing
                changed.
              </Trans>
            ) : (
              <Trans>Your previous import is kept: nothing changed.</Trans>
            )}
          </p>
          <div className="import__buttons">
            <Link href="/home" className="button">
              <Trans>See your dashboard</Trans>
            </Link>
            {state.again && picked && (
              <button type="button" className="button button--ghost" onClick={() => void run(picked, true)}>
                <Trans>Import this one anyway</Trans>
              </button>
            )}
          </div>
        </div>
      )}

      {state.kind === 'done' && (
        <div className="card import__result" role="status">
          {state.status === 'unchanged' ? (
            <p>
              <Trans>This download was already imported: nothing changed.</Trans>
            </p>
          ) : state.status === 'updated' ? (
            <p data-testid="import-updated">
              <Trans>
                This download was already imported. Its requests you sent and accounts you unfollowed recently are now
                added to it; nothing else changed.
              </Trans>
            </p>
          ) : (
            <ImportedFigures user={state.user} baseline={state.baseline} />
          )}
          {state.renames.length > 0 && (
            <ul className="import__renames" data-testid="import-renames">
              {state.renames.map((rename) => (
                <li key={rename.from}>
                  <RenameLine {...rename} />
                </li>
              ))}
            </ul>
          )}
          <LeftOut leftOut={state.leftOut} />
          <Link href="/home" className="button">
            <Trans>See your dashboard</Trans>
          </Link>
        </div>
      )}
      {state.kind === 'queued' && <QueuedImport followers={state.followers} following={state.following} />}
    </>
  );

  return (
    <section className="screen import">
      <h1>
        <Trans>Import your data download</Trans>
      </h1>
      {received && <ReceivedDownload received={received} onImport={importIt} onDiscard={discard} />}
      {received && status}
      <div className="card import__guide">
        <p>
          <Trans>
            Your follower and following names come from the network itself: its “Download your information” file. Nobody
            logs in as you, so your account stays safe.
          </Trans>
        </p>
        <ol>
          <li>
            <Trans>On the network, open Settings, then Accounts Center, then “Your information and permissions”.</Trans>
          </li>
          <li>
            <Trans>Choose “Download your information”, then this account, then “Followers and following”.</Trans>
          </li>
          <li>
            <Trans>
              Set the date range to “All time” and create the files. Either format works, HTML (the one the network
              picks) or JSON.
            </Trans>
          </li>
          <li>
            <Trans>When the network emails you (it can take up to 48 hours), download the ZIP and pick it here.</Trans>
          </li>
        </ol>
      </div>

      <section
        className={`card import__drop${dragging ? ' import__drop--over' : ''}`}
        aria-label={i18n._(msg`Your data download`)}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>
          <Trans>Drop the ZIP here, or choose it.</Trans>
        </p>
        <div className="import__buttons">
          <button type="button" className="button" disabled={working} onClick={() => zipInput.current?.click()}>
            <Trans>Choose the ZIP</Trans>
          </button>
          {folderPicker && (
            <button
              type="button"
              className="button button--ghost"
              disabled={working}
              onClick={() => folderInput.current?.click()}
            >
              <Trans>Choose an unzipped folder</Trans>
            </button>
          )}
        </div>
        <input
          ref={zipInput}
          type="file"
          accept=".zip,application/zip"
          hidden
          data-testid="import-zip"
          onChange={(event) => {
            pickZip(event.target.files);
            event.target.value = '';
          }}
        />
        {folderPicker && (
          <input
            ref={folderInput}
            type="file"
            hidden
            data-testid="import-folder"
            {...{ webkitdirectory: '' }}
            onChange={(event) => {
              pickFolder(event.target.files);
              event.target.value = '';
            }}
          />
        )}
        {picked && <p className="import__picked">{picked.label}</p>}
      </section>

      {!received && status}
    </section>
  );
}

function ImportedFigures({ user, baseline }: { user: UserRecord | undefined; baseline: boolean }) {
  if (!user) return null;
  const followers = user.total_followers;
  const following = user.total_following;
  const gained = user.new_followers;
  const lost = user.followers_lost;
  return (
    <>
      <p>
        <Trans>
          Imported: {followers} followers and {following} following.
        </Trans>
      </p>
      {baseline ? (
        <p data-testid="import-change">
          <Trans>This is your first import: new and lost followers will show from your next download.</Trans>
        </p>
      ) : (
        <p data-testid="import-change">
          <Trans>
            Since your previous download: {gained} new, {lost} lost.
          </Trans>
        </p>
      )}
    </>
  );
}

/** Issue 50: never silent: how many entries of which list named nobody, and so were left out. */
function LeftOut({ leftOut }: { leftOut: Record<string, number> }) {
  const { i18n } = useLingui();
  const lists = Object.entries(leftOut).filter(
    (entry): entry is [DownloadFileList, number] => entry[0] in listLabels && entry[1] > 0,
  );
  if (lists.length === 0) return null;
  return (
    <div className="notice" data-testid="import-left-out">
      {lists.map(([list, count]) => {
        const name = i18n._(listLabels[list]);
        return (
          <p key={list}>
            <Plural
              value={count}
              one={`${name}: # entry was left out, as it gives no username we can read.`}
              other={`${name}: # entries were left out, as they give no username we can read.`}
            />
          </p>
        );
      })}
    </div>
  );
}

/** Read while offline (issue 33): what was read, and that it goes out with the connection. */
function QueuedImport({ followers, following }: { followers: number; following: number }) {
  return (
    <div className="card import__result" role="status" data-testid="import-queued">
      <p>
        <Trans>
          You are offline. Your download was read on this device: {followers} followers and {following} following. They
          will be sent as soon as you are back online.
        </Trans>
      </p>
      <Link href="/home" className="button">
        <Trans>See your dashboard</Trans>
      </Link>
    </div>
  );
}
