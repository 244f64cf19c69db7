// One story item's picture or autoplaying video (spec §2). It reports its load or failure to the
// viewer, also one that happened before React mounted the element, whose event React drops (issue 16).
import { type RefObject, useLayoutEffect, useRef } from 'react';
import type { StoryItem } from '../../../common/schema/lists.ts';
import { mediaUrl } from '../../api/media.ts';
import { currentMediaState } from './media-state.ts';

interface Props {
  item: StoryItem;
  /** The viewer pauses and resumes the video through this. */
  video: RefObject<HTMLVideoElement | null>;
  onLoaded(): void;
  onFailed(): void;
}

/** Mount one per item (key it by the item): it asks its element once, when mounted. */
export function StoryMedia({ item, video, onLoaded, onFailed }: Props) {
  const image = useRef<HTMLImageElement>(null);

  // Before anything else runs after the commit: a load that finished while the element waited to be
  // mounted has already fired its event, so the element is asked instead.
  useLayoutEffect(() => {
    const element = item.media_type === 'video' ? video.current : image.current;
    if (!element) return;
    let mounted = true;
    void currentMediaState(element).then((state) => {
      if (!mounted) return;
      if (state === 'loaded') onLoaded();
      else if (state === 'failed') onFailed();
    });
    return () => {
      mounted = false;
    };
  }, [item.media_type, video, onLoaded, onFailed]);

  return item.media_type === 'video' ? (
    <video
      ref={video}
      className="story-viewer__media"
      src={mediaUrl(item.url)}
      autoPlay
      muted
      playsInline
      onLoadedData={onLoaded}
      onError={onFailed}
    />
  ) : (
    <img
      ref={image}
      className="story-viewer__media"
      src={mediaUrl(item.url)}
      alt=""
      draggable={false}
      onLoad={onLoaded}
      onError={onFailed}
    />
  );
}
