/** A value of an upstream body that cannot be normalised: the recorder stops and names it. */
export class RecordError extends Error {}
