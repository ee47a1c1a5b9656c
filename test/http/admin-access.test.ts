import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseAdminHost, parseAdminOrigin } from '../../src/http/admin-access.js';

// The entries of adminHosts and adminOrigins (--admin-host, --admin-origin), docs/admin-and-chaos.md §1.7.

const hosts = suite('admin access: an admin host entry is written as Host headers are compared, or refused');

const HOSTS: [string, string | null][] = [
  ['mock.test', 'mock.test'],
  ['Mock.TEST', 'mock.test'],
  [' mock.test ', 'mock.test'],
  ['.dev.example', '.dev.example'],
  ['.localhost', '.localhost'],
  ['192.168.1.5', '192.168.1.5'],
  ['127.1', '127.0.0.1'],
  ['::1', '[::1]'],
  ['[0:0::1]', '[::1]'],
  ['mock.test:8080', null],
  ['http://mock.test', null],
  ['mock.test/path', null],
  ['*.mock.test', null],
  ['.[::1]', null],
  ['..mock.test', null],
  ['mock_test', null],
  ['', null],
  ['.', null],
  [`${'a'.repeat(64)}.test`, null],
];
for (const [value, expected] of HOSTS)
  hosts(`${JSON.stringify(value)} → ${expected ?? 'TypeError'}`, () => {
    if (expected !== null) return assert.is(parseAdminHost(value), expected);
    assert.throws(
      () => parseAdminHost(value),
      (error: unknown) => error instanceof TypeError && error.message.includes(JSON.stringify(value)),
    );
  });

hosts.run();

const origins = suite('admin access: an admin origin entry is written as browsers send Origin, or refused');

const ORIGINS: [string, string | null][] = [
  ['http://localhost:5173', 'http://localhost:5173'],
  ['http://localhost:5173/', 'http://localhost:5173'],
  ['HTTP://LocalHost:5173', 'http://localhost:5173'],
  ['https://app.example.com', 'https://app.example.com'],
  ['https://app.example.com:443', 'https://app.example.com'],
  ['http://[::1]:3000', 'http://[::1]:3000'],
  ['localhost:5173', null],
  ['http://localhost:5173/app', null],
  ['http://localhost:5173?x=1', null],
  ['http://user@localhost:5173', null],
  ['ftp://localhost', null],
  ['null', null],
  ['*', null],
  ['', null],
];
for (const [value, expected] of ORIGINS)
  origins(`${JSON.stringify(value)} → ${expected ?? 'TypeError'}`, () => {
    if (expected !== null) return assert.is(parseAdminOrigin(value), expected);
    assert.throws(
      () => parseAdminOrigin(value),
      (error: unknown) => error instanceof TypeError && error.message.includes(JSON.stringify(value)),
    );
  });

origins.run();
