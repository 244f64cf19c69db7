import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMediaSigner } from './sign.ts';

const key = Buffer.alloc(32, 9);
const signer = createMediaSigner(key);
const target = 'https://cdn.example.com/p/1.jpg?w=640&h=480#x';

describe('createMediaSigner', () => {
  it('makes /api/v1/proxy links with the encoded URL and a base64url HMAC-SHA256', () => {
    const expected = createHmac('sha256', key).update(target).digest('base64url');
    expect(signer.proxyUrl(target)).toBe(`/api/v1/proxy?url=${encodeURIComponent(target)}&sig=${expected}`);
    const parsed = new URL(signer.proxyUrl(target), 'http://app');
    expect(parsed.searchParams.get('url')).toBe(target);
    expect(signer.verify(target, parsed.searchParams.get('sig') ?? '')).toBe(true);
  });

  it('signs non-ASCII URLs', () => {
    const unicode = 'https://bücher.example/ü.png';
    const sig = new URL(signer.proxyUrl(unicode), 'http://app').searchParams.get('sig') ?? '';
    expect(signer.verify(unicode, sig)).toBe(true);
  });

  it('refuses another URL, another key, and any other spelling of the signature', () => {
    const sig = new URL(signer.proxyUrl(target), 'http://app').searchParams.get('sig') ?? '';
    expect(signer.verify(`${target} `, sig)).toBe(false);
    expect(signer.verify(target.toUpperCase(), sig)).toBe(false);
    expect(createMediaSigner(Buffer.alloc(32, 8)).verify(target, sig)).toBe(false);
    expect(signer.verify(target, '')).toBe(false);
    expect(signer.verify(target, sig.slice(0, -1))).toBe(false);
    expect(signer.verify(target, `${sig}=`)).toBe(false);
    expect(signer.verify(target, `${sig}A`)).toBe(false);
    expect(signer.verify(target, Buffer.from(sig, 'base64url').toString('base64'))).toBe(false);
    expect(signer.verify(target, Buffer.from(sig, 'base64url').toString('hex'))).toBe(false);
  });

  it('does not see later changes to the key buffer', () => {
    const mutable = Buffer.alloc(32, 1);
    const own = createMediaSigner(mutable);
    const sig = new URL(own.proxyUrl(target), 'http://app').searchParams.get('sig') ?? '';
    mutable.fill(2);
    expect(own.verify(target, sig)).toBe(true);
  });

  it('refuses a short key', () => {
    expect(() => createMediaSigner(Buffer.alloc(8))).toThrow(/at least 16 bytes/);
  });
});
