// The story viewer (spec §2, §4 Viewer, §9): full screen, one progress bar per item; the current
// item's progress grows 100 ms a tick up to its duration, only once it has loaded (item-loading.ts:
// the loading flag clears 1 s after load) and while nothing holds it. Tap the left half for the
// previous item, the right half for the next; hold 0.5 s to pause and hide the chrome; swipe between
// users (500 ms); after the last item of the last user it closes. A failed item, or one that has not
// loaded in MEDIA_LOAD_TIMEOUT_MS, says so and the progress goes on. Keyboard: ←/→ items, ↑/↓ users,
// space pauses, Escape closes; Tab goes round the viewer's own controls, and closing puts focus back
// on the story that was opened (issue 20). Watching is anonymous: media come through our proxy, and
// nothing tells the network who watched; our own server hears which users were watched, for the
// list's seen mark (issue 36).
import 'keen-slider/keen-slider.min.css';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useKeenSlider } from 'keen-slider/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { StoryUser } from '../../../common/schema/lists.ts';
import { mediaUrl } from '../../api/media.ts';
import { useBackCloses } from '../../app/back-closes.ts';
import { profileLink } from '../../app/config.ts';
import { useModalFocus } from '../../app/modal-focus.ts';
import { watchStories } from '../../app/story-watch.ts';
import { numberFormat } from '../../i18n/formats.ts';
import { currentLocale } from '../../i18n/index.ts';
import { useItemLoading } from './item-loading.ts';
import { RetryImage } from './RetryImage.tsx';
import { StoryMedia } from './StoryMedia.tsx';

/** spec §9 viewer constants. */
export const TICK_MS = 100;
export const HOLD_MS = 500;
export const SLIDE_MS = 500;
/** A pointer that moves this far is a swipe, not a tap or a hold. */
const SWIPE_PX = 10;

interface Props {
  users: StoryUser[];
  start: number;
  onClose(): void;
}

