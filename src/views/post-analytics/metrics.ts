// How each metric of spec §3 reads on screen.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PostMetrics } from '../../../common/schema/posts.ts';
import { abbreviate } from '../../analysis/progress.ts';
import { numberFormat } from '../../i18n/formats.ts';

type Format = 'count' | 'percent' | 'days' | 'perWeek' | 'perDay';

export const metricRows: Array<{ key: keyof PostMetrics; label: MessageDescriptor; format: Format }> = [
  { key: 'post_count', label: msg`Posts`, format: 'count' },
  { key: 'post_videos_count', label: msg`Videos`, format: 'count' },
  { key: 'post_images_count', label: msg`Photos`, format: 'count' },
  { key: 'most_post_views', label: msg`Most views`, format: 'count' },
  { key: 'avg_post_views', label: msg`Average views`, format: 'count' },
  { key: 'most_post_likes', label: msg`Most likes`, format: 'count' },
  { key: 'avg_post_likes', label: msg`Average likes`, format: 'count' },
  { key: 'most_post_comments', label: msg`Most comments`, format: 'count' },
  { key: 'avg_post_comments', label: msg`Average comments`, format: 'count' },
  { key: 'last_post_days', label: msg`Days since the last post`, format: 'days' },
  { key: 'post_frequency', label: msg`Posts per week`, format: 'perWeek' },
  { key: 'daily_engagement', label: msg`Daily engagement (last 30 days)`, format: 'perDay' },
  { key: 'overall_avg_engagement', label: msg`Average engagement rate`, format: 'percent' },
  { key: 'videos_avg_engagement', label: msg`Video engagement rate`, format: 'percent' },
  { key: 'images_avg_engagement', label: msg`Photo engagement rate`, format: 'percent' },
];

/** The value as the screen shows it; undefined when the source could not give it. */
export function formatMetric(value: number | null, format: Format, locale: string): string | undefined {
  if (value === null) return undefined;
  switch (format) {
    case 'count':
      return abbreviate(Math.round(value), locale);
    case 'days':
      return value < 0 ? undefined : String(value);
    case 'percent':
      return `${numberFormat(locale, { maximumFractionDigits: 2 }).format(value)}%`;
    case 'perWeek':
    case 'perDay':
      return numberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  }
}
