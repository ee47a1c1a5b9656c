import Database from 'better-sqlite3';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PERIOD_NAMES } from '../../src/math/periods.js';
import { PackedMemory } from '../../src/snapshot/render/packed-memory.js';
import { PieceBlockWriter } from '../../src/snapshot/pieces/piece-blocks.js';
import { MID_PIECE, PIECE_FORMATS } from '../../src/snapshot/pieces/piece-format.js';
import { MAX_POOLS_PER_PAGE, POOLS_PER_BLOCK, TAIL_PIECE } from '../../src/snapshot/pieces/piece-layout.js';
import { locate, pieceText, readPieceStore } from '../../src/snapshot/render/piece-store.js';
import { poolIndex } from '../../src/snapshot/served/pool-index.js';
import { SCHEMA_SQL } from '../../src/snapshot/format/schema.js';
import { readTemplates, renderedLength, renderPiece } from '../../src/snapshot/render/packed-piece.js';
import { TemplatePacker } from '../../src/snapshot/pieces/template-packing.js';

/** Texts of every kind of value a piece holds, each rendered back byte for byte. */
const TEXTS: readonly [string, string][] = [
  ['no value at all', '{"hasWarning":false,"adaptiveFee":null'],
  ['digits, odd and even counts', '{"a":"1","b":"12","c":"123","d":1234,"e":0'],
  ['signs, points, exponents, timestamps', '{"a":-17127,"b":"-0.50855096","c":1.5e-7,"d":"2025-12-31T23:35:12Z"'],
  ['a character no nibble holds', '{"a":"1e+5","b":"1E5","c":"0x10"'],
  ['empty strings', '{"a":"","b":[""],"c":""'],
  ['addresses and words', '{"address":"7ZCPNH2GJAiZsrJiGFFQmK7bhg9mfciGMyKWGQMvhDtE","poolType":"whirlpool"'],
  ['escapes and multi-byte characters', '{"name":"a \\"quoted\\" \\\\ name","symbol":"é€😀","u":"\\u00e9"'],
  ['backslash runs before a quote: even ends the string, odd escapes it', '{"a":"x\\\\","b":"\\\\\\"y","c":"\\\\\\\\"'],
  [
    'nested arrays and objects',
    '{"rewards":[{"mint":"x","emissions":"12.5"},{"mint":"y","emissions":"0"}],"seed":[2,0]',
  ],
  ['a raw value of 126 bytes, the longest with a one-byte length', `{"a":"${'x'.repeat(126)}"`],
  ['a raw value of 127 bytes, which takes a four-byte length', `{"a":"${'x'.repeat(127)}"`],
  ['a long digit string, stored raw', `{"a":"${'7'.repeat(200)}"`],
  ['127 digits, the most stored two a byte', `{"a":"${'9'.repeat(127)}","b":"${'9'.repeat(128)}"`],
];

/**
 * Each text packed, placed in a packed memory and rendered, one after the other into the scratch area
 * as a page's pieces are (each rendering may write past its end: the next one writes over it).
 */
function rendered(texts: readonly string[]): string[] {
  const packer = new TemplatePacker();
  const stored = texts.map((text) => packer.pack(text));
  const templates = readTemplates(packer.templates);
  const memory = new PackedMemory(
    templates,
    stored.reduce((sum, piece) => sum + piece.length, 0),
    PIECE_FORMATS.upstream.keys,
  );
  const at = stored.map((piece) => memory.place(piece));
  memory.reserve(texts.reduce((sum, text) => sum + Buffer.byteLength(text), 0));
  let dst = memory.scratch;
  const ends = stored.map((piece, i) => {
    const length = Buffer.byteLength(texts[i]!);
    assert.is(renderedLength(templates, piece, 0, piece.length), length, texts[i]);
    // The JavaScript renderer (a spec detail's) writes the same bytes.
    const out = Buffer.alloc(length + 2, '#');
    assert.is(renderPiece(templates, piece, 0, out, 1), length + 1);
    assert.is(out.toString(), `#${texts[i]}#`);
    return (dst = memory.render(at[i]!, dst));
  });
  return ends.map((end, i) =>
    Buffer.from(memory.bytes.subarray(i === 0 ? memory.scratch : ends[i - 1], end)).toString(),
  );
}

const packing = suite('template packing: pieces stored as a template and their values, rendered by WebAssembly');

for (const [name, text] of TEXTS)
  packing(`${name}: rendered byte for byte`, () => assert.is(rendered([text])[0], text));

packing('many pieces of a few templates, placed side by side, each render to their own text', () => {
  const texts = Array.from({ length: 500 }, (_, i) =>
    i % 3 === 0
      ? `{"id":${i},"price":"${i / 7}","when":"2026-01-0${1 + (i % 9)}T00:00:00Z"`
      : TEXTS[i % TEXTS.length]![1],
  );
  assert.equal(rendered(texts), texts);
});

