// The sample network's media files: avatars, post pictures and videos, story pictures and videos.
// The media proxy serves them in-process, so the embedded default never touches the network.
import { readFileSync } from 'node:fs';
import { summaryOf } from './sample.ts';
import { postPicture } from './sample-posts.ts';
import { storyPicture } from './sample-stories.ts';

export interface MediaFile {
  contentType: string;
  body: Buffer;
}

let video: Buffer | undefined;
/** Every video on the sample network is this one short clip (scripts/make-sample-video.ts). */
const storyVideo = () => {
  video ??= readFileSync(new URL('./media/story.webm', import.meta.url));
  return video;
};

/** An avatar: the initials on a colour picked from the id. */
export function avatar(id: string): string {
  const { fullName } = summaryOf(id);
  const initials = fullName
    .split(' ')
    .map((part) => part[0] ?? '')
    .join('');
  const hue = Number(BigInt(id) % 360n);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="32" fill="hsl(${hue} 60% 55%)"/><text x="32" y="40" font-family="sans-serif" font-size="24" text-anchor="middle" fill="#fff">${initials}</text></svg>`;
}

const svg = (text: string): MediaFile => ({ contentType: 'image/svg+xml', body: Buffer.from(text) });
const webm = (): MediaFile => ({ contentType: 'video/webm', body: storyVideo() });

/** The file at a path of the media host, or undefined when there is none. */
export function sampleMedia(pathname: string): MediaFile | undefined {
  const avatarId = /^\/avatars\/(\d{1,20})\.svg$/.exec(pathname)?.[1];
  if (avatarId) return BigInt(avatarId) < 2n ** 64n ? svg(avatar(avatarId)) : undefined;
  const post = /^\/posts\/([\w-]{11})(?:-(\d))?\.(svg|webm)$/.exec(pathname);
  if (post?.[1]) return post[3] === 'webm' ? webm() : svg(postPicture(post[1], Number(post[2] ?? 0)));
  const story = /^\/stories\/(\d{1,20}_\d{1,9}_\d)\.(svg|webm)$/.exec(pathname);
  if (story?.[1]) return story[2] === 'webm' ? webm() : svg(storyPicture(story[1]));
  return undefined;
}
