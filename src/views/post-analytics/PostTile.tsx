// One post in a grid (spec §2 View all): the thumbnail links to the post on the network; videos
// carry a video badge, multi-item posts a stack badge, and the group's value is shown. A sample post
// (issue 34) exists only on the sample network, so it opens its own picture, never a page of the real
// network that its invented code would name.

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { Post } from '../../../common/schema/lists.ts';
import { abbreviate } from '../../analysis/progress.ts';
import { mediaUrl } from '../../api/media.ts';
import { postLink } from '../../app/config.ts';

const PLACEHOLDER =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 10 10'%3E%3Crect width='10' height='10' fill='%23e6e1f5'/%3E%3C/svg%3E";

interface Props {
  post: Post;
  onOpen?: (post: Post) => void;
  /** The post is the sample network's (the demo): it links to its picture, not to the network. */
  sample?: boolean;
}

export function PostTile({ post, onOpen, sample = false }: Props) {
  const { i18n } = useLingui();
  const body = (
    <>
      <img
        // A post without a picture we may show (none in a data download, or another site's address): the
        // tile's colour, not an <img> without an address.
        src={mediaUrl(post.post_thumbnail) || PLACEHOLDER}
        alt=""
        loading="lazy"
        onError={(event) => {
          event.currentTarget.src = PLACEHOLDER;
        }}
      />
      {post.post_type === 'video' && (
        <span className="post-tile__badge" role="img" aria-label={i18n._(msg`Video`)}>
          ▶
        </span>
      )}
      {post.child_posts.length > 1 && (
        <span className="post-tile__badge post-tile__badge--stack" role="img" aria-label={i18n._(msg`Several items`)}>
          ❐
        </span>
      )}
      <span className="post-tile__value">{abbreviate(post.value, i18n.locale)}</span>
    </>
  );
  return onOpen ? (
    <button type="button" className="post-tile" data-code={post.post_short_code} onClick={() => onOpen(post)}>
      {body}
    </button>
  ) : (
    <a
      className="post-tile"
      data-code={post.post_short_code}
      href={sample ? mediaUrl(post.post_url) : postLink(post.post_short_code)}
      title={sample ? i18n._(msg`A sample post: it opens its picture, it is not on the network`) : undefined}
      target="_blank"
      rel="noopener noreferrer"
    >
      {body}
    </a>
  );
}
