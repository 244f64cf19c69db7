// @vitest-environment jsdom
// The metrics card: its rows held empty while the figures load, then filled in place (issue 31); a download
// without its posts reads "not in your download" with how to get one that has them, never 0 (issue 51).
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostMetrics } from '../../../common/schema/posts.ts';
import { i18n } from '../../i18n/index.ts';
import { MetricsCard } from './MetricsCard.tsx';
import { metricRows } from './metrics.ts';

afterEach(cleanup);

const card = (metrics: PostMetrics | undefined, gaps?: Record<string, 'not_in_download'>) => (
  <I18nProvider i18n={i18n}>
    <MetricsCard metrics={metrics} needs={['official']} officialHere={false} missing={false} gaps={gaps} />
  </I18nProvider>
);
const FROM_DOWNLOADS = ['post_count', 'post_videos_count', 'post_images_count', 'last_post_days', 'post_frequency'];

describe('MetricsCard', () => {
  it('fills the held rows in place when the figures come: nothing removed and built again', () => {
    const view = render(card(undefined));
    expect(screen.getByText('Loading…')).toBeTruthy();
    const held = view.container.querySelector('dl');
    expect(held?.getAttribute('aria-hidden')).toBe('true');
    expect(held?.querySelectorAll('.metrics__row')).toHaveLength(metricRows.length);
    const firstRow = held?.querySelector('.metrics__row');

    const metrics = Object.fromEntries(metricRows.map((row) => [row.key, 0])) as PostMetrics;
    view.rerender(card({ ...metrics, post_count: 12, avg_post_views: null }));

    expect(screen.getByTestId('metrics')).toBe(held);
    expect(held?.querySelector('.metrics__row')).toBe(firstRow);
    expect(held?.hasAttribute('aria-hidden')).toBe(false);
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(held?.querySelector('[data-metric="post_count"] dd')?.textContent).toBe('12');
    expect(held?.querySelector('[data-metric="avg_post_views"] [data-testid="unavailable"]')).toBeTruthy();
  });

  it('says "not in your download" for the post figures of a download without posts, with how to get them', () => {
    const none = Object.fromEntries(metricRows.map((row) => [row.key, null])) as PostMetrics;
    render(card(none, Object.fromEntries(FROM_DOWNLOADS.map((name) => [name, 'not_in_download']))));
    const metrics = screen.getByTestId('metrics');
    for (const name of FROM_DOWNLOADS) {
      expect(metrics.querySelector(`[data-metric="${name}"] dd`)?.textContent, name).toBe('Not in your download');
    }
    // Likes and views are no download's: they still say which source gives them.
    expect(metrics.querySelector('[data-metric="avg_post_likes"] dd')?.textContent).toBe(
      'Not available here · needs the official API',
    );
    expect(screen.getByTestId('not-in-download').textContent).toMatch(
      /“Content” ticked besides “Followers and following”/,
    );
  });

  it('shows a measured 0 as 0, with no how-to', () => {
    const zeros = Object.fromEntries(metricRows.map((row) => [row.key, 0])) as PostMetrics;
    render(card(zeros));
    expect(screen.getByTestId('metrics').querySelector('[data-metric="post_count"] dd')?.textContent).toBe('0');
    expect(screen.queryByTestId('not-in-download')).toBeNull();
  });
});
