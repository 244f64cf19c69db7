// The dashboard is where changes are seen (issue 33): opening it clears the app's badge and its count.
import { useEffect } from 'react';
import { markChangesSeen } from '../../app/badge.ts';

/** Clears the badge once, when the dashboard mounts. */
export function ClearsAppBadge() {
  useEffect(() => {
    void markChangesSeen();
  }, []);
  return null;
}
