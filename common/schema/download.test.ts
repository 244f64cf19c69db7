import { describe, expect, it } from 'vitest';
import { postCodeOf, usernameOf } from './download.ts';

describe('postCodeOf', () => {
  it.each([
    'https://www.instagram.com/p/Cx1_aB-9zQk/',
    'https://www.instagram.com/p/Cx1_aB-9zQk',
    'http://instagram.com/p/Cx1_aB-9zQk/?igsh=MWQ1ZGUxMzBkMA==',
    'instagram.com/reel/Cx1_aB-9zQk/?utm_source=ig_web_copy_link',
    'www.instagram.com/reels/Cx1_aB-9zQk',
    'https://m.instagram.com/tv/Cx1_aB-9zQk/#comments',
    'https://www.instagram.com/some.user/p/Cx1_aB-9zQk/',
    'https://www.instagram.com/some.user/reel/Cx1_aB-9zQk/?img_index=2',
    'https://instagr.am/p/Cx1_aB-9zQk/',
    '  https://WWW.INSTAGRAM.COM/p/Cx1_aB-9zQk/  ',
    'https://www.instagram.com./p/Cx1_aB-9zQk/',
  ])('finds the code in %s', (link) => {
    expect(postCodeOf(link)).toBe('Cx1_aB-9zQk');
  });

  it.each([
    '',
    'hello',
    'https://www.instagram.com/',
    'https://www.instagram.com/some.user/',
    'https://www.instagram.com/stories/some.user/3211/',
    'https://www.instagram.com/p/',
    'https://www.instagram.com/p/abc/',
    'https://www.instagram.com/p/Cx1_aB-9zQk/extra/',
    'https://evil.example/p/Cx1_aB-9zQk/',
    'https://instagram.com.evil.example/p/Cx1_aB-9zQk/',
    'https://user:pass@instagram.com/p/Cx1_aB-9zQk/',
    'ftp://instagram.com/p/Cx1_aB-9zQk/',
    'javascript:alert(1)',
    'https://www.instagram.com/p/Cx1 aB/',
  ])('refuses %s', (link) => {
    expect(postCodeOf(link)).toBeUndefined();
  });

  it('accepts the configured network host too', () => {
    expect(postCodeOf('https://photos.example/p/Cx1_aB-9zQk/', ['photos.example'])).toBe('Cx1_aB-9zQk');
  });
});

describe('usernameOf', () => {
  it('drops an @ and spaces and folds case', () => {
    expect(usernameOf(' @Followscope.Demo ')).toBe('followscope.demo');
  });
  it('refuses what cannot be a username', () => {
    expect(usernameOf('no/slashes')).toBeUndefined();
    expect(usernameOf('')).toBeUndefined();
  });
});
