// Issue 51: the "Instagram downloader" card opened a screen titled "Video and reel downloader". Each
// dashboard card is called what the screen it opens is called.
import { describe, expect, it } from 'vitest';
import type { ScreenId } from '../../../common/routes.ts';
import { screenTitles } from '../../app/screen-titles.ts';
import { dashboardCards } from './DashboardCards.tsx';

// spec §2 names one card by what it does: "watch stories anonymously" opens the stories list.
const named = dashboardCards.filter((card) => card.path !== '/stories');

describe('the dashboard cards', () => {
  it.each(named.map((card) => [card.path, card] as const))('%s is named as its screen is', (_, card) => {
    expect(card.title.id).toBe(screenTitles[card.screen as ScreenId].id);
  });
});
