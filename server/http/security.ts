// Security headers from the start: the spec keeps the login token in browser storage, so an
// injected script must have nowhere to run and the app must not be framed.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** The Content-Security-Policy: no inline script, no framing, WASM allowed, workers from blob: (captcha). */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** In Recurly mode the page loads Recurly.js, talks to Recurly's API and shows its 3-D Secure frames. */
export const recurlySources = {
  'script-src': ['https://js.recurly.com'],
  'connect-src': ['https://api.recurly.com'],
  'frame-src': ['https://*.recurly.com'],
};

/** The policy, widened for Recurly only when the Recurly gateway is configured. */
export function policyFor(recurly: boolean): Record<string, string[]> {
  if (!recurly) return contentSecurityPolicy;
  const widened: Record<string, string[]> = { ...contentSecurityPolicy, 'frame-src': ["'self'"] };
  for (const [directive, sources] of Object.entries(recurlySources)) {
    widened[directive] = [...(widened[directive] ?? []), ...sources];
  }
  return widened;
}

/** Adds the security headers to every response. */
export async function registerSecurityHeaders(app: FastifyInstance, options: { recurly: boolean }): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: policyFor(options.recurly),
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xContentTypeOptions: true,
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    // Recurly.js's PayPal window is another origin's and answers its opener: Recurly's docs ask a site
    // with an opener policy to let its pop-ups keep it (issue 36). The sandbox's window is our own.
    crossOriginOpenerPolicy: { policy: options.recurly ? 'same-origin-allow-popups' : 'same-origin' },
  });
}
