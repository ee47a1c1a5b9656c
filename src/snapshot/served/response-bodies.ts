import type { Wire } from '../pieces/wire.js';

/** A page's cursors as the envelope carries them. */
export interface Cursors {
  next: string | null;
  previous: string | null;
}

/** The bytes a body puts before its data and after it. */
export interface Envelope {
  readonly open: Uint8Array;
  readonly close: Uint8Array;
}

const LIST_OPEN = Buffer.from('{"data":[');
const OBJECT_OPEN = Buffer.from('{"data":');
const COMMA = Buffer.from(',');
/** A single object's envelope in each dialect: the spec's two null cursors, the live API's null `cursor`. */
const OBJECT_ENVELOPES: Readonly<Record<Wire, Envelope>> = {
  spec: { open: OBJECT_OPEN, close: Buffer.from(',"meta":{"next":null,"previous":null}}') },
  upstream: { open: OBJECT_OPEN, close: Buffer.from(',"meta":{"cursor":null}}') },
};

/** A page's meta: the spec's `meta.next`, or the live API's `meta.cursor.next` (previous first). */
function listMeta(page: Cursors, wire: Wire): string {
  const next = JSON.stringify(page.next);
  const previous = JSON.stringify(page.previous);
  return wire === 'spec'
    ? `],"meta":{"next":${next},"previous":${previous}}}`
    : `],"meta":{"cursor":{"previous":${previous},"next":${next}}}}`;
}

/**
 * The envelope of a list (docs/api.md §1.3, or §9.1 in the live dialect) whose items are joined by
 * commas between its `open` and `close`.
 * @example listEnvelope({ next: null, previous: null }, 'spec').close // ],"meta":{"next":null,"previous":null}}
 */
export const listEnvelope = (page: Cursors, wire: Wire): Envelope => ({
  open: LIST_OPEN,
  close: Buffer.from(listMeta(page, wire)),
});

/** The envelope of a single object, with no cursors. */
export const objectEnvelope = (wire: Wire): Envelope => OBJECT_ENVELOPES[wire];

/**
 * The bytes of `chunks`, between `open` and `close`, in one buffer, copied once. Faster than
 * Buffer.concat on the few hundred small views of a page: no Buffer is made of each.
 */
function joined(chunks: readonly Uint8Array[], open: Uint8Array, close: Uint8Array): Buffer {
  let length = open.length + close.length;
  for (const chunk of chunks) length += chunk.length;
  const body = Buffer.allocUnsafe(length);
  body.set(open, 0);
  let at = open.length;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  body.set(close, at);
  return body;
}

/**
 * The list wrapper of docs/api.md §1.3 (or §9.1 in the live dialect) around the items' bytes, joined
 * without parsing them.
 * @example listBody([[Buffer.from('{"a":1}')]], { next: null, previous: null }) // {"data":[{"a":1}],"meta":{…}}
 */
export function listBody(items: readonly (readonly Uint8Array[])[], page: Cursors, wire: Wire = 'spec'): Buffer {
  const chunks: Uint8Array[] = [];
  items.forEach((item, i) => {
    if (i > 0) chunks.push(COMMA);
    for (const chunk of item) chunks.push(chunk);
  });
  const { open, close } = listEnvelope(page, wire);
  return joined(chunks, open, close);
}

/** The single-object wrapper around a JSON object (text, bytes or byte chunks): no cursors. */
export function objectBody(json: string | Uint8Array | readonly Uint8Array[], wire: Wire = 'spec'): Buffer {
  const chunks = typeof json === 'string' ? [Buffer.from(json)] : json instanceof Uint8Array ? [json] : json;
  const { open, close } = objectEnvelope(wire);
  return joined(chunks, open, close);
}
