// Issue 52 item 4: GET /metrics in Prometheus's text format, read by this machine or with the token only,
// and the figures an operator watches moving when the thing they count happens.
import { describe, expect, it } from 'vitest';
import { serverPerTest, subscribedAccount, testSettings } from '../tests/support/test-server.ts';
import { mayReadMetrics } from './metrics.ts';

const harness = serverPerTest();
const TOKEN = 'metrics-token-0123456789abcdef';

const scrape = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  harness.app.inject({ url: '/metrics', headers, remoteAddress });

/** The value of one series in a scrape (the sum of every line that names it with these labels). */
function seriesValue(text: string, series: string): number {
  const lines = text.split('\n').filter((line) => line.startsWith(`${series} `));
  if (!lines.length) throw new Error(`no ${series} in the metrics`);
  return lines.reduce((sum, line) => sum + Number(line.slice(series.length + 1)), 0);
}

describe('GET /metrics', () => {
  it("answers this machine, in Prometheus's format: answers by route pattern, memory, event-loop delay and the queues", async () => {
    await harness.start();
    const before = (await scrape()).body;
    for (const id of ['a1', 'b2', 'c3']) await harness.app.inject({ url: `/api/v1/proxy?url=${id}` });
    await harness.app.inject({ url: '/api/v1/health' });
    const answer = await scrape();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(answer.headers['cache-control']).toBe('no-store');
    const text = answer.body;
    const health = 'http_request_duration_seconds_count{method="GET",route="/api/v1/health",status_code="200"}';
    expect(seriesValue(text, health) - (before.includes(health) ? seriesValue(before, health) : 0)).toBe(1);
    // One series for the route whatever was asked, never one per URL.
    expect(text).toContain('route="/api/v1/proxy"');
    expect(text).not.toContain('a1');
    expect(seriesValue(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(text).toContain('nodejs_eventloop_lag_p99_seconds');
    expect(seriesValue(text, 'followscope_jobs_waiting{queue="analysis"}')).toBe(0);
    expect(seriesValue(text, 'followscope_jobs_running{queue="analysis"}')).toBe(0);
    // The embedded database's queue: the requests' queries waited their turn (PostgreSQL has none).
    if (harness.server.database.kind === 'embedded') {
      expect(seriesValue(text, 'followscope_db_queue_wait_seconds_count{work="request"}')).toBeGreaterThan(0);
    }
  });

  it('is no route for another machine, or for anything that came through a proxy', async () => {
    await harness.start();
    // As a route that does not exist answers.
    const missing = (await harness.app.inject({ url: '/no-such-route', remoteAddress: '203.0.113.5' })).json();
    for (const refused of [
      await scrape({}, '203.0.113.5'),
      await scrape({ 'x-forwarded-for': '127.0.0.1' }),
      await scrape({ forwarded: 'for=127.0.0.1' }),
      await scrape({ 'x-real-ip': '127.0.0.1' }),
    ]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ ...missing, message: missing.message.replace('/no-such-route', '/metrics') });
      expect(refused.body).not.toContain('http_request_duration_seconds');
    }
    expect((await scrape({}, '::1')).statusCode).toBe(200);
    expect((await scrape({}, '::ffff:127.0.0.1')).statusCode).toBe(200);
  });

  it('with METRICS_TOKEN, answers only a request bearing it, from anywhere', async () => {
    await harness.start({ settings: { ...testSettings, metricsToken: TOKEN } });
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(404);
    expect((await scrape({ authorization: TOKEN })).statusCode).toBe(404);
    expect((await scrape({ authorization: `Bearer ${TOKEN}` }, '203.0.113.5')).statusCode).toBe(200);
  });

  it('counts analyses by outcome and source, and the mails sent', async () => {
    await harness.start();
    const series = 'followscope_analysis_duration_seconds_count{outcome="complete",source="sample"}';
    const mails = 'followscope_mail_sends_total{outcome="sent"}';
    const count = (text: string, name: string) => (text.includes(`${name} `) ? seriesValue(text, name) : 0);
    const before = (await scrape()).body;
    const { authorization } = await subscribedAccount(harness.server, 'size.2000.300');
    const analysis = await harness.app.inject({
      url: '/api/v1/client/insta/start/analysis/',
      headers: { authorization },
    });
    expect(analysis.statusCode).toBe(200);
    await harness.app.inject({
      method: 'POST',
      url: '/api/v1/client/insta/sendotp/',
      payload: { email: 'size.2000.300@example.com' },
    });
    await expect.poll(async () => count((await scrape()).body, mails) - count(before, mails)).toBeGreaterThan(0);
    const after = (await scrape()).body;
    expect(count(after, series) - count(before, series)).toBe(1);
  });
});

describe('who may read the metrics', () => {
  const request = (remoteAddress: string, headers: Record<string, string> = {}) =>
    ({ headers, socket: { remoteAddress } }) as unknown as Parameters<typeof mayReadMetrics>[0];

  it('is this machine unproxied without a token, and a bearer of the token with one', () => {
    expect(mayReadMetrics(request('127.0.0.1'), undefined)).toBe(true);
    expect(mayReadMetrics(request('10.0.0.8'), undefined)).toBe(false);
    expect(mayReadMetrics(request('127.0.0.1', { 'x-forwarded-for': '1.2.3.4' }), undefined)).toBe(false);
    expect(mayReadMetrics(request('127.0.0.1'), TOKEN)).toBe(false);
    expect(mayReadMetrics(request('10.0.0.8', { authorization: `Bearer ${TOKEN}` }), TOKEN)).toBe(true);
  });
});