packing('each value is stored in the smallest form its byte allows', () => {
  const cases: [string, number][] = [
    ['{"a":"123"', 2 + 1 + 2],
    ['{"a":""', 2 + 1],
    [`{"a":"${'9'.repeat(127)}"`, 2 + 1 + 64],
    [`{"a":"${'9'.repeat(128)}"`, 2 + 5 + 128],
    [`{"a":"${'x'.repeat(126)}"`, 2 + 1 + 126],
    [`{"a":"${'x'.repeat(127)}"`, 2 + 5 + 127],
    ['{"a":"é"', 2 + 1 + 2],
  ];
  const packer = new TemplatePacker();
  for (const [text, length] of cases) assert.is(packer.pack(text).length, length, text);
});

packing('a piece cut short, with a byte too many, past its block, or of no template renders to nothing: -1', () => {
  const packer = new TemplatePacker();
  const piece = packer.pack('{"a":"123","b":"xyz"');
  const templates = readTemplates(packer.templates);
  assert.is(renderedLength(templates, piece, 0, piece.length), 20);
  assert.is(renderedLength(templates, piece, 0, piece.length - 1), -1);
  assert.is(renderedLength(templates, Buffer.concat([piece, Buffer.of(0)]), 0, piece.length + 1), -1);
  assert.is(renderedLength(templates, piece, 0, piece.length + 8), -1);
  assert.is(renderedLength(templates, Buffer.of(1, 0, 0x80), 0, 3), -1);
  assert.is(renderedLength(templates, Buffer.of(0), 0, 1), -1);
  // A four-byte length with two bytes left, and a value's byte missing.
  assert.is(renderedLength(templates, Buffer.of(0, 0, 0x81, 0x31, 0xff, 1, 0), 0, 7), -1);
  assert.is(renderedLength(templates, Buffer.of(0, 0, 0x81, 0x31), 0, 4), -1);
});

packing('a raw value of no bytes, which the packer never writes, renders as one', () => {
  const packer = new TemplatePacker();
  packer.pack('{"a":"x"');
  const templates = readTemplates(packer.templates);
  const memory = new PackedMemory(templates, 3, PIECE_FORMATS.upstream.keys);
  const at = memory.place(Buffer.of(0, 0, 0x80));
  memory.reserve(16);
  assert.is(renderedLength(templates, Buffer.of(0, 0, 0x80), 0, 3), 7);
  const end = memory.render(at, memory.scratch);
  assert.is(Buffer.from(memory.bytes.subarray(memory.scratch, end)).toString(), '{"a":""');
  const out = Buffer.alloc(7);
  assert.is(renderPiece(templates, Buffer.of(0, 0, 0x80), 0, out, 0), 7);
  assert.is(out.toString(), '{"a":""');
});

packing('the values of a few keys that take a handful of texts stay in the template', () => {
  const packer = new TemplatePacker();
  const piece = (config: string): Buffer =>
    packer.pack(`{"whirlpoolsConfig":"${config}","poolType":"splash","protocolFeeRate":1300,"liquidity":"77"`);
  const [a, b, c] = [piece('cfg-A'), piece('cfg-B'), piece('cfg-A')];
  assert.equal(packer.templates, [
    '{"whirlpoolsConfig":"cfg-A","poolType":"splash","protocolFeeRate":1300,"liquidity":"\0"',
    '{"whirlpoolsConfig":"cfg-B","poolType":"splash","protocolFeeRate":1300,"liquidity":"\0"',
  ]);
  // The template id, then the one value cut out: two digits, a byte.
  assert.equal([...a!], [0, 0, 2, 0x77]);
  assert.equal([...b!], [1, 0, 2, 0x77]);
  assert.equal(c, a);
  const templates = readTemplates(packer.templates);
  const text = (piece: Buffer): string => {
    const out = Buffer.alloc(renderedLength(templates, piece, 0, piece.length));
    renderPiece(templates, piece, 0, out, 0);
    return out.toString();
  };
  assert.is(text(b!), '{"whirlpoolsConfig":"cfg-B","poolType":"splash","protocolFeeRate":1300,"liquidity":"77"');
  // The key is spent on its value: the next value without a key of its own is cut out.
  packer.pack('{"poolType":["kept",9,"cut"]');
  assert.is(packer.templates.at(-1), '{"poolType":["kept",\0,"\0"]');
});

/** A live-format snapshot in memory of `count` pools in id order, each with its own six pieces. */
function liveStore(count: number, damage?: (db: Database.Database) => void): ReturnType<typeof readPieceStore> {
  const db = new Database(':memory:');
  db.exec(SCHEMA_SQL);
  const writer = new PieceBlockWriter(db, PIECE_FORMATS.upstream);
  const stats = PERIOD_NAMES.map(() => Buffer.of(0));
  for (let id = 1; id <= count; id++) writer.add(id, fixedTexts(id), stats);
  const layout = Int32Array.from({ length: count }, (_, i) => i + 1);
  writer.finish(layout);
  damage?.(db);
  return readPieceStore(db, count, layout, PIECE_FORMATS.upstream);
}
const fixedTexts = (id: number): string[] => [
  `{"address":"pool-${id}","liquidity":"${id * 977}","bump":[${id % 256}]`,
  `,"rewards":[${'{"emissions":"1.5"},'.repeat(id % 3)}{}],"fee":${id % 7}`,
  `,"price":"${id}.${id % 13}","name":"${'é'.repeat(id % 4)}"`,
  `,"feeTierIndex":${id % 19},"tradeEnableTimestamp":"1970-01-01T00:00:00Z"`,
  `,"addressLookupTable":${id % 2 ? `"alt-${id}"` : 'null'}`,
  `,"priceHistory7d":[${Array.from({ length: id % 4 }, (_, i) => `"${id}.${i}"`).join(',')}]`,
];