export default function StoryViewer({ users, start, onClose }: Props) {
  const { i18n } = useLingui();
  const [userIndex, setUserIndex] = useState(start);
  const [itemIndex, setItemIndex] = useState(0);
  const [progress, setProgress] = useState(0);
  const [held, setHeld] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  // The browser's back closes the viewer too.
  const leave = useBackCloses(onClose, 'storyViewer');

  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>({
    initial: start,
    defaultAnimation: { duration: SLIDE_MS },
    slideChanged(instance) {
      setUserIndex(instance.track.details.rel);
      setItemIndex(0);
    },
  });

  const user = users[userIndex];
  const item = user?.items[itemIndex];
  const itemKey = `${user?.id}-${itemIndex}`;
  // A new item waits for its media (a new key starts from 'loading').
  const { ready, failed, onLoaded, onFailed } = useItemLoading(itemKey);

  // A new item starts from zero.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the item's identity is the trigger.
  useEffect(() => {
    setProgress(0);
  }, [userIndex, itemIndex]);

  // spec §7 list/watch/stories: the user's stories up to this item were shown (issue 36).
  useEffect(() => {
    if (user) void watchStories(user, itemIndex);
  }, [user, itemIndex]);

  const next = useCallback(() => {
    if (!user) return;
    if (itemIndex < user.items.length - 1) setItemIndex(itemIndex + 1);
    else if (userIndex < users.length - 1) slider.current?.moveToIdx(userIndex + 1);
    else leave();
  }, [user, itemIndex, userIndex, users.length, slider, leave]);

  const previous = useCallback(() => {
    if (itemIndex > 0) setItemIndex(itemIndex - 1);
    else if (userIndex > 0) slider.current?.moveToIdx(userIndex - 1);
    else setProgress(0);
  }, [itemIndex, userIndex, slider]);

  // The tick: only while loaded (or failed: a failed item still moves on) and not held.
  useEffect(() => {
    if (!item || held || !(ready || failed)) return;
    const timer = setInterval(() => setProgress((value) => Math.min(value + TICK_MS, item.duration)), TICK_MS);
    return () => clearInterval(timer);
  }, [item, held, ready, failed]);

  useEffect(() => {
    if (item && progress >= item.duration) next();
  }, [progress, item, next]);

  useEffect(() => {
    if (!video.current) return;
    if (held) video.current.pause();
    else void video.current.play().catch(() => undefined);
  }, [held]);

  // Tap, hold and swipe on the media.
  const press = useRef<{ x: number; y: number; timer: ReturnType<typeof setTimeout>; holding: boolean }>(undefined);
  function onPointerDown(event: React.PointerEvent) {
    const state = {
      x: event.clientX,
      y: event.clientY,
      holding: false,
      timer: setTimeout(() => {
        state.holding = true;
        setHeld(true);
      }, HOLD_MS),
    };
    press.current = state;
  }
  function onPointerMove(event: React.PointerEvent) {
    const state = press.current;
    if (state && Math.hypot(event.clientX - state.x, event.clientY - state.y) > SWIPE_PX) {
      clearTimeout(state.timer);
      press.current = undefined;
    }
  }
  function onPointerUp(event: React.PointerEvent<HTMLElement>) {
    const state = press.current;
    press.current = undefined;
    if (!state) return;
    clearTimeout(state.timer);
    if (state.holding) {
      setHeld(false);
      return;
    }
    const box = event.currentTarget.getBoundingClientRect();
    if (event.clientX - box.left < box.width / 2) previous();
    else next();
  }

  // Before the focus moves in, so the story card that opened the viewer gets it back on close.
  useModalFocus(dialog);
  // Keys go to the viewer from the start.
  useEffect(() => {
    dialog.current?.focus();
  }, []);
  function onKeyDown(event: React.KeyboardEvent) {
    // Space and Enter on a focused link or button press it, as everywhere else.
    if (event.target !== event.currentTarget && (event.key === ' ' || event.key === 'Enter')) return;
    const keys: Record<string, () => void> = {
      ArrowRight: next,
      ArrowLeft: previous,
      ArrowDown: () => (userIndex < users.length - 1 ? slider.current?.moveToIdx(userIndex + 1) : leave()),
      ArrowUp: () => slider.current?.moveToIdx(Math.max(0, userIndex - 1)),
      ' ': () => setHeld((value) => !value),
      Escape: leave,
    };
    const action = keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  }

  return (
    <div
      ref={dialog}
      className={`story-viewer${held ? ' story-viewer--held' : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={i18n._(msg`Stories of @${user?.username ?? ''}`)}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-user-index={userIndex}
      data-item-index={itemIndex}
    >
      <div ref={sliderRef} className="keen-slider story-viewer__slider">
        {users.map((story, index) => (
          <div key={story.id} className="keen-slider__slide story-viewer__slide">
            {index === userIndex && item ? (
              <div
                className="story-viewer__stage"
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={onPointerUp}
                onPointerCancel={() => {
                  if (press.current) clearTimeout(press.current.timer);
                  press.current = undefined;
                  setHeld(false);
                }}
              >
                {failed ? (
                  <p className="story-viewer__failed" role="status">
                    <Trans>Story Not available</Trans>
                  </p>
                ) : (
                  <StoryMedia key={itemKey} item={item} video={video} onLoaded={onLoaded} onFailed={onFailed} />
                )}
              </div>
            ) : (
              <RetryImage className="story-viewer__media" src={story.thumbnail_image} />
            )}
          </div>
        ))}
      </div>
      <div className="story-viewer__chrome">
        <div className="story-viewer__bars">
          {user?.items.map((entry, index, items) => {
            const share = index < itemIndex ? 1 : index > itemIndex ? 0 : progress / Math.max(1, entry.duration);
            return (
              <div
                key={entry.id ?? `${entry.url}-${index}`}
                className="story-viewer__bar"
                role="progressbar"
                aria-label={i18n._(msg`Item ${index + 1} of ${items.length}`)}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(share * 100)}
              >
                <span style={{ width: `${share * 100}%` }} />
              </div>
            );
          })}
        </div>
        <div className="story-viewer__header">
          <a
            className="story-viewer__profile"
            href={profileLink(user?.username ?? '')}
            target="_blank"
            rel="noopener noreferrer"
          >
            <RetryImage className="story-viewer__avatar" src={user?.profile_image ?? ''} />
            <span>@{user?.username}</span>
          </a>
          {item && (
            <a
              className="icon-button story-viewer__download"
              href={mediaUrl(item.url)}
              download
              aria-label={i18n._(msg`Download`)}
            >
              ⤓
            </a>
          )}
          <button type="button" className="icon-button" onClick={leave} aria-label={i18n._(msg`Close`)}>
            ✕
          </button>
        </div>
        {item?.insights && <StoryInsights insights={item.insights} />}
      </div>
    </div>
  );
}

/** The owner's own story's figures from the official API (issue 18); a figure the API withheld is a dash. */
function StoryInsights({ insights }: { insights: Record<string, number | null> }) {
  const number = numberFormat(currentLocale());
  const show = (name: string) => (insights[name] == null ? '–' : number.format(insights[name] ?? 0));
  return (
    <dl className="story-viewer__insights" data-testid="story-insights">
      <div>
        <dt>
          <Trans>Views</Trans>
        </dt>
        <dd>{show('views')}</dd>
      </div>
      <div>
        <dt>
          <Trans>Reach</Trans>
        </dt>
        <dd>{show('reach')}</dd>
      </div>
      <div>
        <dt>
          <Trans>Replies</Trans>
        </dt>
        <dd>{show('replies')}</dd>
      </div>
    </dl>
  );
}
