// Error answers: the server's message, validation details, HTML and empty bodies, non-JSON 2xx, and
// which of them are retried. No network: undici MockAgent answers.
import { errors as undiciErrors } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { mockClient, rejection } from '../helpers/mock-agent.js';
import type { MockSetup } from '../helpers/mock-agent.js';

const HTML_502 = '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>';

let m: MockSetup;
afterEach(async () => {
  m.agent.assertNoPendingInterceptors();
  await m.agent.close();
});

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('error bodies', () => {
  it('401 {error, message}: status 401 with the message', async () => {
    m = mockClient();
    m.on('GET', '/v2/areas', { status: 401, body: { error: 'Unauthorized', message: 'Invalid or missing API key' } });
    const error = await apiError(m.client.request('GET /areas'));
    expect(error).toMatchObject({ kind: 'http', status: 401, method: 'GET', path: '/areas', serverMessage: 'Invalid or missing API key' });
    expect(error.message).toBe('GET /areas failed with 401: Invalid or missing API key');
    expect(m.seen).toHaveLength(1);
    expect(m.sleep).not.toHaveBeenCalled();
  });

  it('{message} only, and {error} only', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits/nope', { status: 404, body: { message: 'Habit not found' } });
    m.on('POST', '/v2/habits/h1/archive', { status: 409, body: { error: 'Conflict' } });
    expect(await apiError(m.client.request('GET /habits/{habitId}', { params: { habitId: 'nope' } })))
      .toMatchObject({ status: 404, serverMessage: 'Habit not found', path: '/habits/nope' });
    expect(await apiError(m.client.request('POST /habits/{habitId}/archive', { params: { habitId: 'h1' } })))
      .toMatchObject({ status: 409, serverMessage: 'Conflict', method: 'POST' });
  });

  it('validation: details kept when well formed, malformed entries dropped', async () => {
    m = mockClient();
    m.on('POST', '/v2/habits', {
      status: 400,
      body: {
        error: 'Validation Error', message: 'Invalid request body',
        details: [{ field: 'name', message: 'is required' }, { oops: 1 }, 'text', { field: 'type', message: 'must be good or bad' }],
      },
    });
    m.on('POST', '/v2/habits', { status: 422, body: { message: 'Bad unit', details: 'not a list' } });
    const body = { name: '', type: 'good' as const };
    const first = await apiError(m.client.request('POST /habits', { body }));
    expect(first).toMatchObject({ status: 400, serverMessage: 'Invalid request body' });
    expect(first.details).toEqual([{ field: 'name', message: 'is required' }, { field: 'type', message: 'must be good or bad' }]);
    const second = await apiError(m.client.request('POST /habits', { body }));
    expect(second).toMatchObject({ status: 422, serverMessage: 'Bad unit', details: [] });
  });

  it('HTML 502 on GET: the status text, retried until the retries run out', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits', { status: 502, body: HTML_502, headers: { 'content-type': 'text/html' } }, 4);
    const error = await apiError(m.client.request('GET /habits'));
    expect(error).toMatchObject({ kind: 'http', status: 502, serverMessage: 'Bad Gateway' });
    expect(error.message).not.toMatch(/JSON|Unexpected token/);
    expect(m.seen).toHaveLength(4);
    expect(m.sleeps).toHaveLength(3);
    expect(m.lines.filter((l) => l.startsWith('retrying'))).toEqual([
      'retrying GET /habits in 250 ms after 502',
      'retrying GET /habits in 500 ms after 502',
      'retrying GET /habits in 1 s after 502',
    ]);
  });

  it('HTML 502 then 200 on GET: the retry recovers', async () => {
    m = mockClient();
    m.on('GET', '/v2/areas', { status: 502, body: HTML_502, headers: { 'content-type': 'text/html' } });
    m.on('GET', '/v2/areas', { status: 200, body: { data: [] } });
    expect(await m.client.request('GET /areas')).toEqual({ data: [] });
    expect(m.seen).toHaveLength(2);
  });

  it('HTML 502 on POST: not retried', async () => {
    m = mockClient();
    m.on('POST', '/v2/habits/h1/logs/complete', { status: 502, body: HTML_502, headers: { 'content-type': 'text/html' } });
    const error = await apiError(m.client.request('POST /habits/{habitId}/logs/complete', { params: { habitId: 'h1' }, body: {} }));
    expect(error).toMatchObject({ status: 502, serverMessage: 'Bad Gateway', method: 'POST' });
    expect(m.seen).toHaveLength(1);
    expect(m.sleep).not.toHaveBeenCalled();
  });

  it('empty 500: the status text; PUT and DELETE are retried too', async () => {
    m = mockClient({ retry: { retries: 1 } });
    m.on('PUT', '/v2/areas/a1', { status: 500 }, 2);
    m.on('DELETE', '/v2/areas/a1', { status: 500, body: { error: 'Internal server error' } }, 2);
    expect(await apiError(m.client.request('PUT /areas/{areaId}', { params: { areaId: 'a1' }, body: { name: 'x' } })))
      .toMatchObject({ status: 500, serverMessage: 'Internal Server Error' });
    expect(await apiError(m.client.request('DELETE /areas/{areaId}', { params: { areaId: 'a1' } })))
      .toMatchObject({ status: 500, serverMessage: 'Internal server error' });
    expect(m.seen.map((s) => s.method)).toEqual(['PUT', 'PUT', 'DELETE', 'DELETE']);
  });

  it('a truncated JSON error body falls back to the status text, never a parse error', async () => {
    m = mockClient();
    m.on('POST', '/v2/areas', { status: 400, body: '{"message": "Na', headers: { 'content-type': 'application/json' } });
    const error = await apiError(m.client.request('POST /areas', { body: { name: 'x' } }));
    expect(error).toMatchObject({ status: 400, serverMessage: 'Bad Request' });
  });

  it('4xx are not retried, even on GET', async () => {
    m = mockClient();
    m.on('GET', '/v2/areas', { status: 403, body: { message: 'Forbidden for v1 keys' } });
    expect(await apiError(m.client.request('GET /areas'))).toMatchObject({ status: 403 });
    expect(m.seen).toHaveLength(1);
  });

  it('a redirect is not followed (the key must not travel on), and says where it pointed', async () => {
    m = mockClient();
    m.on('GET', '/v2/areas', { status: 301, headers: { location: 'https://elsewhere.test/v2/areas' } });
    const error = await apiError(m.client.request('GET /areas'));
    expect(error).toMatchObject({ status: 301 });
    expect(error.serverMessage).toContain('https://elsewhere.test/v2/areas');
    expect(m.seen).toHaveLength(1);
  });
});

