/** What `inspect` shows of a snapshot. */
export interface SnapshotFacts {
  path: string;
  schemaVersion: number;
  seed: string;
  generatorVersion: string;
  asOf: string;
  tokens: number;
  pools: number;
  positions: number;
  /** `generated`, or `recorded from <base URL>`. */
  source: string;
  /** The key cursors are signed with; a recording of this snapshot's server keeps it, so its cursors replay. */
  cursorKey: string;
  /** What a market file declared, with the mint or address each entry is served at; empty without one. */
  declared: { entry: string; what: string; address: string }[];
}
