import type { Wire } from '../format/wire.js';

/** A page's cursors as the envelope carries them. */
export interface Cursors {
  next: string | null;
  previous: string | null;
}

/** The text a body puts before its data and after it. */
export interface Envelope {
  readonly open: string;
  readonly close: string;
}

/** A single object's envelope in each dialect: the spec's two null cursors, the live API's null `cursor`. */
export const OBJECT_ENVELOPES: Readonly<Record<Wire, Envelope>> = {
  spec: { open: '{"data":', close: ',"meta":{"next":null,"previous":null}}' },
  upstream: { open: '{"data":', close: ',"meta":{"cursor":null}}' },
};

/**
 * The envelope of a list (docs/api.md §1.3, or §9.1 in the live dialect) whose items are joined by
 * commas between its `open` and `close`: the spec's `meta.next`, or the live API's `meta.cursor.next`
 * (previous first).
 * @example listEnvelope({ next: null, previous: null }, 'spec').close // ],"meta":{"next":null,"previous":null}}
 */
export function listEnvelope(page: Cursors, wire: Wire): Envelope {
  const next = JSON.stringify(page.next);
  const previous = JSON.stringify(page.previous);
  const close =
    wire === 'spec'
      ? `],"meta":{"next":${next},"previous":${previous}}}`
      : `],"meta":{"cursor":{"previous":${previous},"next":${next}}}}`;
  return { open: '{"data":[', close };
}

/**
 * The list wrapper around items' JSON texts, joined without parsing them.
 * @example listBody(['{"a":1}'], { next: null, previous: null }) // {"data":[{"a":1}],"meta":{…}}
 */
export function listBody(items: readonly string[], page: Cursors, wire: Wire = 'spec'): Buffer {
  const { open, close } = listEnvelope(page, wire);
  return Buffer.from(`${open}${items.join(',')}${close}`);
}

/** The single-object wrapper around a JSON object's text: no cursors. */
export function objectBody(json: string, wire: Wire = 'spec'): Buffer {
  const { open, close } = OBJECT_ENVELOPES[wire];
  return Buffer.from(`${open}${json}${close}`);
}
