// A picture that tries again (spec §9: up to 3 times) before it shows a placeholder.
import { type SyntheticEvent, useState } from 'react';
import { mediaUrl } from '../../api/media.ts';
import { nextFrameDrawn } from '../../app/after-paint.ts';

export const THUMBNAIL_RETRIES = 3;
const PLACEHOLDER =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 9 16'%3E%3Crect width='9' height='16' fill='%23e6e1f5'/%3E%3C/svg%3E";

/**
 * How the picture loads: `first` at once and before others (a phone's first view), `held` not yet (its
 * box is kept; the first view's pictures go first), `lazy` as it nears the view.
 */
export type ImageLoading = 'first' | 'held' | 'lazy';

export function RetryImage({
  src,
  alt = '',
  className,
  loading = 'lazy',
  onShown,
}: {
  src: string;
  alt?: string;
  className?: string;
  loading?: ImageLoading;
  /** Called once the picture, or its placeholder, has been drawn. */
  onShown?: () => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const failed = attempt > THUMBNAIL_RETRIES || !mediaUrl(src);
  const shown = (event: SyntheticEvent<HTMLImageElement>) => {
    if (!onShown) return;
    void event.currentTarget
      .decode()
      .catch(() => undefined)
      .then(nextFrameDrawn)
      .then(onShown);
  };
  return (
    <img
      // A new element per attempt: the browser does not keep a failed load, so it asks again.
      key={attempt}
      className={className}
      src={loading === 'held' ? undefined : failed ? PLACEHOLDER : mediaUrl(src)}
      alt={alt}
      loading={loading === 'first' ? 'eager' : 'lazy'}
      fetchPriority={loading === 'first' ? 'high' : undefined}
      data-failed={failed || undefined}
      onLoad={shown}
      onError={(event) => {
        if (failed) return shown(event);
        setTimeout(() => setAttempt((n) => n + 1), 300 * (attempt + 1));
      }}
    />
  );
}
