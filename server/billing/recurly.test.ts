// Contract test: the official `recurly` client, through our gateway, against a local server that
// answers as Recurly's documented API v2021-02-25 does for POST /purchases.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PurchaseRequest } from './gateway.ts';
import { recurlyGateway } from './recurly.ts';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

const API_KEY = 'private-api-key';
const seen: Seen[] = [];
const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
let recurlyApi: Server;
let baseUrl: string;

const transactionError = (code: string, message: string, extra: Record<string, unknown> = {}) => ({
  status: 422,
  body: {
    error: {
      type: 'transaction',
      message,
      transaction_error: {
        object: 'transaction_error',
        transaction_id: 'txn-1',
        category: code,
        code,
        message,
        ...extra,
      },
    },
  },
});

/** What Recurly answers for each test token (docs: create_purchase, errors, 3-D Secure). */
function answer(body: Record<string, unknown>): { status: number; body: unknown } {
  const account = body.account as {
    billing_info?: { token_id?: string; three_d_secure_action_result_token_id?: string };
  };
  const token = account.billing_info?.token_id;
  const result = account.billing_info?.three_d_secure_action_result_token_id;
  const paid = {
    status: 201,
    body: {
      object: 'invoice_collection',
      charge_invoice: { object: 'invoice', id: 'inv-1', subscription_ids: ['sub-1'] },
      credit_invoices: [],
    },
  };
  if (token === 'tok-ok') return paid;
  if (token === 'tok-3ds') {
    return result === 'res-ok'
      ? paid
      : transactionError('three_d_secure_action_required', 'Your card must be authenticated with 3D Secure.', {
          three_d_secure_action_token_id: 'act-123',
        });
  }
  if (token === 'tok-declined') return transactionError('declined', 'Your card was declined.');
  return {
    status: 422,
    body: {
      error: {
        type: 'validation',
        message: 'Token is invalid',
        params: [{ param: 'token_id', message: 'is invalid' }],
      },
    },
  };
}

beforeAll(async () => {
  recurlyApi = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    request.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const key = String(request.headers['idempotency-key']);
      const reply = byIdempotencyKey.get(key) ?? answer(body);
      byIdempotencyKey.set(key, reply);
      response.writeHead(reply.status, { 'content-type': 'application/json; charset=utf-8', 'x-request-id': 'req-1' });
      response.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => recurlyApi.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(recurlyApi.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => recurlyApi.close(() => resolve())));

const purchase = (paymentToken: string, extra: Partial<PurchaseRequest> = {}): PurchaseRequest => ({
  idempotencyKey: `key-${paymentToken}-${Math.random()}`,
  account: { code: 'user-uuid-1', email: 'ana@example.com', firstName: 'Ana', lastName: 'Lima' },
  planCode: 'premium-monthly',
  currency: 'USD',
  paymentToken,
  ...extra,
});

describe('Recurly gateway (contract)', () => {
  it('sends a documented purchase request: versioned Accept, Basic auth, idempotency key, snake_case body', async () => {
    const gateway = recurlyGateway(API_KEY, baseUrl);
    const outcome = await gateway.purchase(purchase('tok-ok', { idempotencyKey: 'key-contract-1' }));
    expect(outcome).toEqual({ kind: 'paid', reference: 'sub-1' });
    const request = seen.at(-1) as Seen;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/purchases');
    expect(request.headers.accept).toBe('application/vnd.recurly.v2021-02-25');
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${API_KEY}:`).toString('base64')}`);
    expect(request.headers['idempotency-key']).toBe('key-contract-1');
    expect(request.body).toEqual({
      currency: 'USD',
      account: {
        code: 'user-uuid-1',
        email: 'ana@example.com',
        first_name: 'Ana',
        last_name: 'Lima',
        billing_info: { token_id: 'tok-ok' },
      },
      subscriptions: [{ plan_code: 'premium-monthly' }],
    });
  });

  it('turns a 3-D Secure transaction error into the action token, and pays with the result token', async () => {
    const gateway = recurlyGateway(API_KEY, baseUrl);
    expect(await gateway.purchase(purchase('tok-3ds'))).toEqual({ kind: 'actionRequired', actionTokenId: 'act-123' });
    const paid = await gateway.purchase(purchase('tok-3ds', { threeDSecureResultToken: 'res-ok' }));
    expect(paid.kind).toBe('paid');
    const last = seen.at(-1) as Seen;
    expect((last.body.account as { billing_info: unknown }).billing_info).toEqual({
      token_id: 'tok-3ds',
      three_d_secure_action_result_token_id: 'res-ok',
    });
  });

  it("passes Recurly's own message on for a decline or an invalid token", async () => {
    const gateway = recurlyGateway(API_KEY, baseUrl);
    expect(await gateway.purchase(purchase('tok-declined'))).toEqual({
      kind: 'declined',
      reason: 'gateway',
      message: 'Your card was declined.',
    });
    expect(await gateway.purchase(purchase('tok-unknown'))).toMatchObject({
      kind: 'declined',
      message: 'Token is invalid',
    });
  });

  it('gets the same answer for a repeated idempotency key', async () => {
    const gateway = recurlyGateway(API_KEY, baseUrl);
    const request = purchase('tok-ok', { idempotencyKey: 'key-repeat' });
    const first = await gateway.purchase(request);
    const second = await gateway.purchase(request);
    expect(second).toEqual(first);
    expect(seen.filter((s) => s.headers['idempotency-key'] === 'key-repeat')).toHaveLength(2);
  });
});

describe('the app on the Recurly gateway', () => {
  it('registers through Recurly when it is the gateway, with no sandbox endpoints', async () => {
    const { startTestServer, testSettings } = await import('../testing.ts');
    const server = await startTestServer({
      settings: {
        ...testSettings,
        billing: { ...testSettings.billing, gateway: 'recurly', recurlyApiKey: API_KEY, recurlyApiUrl: baseUrl },
      },
    });
    try {
      expect((await server.app.inject({ method: 'POST', url: '/sandbox/tokens', payload: {} })).statusCode).toBe(404);
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/client/register/',
        headers: { 'idempotency-key': 'key-app-recurly' },
        payload: {
          email: 'recurly@example.com',
          username: 'via.recurly',
          payment_token: 'tok-ok',
          plan_code: 'premium-trial',
          first_name: 'Via',
          last_name: 'Recurly',
        },
      });
      expect(response.statusCode).toBe(200);
      const sent = seen.find((s) => s.headers['idempotency-key'] === 'key-app-recurly') as Seen;
      expect((sent.body.account as { code: string }).code).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await server.close();
    }
  });
});

describe('the CSP in Recurly mode', () => {
  it('admits Recurly.js, its API and its 3-D Secure frames, and nothing else new', async () => {
    const { policyFor, contentSecurityPolicy } = await import('../http/security.ts');
    expect(policyFor(false)).toBe(contentSecurityPolicy);
    const widened = policyFor(true);
    expect(widened['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", 'https://js.recurly.com']);
    expect(widened['frame-src']).toEqual(["'self'", 'https://*.recurly.com']);
    expect(widened['frame-ancestors']).toEqual(["'none'"]);
  });
});
