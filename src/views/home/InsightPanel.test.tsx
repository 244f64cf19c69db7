// @vitest-environment jsdom
// Issue 51: the insight summary is never shown as the figures' when it was written from others (a second
// analysis's record with the first one's summary, cached before the server rewrote it).
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../../common/schema/user.ts';
import { i18n } from '../../i18n/index.ts';
import { InsightPanel } from './InsightPanel.tsx';

const FIRST = '2026-11-19T12:00:00.000Z';
const SECOND = '2026-11-26T12:00:00.000Z';

function record(insightAt: string, dataAt: string): UserRecord {
  return {
    email: 'owner@example.com',
    username: 'maria.lopez.photo',
    insta_id: '1',
    insta_image_url: '',
    is_subscribed: true,
    is_private: false,
    is_insight: true,
    chat_gpt_data: {
      summary: 'This is your first download: who followed you and who left shows from your next one.',
      actionable_insights: 'Ask the network for a new data download in a week or two and import it here.',
      source: { source: 'download', at: insightAt },
    },
    total_followers: 3,
    total_following: 1,
    new_followers: 1,
    followers_lost: 1,
    not_follows_back: 0,
    dont_follow_back: 2,
    profile_views_count: null,
    mutual_followers: 1,
    post_count: 1,
    reel_count: 0,
    stories_count: 0,
    last_updated_at: '26-11-2026 12:00:00',
    latest_post_date_time: null,
    data_source: 'download',
    data_at: dataAt,
    sources: [{ source: 'download', at: dataAt }],
  };
}

const show = (user: UserRecord) =>
  render(
    <I18nProvider i18n={i18n}>
      <InsightPanel user={user} />
    </I18nProvider>,
  );

afterEach(cleanup);

describe('the insight summary', () => {
  it('shows the summary written from the record’s figures', () => {
    show(record(SECOND, SECOND));
    expect(screen.getByTestId('insight').textContent).toContain('This is your first download');
    expect(screen.queryByTestId('insight-stale')).toBeNull();
  });

  it('does not show a summary written from earlier figures under the new counts', () => {
    show(record(FIRST, SECOND));
    expect(screen.getByTestId('insight').textContent).not.toContain('This is your first download');
    expect(screen.getByTestId('insight-stale').textContent).toMatch(/newer than your last summary/);
    expect(screen.getByRole('button').textContent).toBe('Refresh my insights');
  });
});
