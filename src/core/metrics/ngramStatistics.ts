// N-gram statistics of one pair over integer-coded symbols (characters or tokens numbered per pair, ids in
// 0..base-1): for each order n, [hypothesis n-grams, reference n-grams, clipped matches], where clipped
// matches is the size of the multiset intersection (Python's Counter `&`).
//
// Order by order, each position gets a class id (equal ids <=> equal n-grams starting there, across both
// sides); the class of an (n+1)-gram is looked up from (class of its n-gram prefix, next symbol). A position
// whose n-gram does not occur on the other side cannot start a longer shared n-gram, and neither can any other
// position with the same n-gram, so it is dropped: higher-order counts stay exact and dissimilar pairs are cheap.

/** Above this many (class, symbol) combinations the lookup uses a Map instead of a direct-address table. */
const DIRECT_LIMIT = 1 << 18;

// Scratch buffers, grown on demand and reused (the function is synchronous): allocating typed arrays per pair
// would cost more than the counting.
let hypClassBuf = new Int32Array(0);
let hypLiveBuf = new Int32Array(0);
let refClassBuf = new Int32Array(0);
let refLiveBuf = new Int32Array(0);
let hypCountBuf = new Int32Array(0);
let refCountBuf = new Int32Array(0);
let directStamp = new Int32Array(0);
let directClass = new Int32Array(0);
let stamp = 0;

function capacityFor(needed: number): number {
  let capacity = 64;
  while (capacity < needed) capacity *= 2;
  return capacity;
}

/** Appends [nHyp, nRef, nMatch] for orders 1..maxOrder to `out`. */
export function ngramStatistics(hypIds: Int32Array, refIds: Int32Array, base: number, maxOrder: number, out: number[]): void {
  const hypLength = hypIds.length;
  const refLength = refIds.length;
  if (hypClassBuf.length < hypLength) {
    hypClassBuf = new Int32Array(capacityFor(hypLength));
    hypLiveBuf = new Int32Array(hypClassBuf.length);
  }
  if (refClassBuf.length < refLength) {
    refClassBuf = new Int32Array(capacityFor(refLength));
    refLiveBuf = new Int32Array(refClassBuf.length);
  }
  if (hypCountBuf.length < hypLength + refLength + base) {
    hypCountBuf = new Int32Array(capacityFor(hypLength + refLength + base));
    refCountBuf = new Int32Array(hypCountBuf.length);
  }
  const hypClass = hypClassBuf;
  const hypLive = hypLiveBuf;
  const refClass = refClassBuf;
  const refLive = refLiveBuf;
  const hypCount = hypCountBuf;
  const refCount = refCountBuf;
  // Live positions, ascending, and their current class.
  for (let i = 0; i < hypLength; i++) {
    hypLive[i] = i;
    hypClass[i] = hypIds[i] ?? 0;
  }
  for (let i = 0; i < refLength; i++) {
    refLive[i] = i;
    refClass[i] = refIds[i] ?? 0;
  }
  let hypLiveCount = hypLength;
  let refLiveCount = refLength;
  let classes = base;

  for (let n = 1; n <= maxOrder; n++) {
    const nHyp = Math.max(0, hypLength - n + 1);
    const nRef = Math.max(0, refLength - n + 1);
    // Positions past the last n-gram start drop off the end.
    while (hypLiveCount > 0 && (hypLive[hypLiveCount - 1] ?? 0) >= nHyp) hypLiveCount--;
    while (refLiveCount > 0 && (refLive[refLiveCount - 1] ?? 0) >= nRef) refLiveCount--;
    if (hypLiveCount === 0 || refLiveCount === 0) {
      out.push(nHyp, nRef, 0);
      hypLiveCount = 0;
      refLiveCount = 0;
      continue;
    }
    if (n > 1) {
      const classOf = startExtension(classes * base);
      const next = extendSide(hypIds, hypLive, hypClass, hypLiveCount, base, n, 0, classOf);
      classes = extendSide(refIds, refLive, refClass, refLiveCount, base, n, next, classOf);
    }
    hypCount.fill(0, 0, classes);
    refCount.fill(0, 0, classes);
    for (let j = 0; j < hypLiveCount; j++) {
      const c = hypClass[hypLive[j] ?? 0] ?? 0;
      hypCount[c] = (hypCount[c] ?? 0) + 1;
    }
    for (let j = 0; j < refLiveCount; j++) {
      const c = refClass[refLive[j] ?? 0] ?? 0;
      refCount[c] = (refCount[c] ?? 0) + 1;
    }
    let matches = 0;
    for (let c = 0; c < classes; c++) {
      const h = hypCount[c] ?? 0;
      const r = refCount[c] ?? 0;
      matches += h < r ? h : r;
    }
    let kept = 0;
    for (let j = 0; j < hypLiveCount; j++) {
      const i = hypLive[j] ?? 0;
      if ((refCount[hypClass[i] ?? 0] ?? 0) > 0) hypLive[kept++] = i;
    }
    hypLiveCount = kept;
    kept = 0;
    for (let j = 0; j < refLiveCount; j++) {
      const i = refLive[j] ?? 0;
      if ((hypCount[refClass[i] ?? 0] ?? 0) > 0) refLive[kept++] = i;
    }
    refLiveCount = kept;
    out.push(nHyp, nRef, matches);
  }
}

/**
 * Gives each live position of one side the class of its n-gram, from the class of its (n-1)-gram prefix and
 * its n-th symbol; `classOf` is the Map used when the combinations exceed the direct-address table. Returns
 * the updated number of classes.
 */
function extendSide(
  ids: Int32Array,
  live: Int32Array,
  cls: Int32Array,
  liveCount: number,
  base: number,
  n: number,
  next: number,
  classOf: Map<number, number> | undefined,
): number {
  if (classOf === undefined) {
    const stamps = directStamp;
    const classes = directClass;
    const current = stamp;
    for (let j = 0; j < liveCount; j++) {
      const i = live[j] ?? 0;
      const key = (cls[i] ?? 0) * base + (ids[i + n - 1] ?? 0);
      if (stamps[key] !== current) {
        stamps[key] = current;
        classes[key] = next++;
      }
      cls[i] = classes[key] ?? 0;
    }
    return next;
  }
  for (let j = 0; j < liveCount; j++) {
    const i = live[j] ?? 0;
    // Below (hypLength + refLength)^2: an exact integer.
    const key = (cls[i] ?? 0) * base + (ids[i + n - 1] ?? 0);
    let c = classOf.get(key);
    if (c === undefined) {
      c = next++;
      classOf.set(key, c);
    }
    cls[i] = c;
  }
  return next;
}

/** Prepares the lookup of (class, symbol) combinations: the direct table (undefined) or a fresh Map. */
function startExtension(combinations: number): Map<number, number> | undefined {
  if (combinations > DIRECT_LIMIT) return new Map<number, number>();
  if (directStamp.length < combinations) {
    directStamp = new Int32Array(capacityFor(combinations));
    directClass = new Int32Array(directStamp.length);
    stamp = 0;
  }
  if (++stamp === 0x7fffffff) {
    directStamp.fill(0);
    stamp = 1;
  }
  return undefined;
}
