// Issue 50: on the new and lost followers screens, the followers who changed username since the
// previous download: one person each, counted in neither list, told as "@old is now @new".
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { Rename } from '../../../common/schema/imports.ts';
import { fetchRenames } from '../../api/imports.ts';

/** The latest import's renames; empty until they arrive, or offline. */
function useRenames(): Rename[] {
  const [renames, setRenames] = useState<Rename[]>([]);
  useEffect(() => {
    let live = true;
    void fetchRenames().then((result) => {
      if (live && result.ok) setRenames(result.data);
    });
    return () => {
      live = false;
    };
  }, []);
  return renames;
}

/** The renames, as a short list above the names; nothing when there are none. */
export function Renames() {
  const renames = useRenames();
  if (renames.length === 0) return null;
  return (
    <div className="card follower-list__renames" data-testid="renames">
      <h2>
        <Trans>Renamed since your previous download</Trans>
      </h2>
      <p>
        <Trans>Each is one person who changed username, so they are counted neither as lost nor as new.</Trans>
      </p>
      <ul>
        {renames.map(({ from, to }) => (
          <li key={from}>
            <RenameLine from={from} to={to} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "@old is now @new". */
export function RenameLine({ from, to }: Rename) {
  return (
    <Trans>
      @{from} is now @{to}
    </Trans>
  );
}
