import type { PoolRecord, StoredRecords } from '../../snapshot/served/served-snapshot.js';

/** Records kept: some 7 KB each, what a few pages of fifty pools in each of a few orders show. */
const KEPT = 2048;

/**
 * The snapshot's pool records as a moving market reads them: the last KEPT read are kept, since an
 * answer that shows a moved pool makes its record from the stored one (market-pools.ts), and the pages
 * clients ask for again and again show the same pools. Records never change: a kept one is the same.
 */
export class StoredPools {
  private readonly kept = new Map<number, PoolRecord>();

  constructor(private readonly records: StoredRecords) {}

  /** Pool `id`'s stored record. */
  get(id: number): PoolRecord {
    let record = this.kept.get(id);
    if (record) this.kept.delete(id);
    else record = this.records.pool(id);
    this.kept.set(id, record);
    if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
    return record;
  }
}
