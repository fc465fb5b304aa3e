// Longest common subsequence over integer-coded token sequences (rouge-score's _lcs_table and
// _backtrack_norec). Tokens are compared by id: equal ids mean equal tokens.

let scratch = new Int32Array(1024);

/** Length of the LCS, in O(|a|·|b|) time and O(|b|) memory. */
export function lcsLength(a: Int32Array, b: Int32Array): number {
  const cols = b.length;
  if (a.length === 0 || cols === 0) return 0;
  // One row of the table plus the diagonal value carried in `diag`.
  const row = new Int32Array(cols + 1);
  for (let i = 0; i < a.length; i++) {
    const ai = a[i];
    let diag = 0;
    for (let j = 1; j <= cols; j++) {
      const up = row[j] ?? 0;
      if (ai === b[j - 1]) {
        row[j] = diag + 1;
      } else {
        const left = row[j - 1] ?? 0;
        row[j] = up > left ? up : left;
      }
      diag = up;
    }
  }
  return row[cols] ?? 0;
}

/**
 * Indices into `ref` of one LCS of `ref` and `can`: exactly the one rouge-score's lcs_ind picks (which one
 * matters to ROUGE-Lsum's union). Calls `visit` with each index, in decreasing order.
 */
export function forEachLcsIndex(ref: Int32Array, can: Int32Array, visit: (refIndex: number) => void): void {
  const rows = ref.length;
  const cols = can.length;
  if (rows === 0 || cols === 0) return;
  const width = cols + 1;
  const size = (rows + 1) * width;
  if (scratch.length < size) scratch = new Int32Array(Math.max(size, scratch.length * 2));
  const t = scratch;
  t.fill(0, 0, width);
  for (let i = 1; i <= rows; i++) {
    const base = i * width;
    const prev = base - width;
    t[base] = 0;
    const ri = ref[i - 1];
    for (let j = 1; j <= cols; j++) {
      if (ri === can[j - 1]) {
        t[base + j] = (t[prev + j - 1] ?? 0) + 1;
      } else {
        const up = t[prev + j] ?? 0;
        const left = t[base + j - 1] ?? 0;
        t[base + j] = up > left ? up : left;
      }
    }
  }
  let i = rows;
  let j = cols;
  while (i > 0 && j > 0) {
    if (ref[i - 1] === can[j - 1]) {
      visit(i - 1);
      i--;
      j--;
    } else if ((t[i * width + j - 1] ?? 0) > (t[(i - 1) * width + j] ?? 0)) {
      j--;
    } else {
      i--;
    }
  }
}
