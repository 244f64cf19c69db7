// @vitest-environment jsdom
// The metrics card: its rows held empty while the figures load, then filled in place (issue 31).
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostMetrics } from '../../../common/schema/posts.ts';
import { i18n } from '../../i18n/index.ts';
import { MetricsCard } from './MetricsCard.tsx';
import { metricRows } from './metrics.ts';

afterEach(cleanup);

const card = (metrics: PostMetrics | undefined) => (
  <I18nProvider i18n={i18n}>
    <MetricsCard metrics={metrics} needs={['official']} officialHere={false} missing={false} />
  </I18nProvider>
);

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
});
