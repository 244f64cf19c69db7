// A grid of posts not here yet: its tiles' room, with "Loading…" (or why nothing came) over it, so the
// posts fill it in place and what is below does not move (issue 31).
import { Pending } from '../../app/Pending.tsx';

export function GridPending({ count, missing }: { count: number; missing: boolean }) {
  return (
    <div className="grid-pending">
      <div className="post-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: empty tiles, all alike, never reordered.
          <span key={index} className="post-grid__placeholder" />
        ))}
      </div>
      <Pending missing={missing} />
    </div>
  );
}
