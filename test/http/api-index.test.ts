import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { call, ok } from '../helpers/http.js';
import { serve } from '../helpers/server.js';

const index = suite('HTTP: the base URL answers an index of the endpoints and where their document is');
const served = serve(index);

index('GET /v2/solana and /v2/solana/ list every endpoint of the OpenAPI document, with URLs that answer', async () => {
  const { url, origin } = served;
  const document = await ok(`${origin}/__mock/openapi.json`);
  const documented = Object.keys(document.paths)
    .filter((path) => !path.startsWith('/__mock'))
    .map((path) => `/v2/solana${path}`);
  for (const base of [url, `${url}/`]) {
    const reply = await call(base);
    assert.is(reply.status, 200, reply.text);
    assert.match(reply.headers.get('content-type') ?? '', /^application\/json/);
    const body = reply.body;
    assert.is(body.api, url);
    assert.is(body.openapi, `${origin}/__mock/openapi.json`);
    assert.is(body.admin, `${origin}/__mock`);
    assert.equal(
      body.endpoints.map((e: { path: string }) => e.path),
      documented,
    );
    for (const endpoint of body.endpoints as { method: string; summary: string; example: string }[]) {
      assert.is(endpoint.method, 'GET');
      assert.type(endpoint.summary, 'string');
      assert.is((await call(endpoint.example)).status, 200, endpoint.example);
    }
  }
});

index('the index is read-only, another chain is still unknown_chain, and the endpoints answer as before', async () => {
  const { url, origin } = served;
  const post = await call(url, { method: 'POST' });
  assert.is(post.status, 405);
  const spec = post.spec?.body ?? post.body;
  assert.is(spec.code, 'method_not_allowed');
  const other = await call(`${origin}/v2/eth`);
  assert.is(other.status, 404);
  assert.is((other.spec?.body ?? other.body).code, 'unknown_chain');
  assert.is((await call(`${origin}/v2`)).status, 404);
  assert.is((await call(`${url}/protocol`)).status, 200);
});

index.run();