describe('2xx that is not JSON', () => {
  it('a captive portal HTML page on 200 is an ApiError naming the content type', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits', { status: 200, body: '<!doctype html><html><body>Sign in to Wi-Fi</body></html>', headers: { 'content-type': 'text/html; charset=utf-8' } });
    const error = await apiError(m.client.request('GET /habits'));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(200);
    expect(error.serverMessage).toMatch(/not JSON \(content type text\/html; charset=utf-8\)/);
    expect(error.message).not.toMatch(/Unexpected token|SyntaxError/);
    expect(error.cause).toBeUndefined();
  });

  it('invalid JSON with a JSON content type is an ApiError too', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits/h1', { status: 200, body: '{"data": {"id": ', headers: { 'content-type': 'application/json' } });
    const error = await apiError(m.client.request('GET /habits/{habitId}', { params: { habitId: 'h1' } }));
    expect(error.serverMessage).toMatch(/not JSON \(content type application\/json\)/);
  });

  it('plain text without a content type says "none"', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits/h1', { status: 200, body: 'a habit' });
    const error = await apiError(m.client.request('GET /habits/{habitId}', { params: { habitId: 'h1' } }));
    expect(error.serverMessage).toMatch(/not JSON \(content type none\)/);
  });
});

describe('failures without an answer (simulated)', () => {
  it('a connect timeout is kind timeout, status 0, and not retried', async () => {
    m = mockClient({ timeoutMs: 30_000 });
    m.fail('GET', '/v2/areas', new undiciErrors.ConnectTimeoutError());
    const error = await apiError(m.client.request('GET /areas'));
    expect(error).toMatchObject({ kind: 'timeout', status: 0, method: 'GET', path: '/areas' });
    expect(error.serverMessage).toBe('could not connect to api.test:443 within 30 s');
    expect(m.sleep).not.toHaveBeenCalled();
  });

  it('a headers timeout says how long we waited', async () => {
    m = mockClient({ timeoutMs: 30_000 });
    m.fail('GET', '/v2/areas', new undiciErrors.HeadersTimeoutError());
    const error = await apiError(m.client.request('GET /areas'));
    expect(error).toMatchObject({ kind: 'timeout', status: 0, serverMessage: 'no answer from api.test:443 within 30 s' });
  });

  it('an unknown host is not retried; a socket error on GET is', async () => {
    m = mockClient();
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND api.test'), { code: 'ENOTFOUND', hostname: 'api.test' });
    m.fail('GET', '/v2/areas', notFound);
    expect(await apiError(m.client.request('GET /areas'))).toMatchObject({ kind: 'network', status: 0, serverMessage: 'host not found: api.test' });
    expect(m.sleep).not.toHaveBeenCalled();

    m.fail('GET', '/v2/habits', new undiciErrors.SocketError('other side closed'), 2);
    m.on('GET', '/v2/habits', { status: 200, body: { data: [] } });
    expect(await m.client.request('GET /habits')).toEqual({ data: [] });
    expect(m.sleeps).toHaveLength(2);
  });

  it('a socket error on POST is not retried', async () => {
    m = mockClient();
    m.fail('POST', '/v2/areas', new undiciErrors.SocketError('other side closed'));
    const error = await apiError(m.client.request('POST /areas', { body: { name: 'x' } }));
    expect(error).toMatchObject({ kind: 'network', status: 0, method: 'POST' });
    expect(error.serverMessage).toBe('the connection to api.test:443 closed before the answer was complete');
    expect(m.sleep).not.toHaveBeenCalled();
  });

  it('an aborted request rejects with the abort reason, not an ApiError', async () => {
    m = mockClient();
    const controller = new AbortController();
    controller.abort(new Error('user pressed Ctrl-C'));
    await expect(m.client.request('GET /areas', { signal: controller.signal })).rejects.toThrow('user pressed Ctrl-C');
    expect(m.seen).toHaveLength(0);
  });
});
