// The dashboard is where changes are seen (issue 33): opening it clears the app's badge and its count.
// The badge's code comes after the dashboard's paint, off its critical path (issue 31): nothing on the
// screen waits for it.
import { useEffect } from 'react';
import { afterScreenPaint } from '../../app/after-paint.ts';

/** Clears the badge once, when the dashboard mounts. */
export function ClearsAppBadge() {
  useEffect(
    () => afterScreenPaint(() => void import('../../app/badge.ts').then(({ markChangesSeen }) => markChangesSeen())),
    [],
  );
  return null;
}
