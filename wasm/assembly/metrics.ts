// Post and reel analytics (spec §3 "Post analytic metrics"), over columns of per-post figures.
//
// Input, one entry per post, all f64 (so counts above 2^31 and fractional times pass through):
//   likes, comments, views (views are counted for videos only), takenAt (Unix seconds),
//   isVideo (1 for a video or reel, 0 for an image or a carousel of images).
// Output, 15 f64 at `out`, in METRIC order:
//   0  post_count              number of posts
//   1  post_videos_count       posts with isVideo = 1
//   2  post_images_count       posts with isVideo = 0
//   3  most_post_views         largest views of a video (0 without videos)
//   4  avg_post_views          mean views over videos (0 without videos)
//   5  most_post_likes         largest likes
//   6  avg_post_likes          mean likes
//   7  most_post_comments      largest comments
//   8  avg_post_comments       mean comments
//   9  last_post_days          whole days from the newest post to `now` (floor; 0 if it is in the future;
//                              -1 without posts, shown as "unavailable")
//   10 post_frequency          posts per week between the oldest post and `now`; the span is at least
//                              one week, so a new account's burst does not read as a huge rate
//   11 daily_engagement        likes + comments of the posts taken in the 30 days before `now`, per day
//   12 overall_avg_engagement  mean over posts of (likes + comments) / followers, in percent
//   13 videos_avg_engagement   the same over videos
//   14 images_avg_engagement   the same over images
// Engagement figures are 0 when followers is 0 (an empty account has no rate, not an infinite one).

const DAY: f64 = 86_400;
const WEEK: f64 = 7 * DAY;
const RECENT_DAYS: f64 = 30;

export function postMetrics(
  likes: usize,
  comments: usize,
  views: usize,
  takenAt: usize,
  isVideo: usize,
  count: usize,
  now: f64,
  followers: f64,
  out: usize,
): void {
  let videos: f64 = 0;
  let mostViews: f64 = 0;
  let sumViews: f64 = 0;
  let mostLikes: f64 = 0;
  let sumLikes: f64 = 0;
  let mostComments: f64 = 0;
  let sumComments: f64 = 0;
  let newest: f64 = -Infinity;
  let oldest: f64 = Infinity;
  let recent: f64 = 0;
  let rateAll: f64 = 0;
  let rateVideos: f64 = 0;
  let rateImages: f64 = 0;

  for (let i: usize = 0; i < count; i++) {
    const offset = i << 3;
    const l = load<f64>(likes + offset);
    const c = load<f64>(comments + offset);
    const t = load<f64>(takenAt + offset);
    const video = load<f64>(isVideo + offset) != 0;
    const interactions = l + c;
    const rate = followers > 0 ? (interactions / followers) * 100 : 0;
    if (video) {
      const v = load<f64>(views + offset);
      videos += 1;
      sumViews += v;
      if (v > mostViews) mostViews = v;
      rateVideos += rate;
    } else {
      rateImages += rate;
    }
    rateAll += rate;
    sumLikes += l;
    if (l > mostLikes) mostLikes = l;
    sumComments += c;
    if (c > mostComments) mostComments = c;
    if (t > newest) newest = t;
    if (t < oldest) oldest = t;
    if (t <= now && now - t < RECENT_DAYS * DAY) recent += interactions;
  }

  const n = <f64>count;
  const images = n - videos;
  store<f64>(out, n);
  store<f64>(out + 8, videos);
  store<f64>(out + 16, images);
  store<f64>(out + 24, mostViews);
  store<f64>(out + 32, videos > 0 ? sumViews / videos : 0);
  store<f64>(out + 40, mostLikes);
  store<f64>(out + 48, n > 0 ? sumLikes / n : 0);
  store<f64>(out + 56, mostComments);
  store<f64>(out + 64, n > 0 ? sumComments / n : 0);
  store<f64>(out + 72, n > 0 ? Math.max(0, Math.floor((now - newest) / DAY)) : -1);
  store<f64>(out + 80, n > 0 ? n / Math.max(1, (now - oldest) / WEEK) : 0);
  store<f64>(out + 88, recent / RECENT_DAYS);
  store<f64>(out + 96, n > 0 ? rateAll / n : 0);
  store<f64>(out + 104, videos > 0 ? rateVideos / videos : 0);
  store<f64>(out + 112, images > 0 ? rateImages / images : 0);
}
