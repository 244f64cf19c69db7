// @vitest-environment jsdom
// The viewer starts an item when its media has loaded, also when it loaded before React mounted it
// (issue 16), and never waits forever: an item that does not load in time counts as failed.
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StoryUser } from '../../../common/schema/lists.ts';
import { i18n } from '../../i18n/index.ts';
import { LOADED_AFTER_MS, MEDIA_LOAD_TIMEOUT_MS } from './item-loading.ts';
import StoryViewer, { TICK_MS } from './StoryViewer.tsx';

const DURATION_MS = 5000;

function storyUser(mediaType: 'image' | 'video'): StoryUser {
  const item = (n: number) => ({
    id: `item-${n}`,
    media_type: mediaType,
    url: `/api/v1/proxy?url=story-${n}&sig=x`,
    thumbnail_image: '',
    width: 720,
    height: 1280,
    duration: DURATION_MS,
    taken_at: 0,
    expiring_at: 0,
  });
  return {
    id: 'u1',
    username: 'someone',
    name: 'Someone',
    profile_image: '',
    thumbnail_image: '',
    items: [item(0), item(1)],
  };
}

function openViewer(mediaType: 'image' | 'video' = 'image') {
  render(
    <I18nProvider i18n={i18n}>
      <StoryViewer users={[storyUser(mediaType)]} start={0} onClose={() => undefined} />
    </I18nProvider>,
  );
}

const dialog = () => screen.getByRole('dialog');
const firstBar = () => Number(screen.getAllByRole('progressbar')[0]?.getAttribute('aria-valuenow'));
const stageMedia = () => dialog().querySelector('.story-viewer__stage .story-viewer__media') as HTMLElement;
/**
 * Moves the fake clock a tick at a time, each step in its own act(), so React renders and runs the
 * effects (and the timers they start) between ticks as it would in a browser; pass(0) lets the
 * mount-time media check (a promise) settle.
 */
async function pass(ms: number) {
  for (let left = ms; ; left -= TICK_MS) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(left, TICK_MS));
    });
    if (left <= TICK_MS) return;
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  // jsdom plays nothing; the viewer only needs play() and pause() to answer.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockReturnValue(undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('StoryViewer: an item starts once its media has loaded', () => {
  it('starts a picture that had loaded before the viewer mounted it (its load event never reaches React)', async () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(720);
    openViewer('image');
    await pass(LOADED_AFTER_MS + 10 * TICK_MS);
    expect(firstBar()).toBeGreaterThan(0);
    expect(screen.queryByText('Story Not available')).toBeNull();
  });

  it('starts a video that had its first frame before the viewer mounted it', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(HTMLMediaElement.HAVE_ENOUGH_DATA);
    openViewer('video');
    await pass(LOADED_AFTER_MS + 10 * TICK_MS);
    expect(firstBar()).toBeGreaterThan(0);
  });

  it('says a finished picture without pixels that will not decode is not available', async () => {
    vi.spyOn(HTMLImageElement.prototype, 'complete', 'get').mockReturnValue(true);
    vi.spyOn(HTMLImageElement.prototype, 'naturalWidth', 'get').mockReturnValue(0);
    HTMLImageElement.prototype.decode = () => Promise.reject(new DOMException('broken', 'EncodingError'));
    openViewer('image');
    await pass(0);
    expect(screen.getByText('Story Not available')).toBeTruthy();
  });

  it('waits for a load event, then for the loading flag, before the progress moves', async () => {
    openViewer('image');
    await pass(3 * LOADED_AFTER_MS);
    expect(firstBar()).toBe(0);
    fireEvent.load(stageMedia());
    await pass(LOADED_AFTER_MS - TICK_MS);
    expect(firstBar()).toBe(0);
    await pass(10 * TICK_MS);
    expect(firstBar()).toBeGreaterThan(0);
  });

  it('does not start the next item on the previous item’s loading flag', async () => {
    openViewer('image');
    fireEvent.load(stageMedia());
    fireEvent.keyDown(dialog(), { key: 'ArrowRight' });
    expect(dialog().getAttribute('data-item-index')).toBe('1');
    await pass(3 * LOADED_AFTER_MS);
    expect(Number(screen.getAllByRole('progressbar')[1]?.getAttribute('aria-valuenow'))).toBe(0);
  });
});

describe('StoryViewer: the bounded wait (spec §2)', () => {
  it('says "Story Not available" when the media has not loaded in time, and moves on', async () => {
    openViewer('video');
    await pass(MEDIA_LOAD_TIMEOUT_MS - TICK_MS);
    expect(screen.queryByText('Story Not available')).toBeNull();
    expect(firstBar()).toBe(0);
    await pass(TICK_MS);
    expect(screen.getByText('Story Not available')).toBeTruthy();
    await pass(DURATION_MS + TICK_MS);
    expect(dialog().getAttribute('data-item-index')).toBe('1');
  });

  it('lets an item that loads before the limit play to its end', async () => {
    openViewer('image');
    await pass(MEDIA_LOAD_TIMEOUT_MS - LOADED_AFTER_MS);
    fireEvent.load(stageMedia());
    await pass(LOADED_AFTER_MS + DURATION_MS / 2);
    expect(screen.queryByText('Story Not available')).toBeNull();
    expect(firstBar()).toBeGreaterThan(0);
  });
});
