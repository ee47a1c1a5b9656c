import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { buildOpenApi } from '../../src/openapi/build-openapi.js';
import { runCli } from '../helpers/cli.js';
import { tempDir } from '../helpers/snapshots.js';

const cli = suite('clmm-mock openapi: the document on stdout or in a file');

cli('prints the document for the default server URL as indented JSON', () => {
  const result = runCli(['openapi']);
  assert.is(result.code, 0, result.stderr);
  assert.is(
    result.stdout,
    `${JSON.stringify(buildOpenApi({ serverUrl: 'http://127.0.0.1:8080/v2/solana' }), null, 2)}\n`,
  );
  assert.is(result.stderr, '');
});

cli('--out writes the file and says so; --server-url names the server (a trailing slash dropped)', () => {
  const { dir, remove } = tempDir();
  try {
    const out = join(dir, 'api.json');
    const result = runCli(['openapi', '--out', out, '--server-url', 'https://mock.example.com/v2/solana/']);
    assert.is(result.code, 0, result.stderr);
    assert.is(result.stdout, `wrote ${out}\n`);
    const doc = JSON.parse(readFileSync(out, 'utf8')) as {
      servers: { url: string }[];
      paths: Record<string, { servers?: { url: string }[] }>;
    };
    assert.equal(
      doc.servers.map((s) => s.url),
      ['https://mock.example.com/v2/solana'],
    );
    assert.equal(
      doc.paths['/__mock/health']!.servers!.map((s) => s.url),
      ['https://mock.example.com'],
    );
  } finally {
    remove();
  }
});

cli('a bad --server-url is one line and exit 2; an unwritable --out one line and exit 1', () => {
  const bad = runCli(['openapi', '--server-url', 'ftp://x']);
  assert.is(bad.code, 2);
  assert.is(
    bad.stderr,
    'clmm-mock: --server-url must be an http(s) URL or a path such as http://127.0.0.1:8080/v2/solana or /v2/solana, ' +
      "got 'ftp://x'\n",
  );
  const { dir, remove } = tempDir();
  try {
    const out = join(dir, 'missing', 'api.json');
    const unwritable = runCli(['openapi', '--out', out]);
    assert.is(unwritable.code, 1);
    assert.match(unwritable.stderr, new RegExp(`^clmm-mock: --out ${out}: ENOENT[^\\n]*\\n$`));
    assert.not.ok(existsSync(out));
  } finally {
    remove();
  }
});

cli("--wire upstream prints the live dialect's document, a valid OpenAPI 3.1 document", async () => {
  const result = runCli(['openapi', '--wire', 'upstream', '--server-url', 'http://127.0.0.1:9000/v2/solana']);
  assert.is(result.code, 0, result.stderr);
  assert.is(result.stderr, '');
  const doc = JSON.parse(result.stdout) as Record<string, unknown>;
  const validity = await new Validator().validate(doc);
  assert.ok(validity.valid, JSON.stringify(validity.errors, null, 2));
  assert.is(doc.openapi, '3.1.0');
  const built = buildOpenApi({ serverUrl: 'http://127.0.0.1:9000/v2/solana', wire: 'upstream' });
  assert.is(result.stdout, `${JSON.stringify(built, null, 2)}\n`);
  assert.is.not(result.stdout, runCli(['openapi', '--server-url', 'http://127.0.0.1:9000/v2/solana']).stdout);
  assert.is(runCli(['openapi', '--wire', 'spec']).stdout, runCli(['openapi']).stdout);
});

cli('--wire bogus is exit 2, naming the accepted values', () => {
  const bad = runCli(['openapi', '--wire', 'bogus']);
  assert.is(bad.code, 2);
  assert.is(bad.stdout, '');
  for (const text of ['wire', 'bogus', 'spec', 'upstream']) assert.ok(bad.stderr.includes(text), bad.stderr);
});

cli('--help describes the flags with examples', () => {
  const help = runCli(['openapi', '--help']);
  assert.is(help.code, 0);
  for (const text of [
    '--out',
    '--server-url',
    '--wire',
    '[choices: "spec", "upstream"] [default: "spec"]',
    'clmm-mock openapi --wire upstream --out live.json',
    'e.g. --out openapi.json',
    'clmm-mock openapi --out openapi.json',
    '[default: "http://127.0.0.1:8080/v2/solana"]',
  ]) {
    assert.ok(help.stdout.includes(text), `--help lacks ${text}:\n${help.stdout}`);
  }
  assert.ok(runCli(['--help']).stdout.includes('clmm-mock openapi'), 'the command is listed');
});

cli.run();