/** Pool `id`'s six pieces as the live format stores them, around their separators, spelled out. */
function storedTexts(id: number): string[] {
  const [head, tail, mid, end, lookupTable, history] = fixedTexts(id);
  return [`${head},"tokenA":`, `}${tail}`, `${mid},"stats":{`, `${end}}`, lookupTable!, `${history}}`];
}

packing("a live store's pieces, across blocks, render to the texts the server sends, each as it is stored", () => {
  const count = POOLS_PER_BLOCK + 7;
  const store = liveStore(count);
  for (const id of [1, 2, 3, POOLS_PER_BLOCK, POOLS_PER_BLOCK + 1, count]) {
    const expected = storedTexts(id);
    assert.is(pieceText(store, id, 0), expected[0]);
    assert.is(pieceText(store, id, TAIL_PIECE), expected[TAIL_PIECE]);
    assert.is(pieceText(store, id, MID_PIECE), expected[MID_PIECE]);
    for (const k of [3, 4, 5]) assert.is(pieceText(store, id, k), expected[k]);
  }
});

packing('a packed piece its templates do not render makes the snapshot fail to open', () => {
  // The first piece's first value is stored raw: `pool-1`, length byte 0x86; claim one byte more.
  const damage = (db: Database.Database): void => {
    const data = db.prepare('SELECT data FROM upstream_piece_blocks WHERE block = 0').pluck().get() as Buffer;
    assert.is(data[2], 0x86);
    data[2] = 0x87;
    db.prepare('UPDATE upstream_piece_blocks SET data = ? WHERE block = 0').run(data);
  };
  assert.throws(() => liveStore(10, damage), /piece block 0 holds a piece its templates do not render/);
});

packing("a response's pieces for the most pools a page holds render in its area, each intact; room grows", () => {
  const count = MAX_POOLS_PER_PAGE + 30;
  const store = liveStore(count);
  const { area, bounds, format, widest } = store;
  // The widest pools (the longest texts) first, as a page of them would render.
  const width = (id: number): number => Buffer.byteLength(storedTexts(id).join(''));
  const ids = Array.from({ length: count }, (_, i) => i + 1)
    .sort((l, r) => width(r) - width(l))
    .slice(0, MAX_POOLS_PER_PAGE);
  assert.is(widest, width(ids[0]!));
  // Room for the page takes more than the memory held: it grows, and the store's views follow it.
  const before = store.blocks[0]!;
  const out = area.reserve(widest * ids.length);
  assert.is.not(store.blocks[0], before);
  assert.is(pieceText(store, ids[0]!, 0), storedTexts(ids[0]!)[0]);
  let at = area.start;
  const ends = ids.flatMap((id) => {
    const { block, first } = locate(store, id);
    return format.packed.map((_, k) => [id, k, at, (at = area.render(block, bounds[block]![first + k]!, at))] as const);
  });
  assert.ok(at - area.start <= widest * ids.length);
  for (const [id, k, from, end] of ends) assert.is(Buffer.from(out.subarray(from, end)).toString(), storedTexts(id)[k]);
});

packing('pools are found by address whether their head holds it raw, packed or escaped', () => {
  const addresses = ['pool-1', '1234567', 'a\\"b', 'x'.repeat(130)];
  const db = new Database(':memory:');
  db.exec(SCHEMA_SQL);
  const writer = new PieceBlockWriter(db, PIECE_FORMATS.upstream);
  const stats = PERIOD_NAMES.map(() => Buffer.of(0));
  const rest = ['', '', '', '', ''];
  addresses.forEach((address, i) => writer.add(i + 1, [`{"address":"${address}","n":${i}`, ...rest], stats));
  const layout = Int32Array.from(addresses, (_, i) => i + 1);
  writer.finish(layout);
  const store = readPieceStore(db, addresses.length, layout, PIECE_FORMATS.upstream);
  const count = addresses.length;
  const keys = {
    count,
    tokenA: new Int32Array(count + 1),
    tokenB: new Int32Array(count + 1),
    flags: new Uint8Array(count + 1),
    config: new Int32Array(count + 1),
    configs: [],
  };
  const index = poolIndex(keys, store);
  const decoded = ['pool-1', '1234567', 'a"b', 'x'.repeat(130)];
  decoded.forEach((address, i) => {
    assert.is(index.idOf(address), i + 1, address);
    assert.is(index.addressOf(i + 1), address);
  });
  assert.is(index.idOf('pool-2'), undefined);
});

packing.run();
