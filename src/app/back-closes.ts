// An overlay the browser's back closes first (the sentiment detail, the story viewer): it adds a
// history entry while open; closing it from the page goes back over that entry, so history stays
// as it was before the overlay opened.
import { useCallback, useLayoutEffect, useRef } from 'react';

/** Returns the function that closes the overlay; `onClose` runs when it closes either way. */
export function useBackCloses(onClose: () => void, marker: string): () => void {
  const close = useRef(onClose);
  close.current = onClose;
  // Before the overlay paints: a back pressed the moment it shows must find its entry, not leave the page.
  useLayoutEffect(() => {
    history.pushState({ overlay: marker }, '');
    const onPop = () => close.current();
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, [marker]);
  return useCallback(() => {
    if ((history.state as { overlay?: string } | null)?.overlay === marker) history.back();
    else close.current();
  }, [marker]);
}
