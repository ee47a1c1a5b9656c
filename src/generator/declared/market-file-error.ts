// Apart from the schema, so that the package's entry can export it without loading TypeBox.

/** A market file that cannot be built: the message names the entry and the field, and what would be accepted. */
export class MarketFileError extends Error {
  override name = 'MarketFileError';
}
