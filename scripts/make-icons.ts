// Draws the app icons (a scope ring on a violet gradient) as PNGs into public/icons, and the
// notifications' badge (issue 33): the mark alone in white, whose alpha is all Android keeps.
// Run with `tsx scripts/make-icons.ts` after changing the design; the PNGs are committed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  Buffer.from(data).copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A PNG of `size` pixels square; `level` 9 squeezes a precached file (the badge) a little further. */
function png(size: number, pixel: (x: number, y: number) => [number, number, number, number], level = -1): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel((x + 0.5) / size, (y + 0.5) / size);
      raw.set([r, g, b, a], y * (size * 4 + 1) + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** The design in unit coordinates; `inset` shrinks the mark into a maskable icon's safe zone. */
function design(maskable: boolean) {
  return (x: number, y: number): [number, number, number, number] => {
    const cx = x - 0.5;
    const cy = y - 0.5;
    const corner = 0.22;
    const qx = Math.max(Math.abs(cx) - (0.5 - corner), 0);
    const qy = Math.max(Math.abs(cy) - (0.5 - corner), 0);
    if (!maskable && Math.hypot(qx, qy) > corner) return [0, 0, 0, 0];
    const t = (x + y) / 2;
    let r = Math.round(79 + (224 - 79) * t);
    let g = Math.round(43 + (64 - 43) * t);
    let b = Math.round(214 + (160 - 214) * t);
    const scale = maskable ? 0.7 : 1;
    const d = Math.hypot(cx, cy) / scale;
    const ring = d > 0.22 && d < 0.3;
    const dot = d < 0.1;
    const handle = cx > 0 && cy > 0 && Math.abs(cx - cy) < 0.05 * scale && d > 0.3 && d < 0.42;
    if (ring || dot || handle) [r, g, b] = [255, 255, 255];
    return [r, g, b, 255];
  };
}

/** The mark alone: white, its edges smoothed by sampling each pixel 4 × 4 times. */
function badge(size: number) {
  const inMark = (x: number, y: number) => {
    const cx = x - 0.5;
    const cy = y - 0.5;
    const d = Math.hypot(cx, cy);
    return (d > 0.24 && d < 0.34) || d < 0.11 || (cx > 0 && cy > 0 && Math.abs(cx - cy) < 0.07 && d > 0.33 && d < 0.48);
  };
  return (x: number, y: number): [number, number, number, number] => {
    let inside = 0;
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) if (inMark(x + (i - 1.5) / (4 * size), y + (j - 1.5) / (4 * size))) inside++;
    }
    return [255, 255, 255, Math.round((inside / 16) * 255)];
  };
}

mkdirSync('public/icons', { recursive: true });
writeFileSync('public/icons/badge-96.png', png(96, badge(96), 9));
writeFileSync('public/icons/icon-192.png', png(192, design(false)));
writeFileSync('public/icons/icon-512.png', png(512, design(false)));
writeFileSync('public/icons/maskable-512.png', png(512, design(true)));
