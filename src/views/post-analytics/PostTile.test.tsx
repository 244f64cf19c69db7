// @vitest-environment jsdom
// A post's tile: its picture through the media proxy, or the tile's colour when it has none to show.
import { I18nProvider } from '@lingui/react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Post } from '../../../common/schema/lists.ts';
import { i18n } from '../../i18n/index.ts';
import { PostTile } from './PostTile.tsx';

afterEach(cleanup);

const post = (post_thumbnail: string): Post => ({
  post_short_code: 'ABCDEFGHIJK',
  post_thumbnail,
  post_url: '',
  post_type: 'image',
  child_posts: [],
  value: 12,
});

const tile = (thumbnail: string) =>
  render(
    <I18nProvider i18n={i18n}>
      <PostTile post={post(thumbnail)} />
    </I18nProvider>,
  ).container.querySelector('img');

describe('PostTile', () => {
  it('shows the picture the media proxy serves', () => {
    expect(tile('/media?u=abc')?.getAttribute('src')).toBe('/media?u=abc');
  });

  it('shows the tile’s colour for a post without a picture it may show, never an image without an address', () => {
    for (const thumbnail of ['', 'https://elsewhere.example/p.jpg']) {
      expect(tile(thumbnail)?.getAttribute('src')).toMatch(/^data:image\/svg\+xml,/);
      cleanup();
    }
  });
});
