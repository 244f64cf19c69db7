// A picture that tries again (spec §9: up to 3 times) before it shows a placeholder.
import { useState } from 'react';
import { mediaUrl } from '../../api/media.ts';

export const THUMBNAIL_RETRIES = 3;
const PLACEHOLDER =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 9 16'%3E%3Crect width='9' height='16' fill='%23e6e1f5'/%3E%3C/svg%3E";

export function RetryImage({ src, alt = '', className }: { src: string; alt?: string; className?: string }) {
  const [attempt, setAttempt] = useState(0);
  const failed = attempt > THUMBNAIL_RETRIES || !mediaUrl(src);
  return (
    <img
      // A new element per attempt: the browser does not keep a failed load, so it asks again.
      key={attempt}
      className={className}
      src={failed ? PLACEHOLDER : mediaUrl(src)}
      alt={alt}
      loading="lazy"
      data-failed={failed || undefined}
      onError={() => {
        if (failed) return;
        setTimeout(() => setAttempt((n) => n + 1), 300 * (attempt + 1));
      }}
    />
  );
}
