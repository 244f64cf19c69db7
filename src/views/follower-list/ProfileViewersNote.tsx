// Profile viewers for a real account (issue 34): it was sent to import a download, which can never fill
// it. No legitimate source names who viewed a profile. Issue 49: the official API no longer reports
// profile visits either, which the note says where this server has it, instead of promising them.
import { Trans } from '@lingui/react/macro';

export function ProfileViewersNote({ officialHere }: { officialHere: boolean }) {
  return (
    <div className="card profile-viewers-note" data-testid="profile-viewers-note">
      <p>
        <Trans>
          No legitimate source names who viewed a profile: the network tells no one, and apps that claim to are guessing
          or breaking its rules. Followscope will not invent them.
        </Trans>
      </p>
      {officialHere && (
        <p>
          <Trans>The network’s official API no longer reports how many times a profile was visited.</Trans>
        </p>
      )}
    </div>
  );
}
