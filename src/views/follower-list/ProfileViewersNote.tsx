// Profile viewers for a real account (issue 34): it was sent to import a download, which can never fill
// it. No legitimate source names who viewed a profile; where this server has the official API, a
// connected professional account counts the visits, which the note says instead of pointing anywhere.
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
          <Trans>
            A connected professional account (business or creator) shows how many times your profile was visited: a
            count, never names.
          </Trans>
        </p>
      )}
    </div>
  );
}
