// Makes the sample network's story video (server/source/media/story.webm): three seconds of a
// moving gradient, recorded from a canvas by Debian's Chromium. Run once; the file is committed.
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/e2e/browser.ts';

const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const page = await browser.newPage();
  await page.setContent('<canvas width="360" height="640"></canvas>');
  // Passed as text: the TypeScript loader would add helpers the page does not have.
  const base64 = (await page.evaluate(`(async () => {
    const canvas = document.querySelector('canvas');
    const context = canvas.getContext('2d');
    const recorder = new MediaRecorder(canvas.captureStream(25), {
      mimeType: 'video/webm;codecs=vp8',
      videoBitsPerSecond: 250_000,
    });
    const chunks = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start();
    const started = performance.now();
    await new Promise((resolve) => {
      const frame = () => {
        const t = (performance.now() - started) / 3000;
        const gradient = context.createLinearGradient(0, 0, 0, 640);
        gradient.addColorStop(0, \`hsl(\${Math.round(260 + t * 80)} 70% 55%)\`);
        gradient.addColorStop(1, \`hsl(\${Math.round(320 + t * 60)} 70% 40%)\`);
        context.fillStyle = gradient;
        context.fillRect(0, 0, 360, 640);
        context.fillStyle = 'rgba(255,255,255,.85)';
        context.beginPath();
        context.arc(180, 320 + Math.sin(t * Math.PI * 2) * 120, 60, 0, Math.PI * 2);
        context.fill();
        if (t < 1) requestAnimationFrame(frame);
        else resolve();
      };
      frame();
    });
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
})()`)) as string;
  const out = new URL('../server/source/media/story.webm', import.meta.url);
  writeFileSync(out, Buffer.from(base64, 'base64'));
  console.log(`wrote ${out.pathname} (${Buffer.from(base64, 'base64').length} bytes)`);
} finally {
  await browser.close();
}
