// The one reader of JSON text a user hands the mock: admin bodies, the market file, the chaos `--config` file
// (docs/admin-and-chaos.md §10). JSON.parse takes a key given twice (the last wins), and recurses as deep as the
// text nests before anything can bound it; this reader refuses both, and names where.

/** How deep arrays and objects may nest: far beyond any settings or market file, far below the stack's limit. */
export const MAX_JSON_DEPTH = 64;

/** JSON text that is not strict JSON: the message says what is wrong and where (line and column, from 1). */
export class StrictJsonError extends Error {
  override name = 'StrictJsonError';
  constructor(
    message: string,
    /** Offset in the text, in UTF-16 code units, of where the problem starts. */
    readonly offset: number,
  ) {
    super(message);
  }
}

const ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERALS: readonly [string, unknown][] = [
  ['true', true],
  ['false', false],
  ['null', null],
];

/**
 * Parses JSON text as JSON.parse does, but refuses a key given twice in one object, nesting deeper than
 * `maxDepth` arrays and objects, and a number a double cannot hold (`1e400`). A `__proto__` key is an own
 * property, as JSON.parse makes it, never the object's prototype. Throws a StrictJsonError naming the problem
 * and its position.
 * @example parseStrictJson('{"steps": 2}') // { steps: 2 }
 * @example parseStrictJson('{"steps": 1, "steps": 2}') // throws: key "steps" appears twice (line 1, column 14)
 */
export function parseStrictJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  const reader = new Reader(text, maxDepth);
  reader.skipSpace();
  const value = reader.value(0);
  reader.skipSpace();
  if (reader.at < text.length) reader.fail('unexpected text after the JSON value');
  return value;
}

/** A cursor over the text; each method reads one part of the grammar and leaves `at` past it. */
class Reader {
  at = 0;
  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  fail(problem: string, offset = this.at): never {
    const before = this.text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    const where = offset >= this.text.length ? 'at the end' : `(line ${line}, column ${column})`;
    throw new StrictJsonError(`${problem} ${where}`, offset);
  }

  skipSpace(): void {
    while (this.at < this.text.length && ' \t\n\r'.includes(this.text[this.at]!)) this.at++;
  }

  value(depth: number): unknown {
    const char = this.text[this.at];
    if (char === '{' || char === '[') {
      if (depth >= this.maxDepth) this.fail(`arrays and objects nest deeper than ${this.maxDepth} levels`);
      return char === '{' ? this.object(depth + 1) : this.array(depth + 1);
    }
    if (char === '"') return this.string();
    if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return this.number();
    for (const [word, literal] of LITERALS)
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return literal;
      }
    return this.fail(char === undefined ? 'a value is missing' : `unexpected ${JSON.stringify(char)}`);
  }

  object(depth: number): Record<string, unknown> {
    const object: Record<string, unknown> = {};
    this.at++;
    this.skipSpace();
    if (this.closes('}')) return object;
    for (;;) {
      if (this.text[this.at] !== '"') this.fail('expected a key in double quotes');
      const start = this.at;
      const key = this.string();
      if (Object.hasOwn(object, key)) this.fail(`key ${JSON.stringify(key)} appears twice`, start);
      this.expect(':');
      this.skipSpace();
      // Defined, not assigned: assigning `__proto__` would set the object's prototype.
      const value = this.value(depth);
      Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
      if (this.next('}', 'a comma or "}"')) return object;
    }
  }

  array(depth: number): unknown[] {
    const array: unknown[] = [];
    this.at++;
    this.skipSpace();
    if (this.closes(']')) return array;
    for (;;) {
      array.push(this.value(depth));
      if (this.next(']', 'a comma or "]"')) return array;
    }
  }

  /** At an empty object's or array's end: true past it. */
  closes(end: string): boolean {
    if (this.text[this.at] !== end) return false;
    this.at++;
    return true;
  }

  /** After a member: true past the closing `end`, false past a comma and the space after it. */
  next(end: string, wanted: string): boolean {
    this.skipSpace();
    const char = this.text[this.at];
    if (char !== ',' && char !== end) this.fail(`expected ${wanted}`);
    this.at++;
    this.skipSpace();
    return char === end;
  }

  expect(char: string): void {
    this.skipSpace();
    if (this.text[this.at] !== char) this.fail(`expected ${JSON.stringify(char)}`);
    this.at++;
  }

  string(): string {
    const start = this.at++;
    let out = '';
    for (let run = this.at; ;) {
      const code = this.text.charCodeAt(this.at);
      if (Number.isNaN(code)) this.fail('a string is not closed', start);
      if (code === 0x22 || code === 0x5c) out += this.text.slice(run, this.at);
      if (this.closes('"')) return out;
      if (code < 0x20) this.fail('a control character must be escaped in a string');
      if (code === 0x5c) {
        out += this.escape();
        run = this.at;
      } else this.at++;
    }
  }

  escape(): string {
    const char = this.text[this.at + 1] ?? '';
    if (char === 'u') {
      const hex = this.text.slice(this.at + 2, this.at + 6);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('\\u must be followed by four hex digits');
      this.at += 6;
      return String.fromCharCode(parseInt(hex, 16));
    }
    if (!Object.hasOwn(ESCAPES, char)) this.fail(`\\${char} is no escape`);
    this.at += 2;
    return ESCAPES[char]!;
  }

  number(): number {
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(this.text);
    if (match === null) this.fail('a number is malformed');
    const value = Number(match[0]);
    if (!Number.isFinite(value)) this.fail(`the number ${match[0].slice(0, 40)} is too large`);
    this.at += match[0].length;
    return value;
  }
}
