// The titles of the three post groups: post analytics shows them above its grids, view all above its
// one (which would otherwise load the whole post analytics screen for them).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PostGroupName } from '../../../common/schema/lists.ts';

export const groupTitles: Record<PostGroupName, MessageDescriptor> = {
  mostLiked: msg`Most liked`,
  mostCommented: msg`Most commented`,
  mostEngaged: msg`Most engaged`,
};
