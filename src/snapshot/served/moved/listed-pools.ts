import { addressOrder } from '../../format/order-by-value.js';

/** The pools a moving market lists, with their addresses' order: shared by its versions until a pool comes or goes. */
export interface ListedPools {
  ids: number[];
  addresses: string[];
  /** Indices of `ids` in address order (as order-by-value.ts addressOrder gives them). */
  byAddress: Int32Array;
  /** Each pool's place in address order, by id. */
  rank: Int32Array;
  maxId: number;
}

/** Addresses sorted at a time: some 10 ms of sorting a request may wait for. */
const RUN = 8192;

/**
 * The snapshot's pools (ids 1..count) listed, their addresses sorted a run at a time and the runs merged,
 * with `pace` between: sorting 100,000 addresses at once took a request's 100 ms.
 */
export async function storedListed(
  count: number,
  addressOf: (id: number) => string,
  pace: () => Promise<void> | void,
): Promise<ListedPools> {
  const ids = Array.from({ length: count }, (_, i) => i + 1);
  const addresses: string[] = [];
  const before = inAddressOrder(addresses);
  let runs: Int32Array[] = [];
  for (let start = 0; start < count; start += RUN) {
    for (const id of ids.slice(start, start + RUN)) addresses.push(addressOf(id));
    runs.push(addressOrder(addresses.slice(start, start + RUN)).map((i) => i + start));
    await pace();
  }
  while (runs.length > 1) {
    const merged: Int32Array[] = [];
    for (let i = 0; i < runs.length; i += 2) {
      merged.push(i + 1 < runs.length ? mergeRuns(runs[i]!, runs[i + 1]!, before) : runs[i]!);
      await pace();
    }
    runs = merged;
  }
  return listing(ids, addresses, runs[0] ?? new Int32Array(), count);
}

/**
 * The pools listed once some of `base`'s were removed and others added (`ids`: base's still listed, in
 * its order, then the added): base's address order kept, the added merged into it.
 */
export function listedAfter(
  base: ListedPools,
  ids: number[],
  addressOf: (id: number) => string,
  maxId: number,
): ListedPools {
  const addresses = ids.map(addressOf);
  const index = new Int32Array(maxId + 1).fill(-1);
  ids.forEach((id, i) => (index[id] = i));
  const kept = Int32Array.from([...base.byAddress].map((i) => index[base.ids[i]!]!).filter((i) => i >= 0));
  const added = ids.map((id, i) => (id > base.maxId ? i : -1)).filter((i) => i >= 0);
  const before = inAddressOrder(addresses);
  const sortedAdded = Int32Array.from(added.sort((l, r) => (before(l, r) ? -1 : 1)));
  return listing(ids, addresses, mergeRuns(kept, sortedAdded, before), maxId);
}

/** Whether index `l` comes before `r` in address order (addressOrder's: code units, ties by index). */
function inAddressOrder(addresses: readonly string[]): (l: number, r: number) => boolean {
  return (l, r) => addresses[l]! < addresses[r]! || (addresses[l] === addresses[r] && l < r);
}

/** Two runs of indices, each in order, as one. */
function mergeRuns(left: Int32Array, right: Int32Array, before: (l: number, r: number) => boolean): Int32Array {
  const merged = new Int32Array(left.length + right.length);
  let [l, r, out] = [0, 0, 0];
  while (l < left.length && r < right.length) merged[out++] = before(left[l]!, right[r]!) ? left[l++]! : right[r++]!;
  while (l < left.length) merged[out++] = left[l++]!;
  while (r < right.length) merged[out++] = right[r++]!;
  return merged;
}

function listing(ids: number[], addresses: string[], byAddress: Int32Array, maxId: number): ListedPools {
  const rank = new Int32Array(maxId + 1);
  byAddress.forEach((index, place) => (rank[ids[index]!] = place));
  return { ids, addresses, byAddress, rank, maxId };
}
