/** Coefficients of AS 241, highest power first (Horner's rule). */
const CENTRAL_NUM = [
  2509.0809287301227, 33430.57558358813, 67265.7709270087, 45921.95393154987, 13731.69376550946, 1971.5909503065513, 133.14166789178438,
  3.3871328727963665,
];
const CENTRAL_DEN = [
  5226.495278852546, 28729.085735721943, 39307.89580009271, 21213.794301586597, 5394.196021424751, 687.1870074920579, 42.31333070160091, 1,
];
const INTERMEDIATE_NUM = [
  0.0007745450142783414, 0.022723844989269184, 0.2417807251774506, 1.2704582524523684, 3.6478483247632045, 5.769497221460691,
  4.630337846156546, 1.4234371107496835,
];
const INTERMEDIATE_DEN = [
  1.0507500716444169e-9, 0.0005475938084995345, 0.015198666563616457, 0.14810397642748008, 0.6897673349851, 1.6763848301838038,
  2.053191626637759, 1,
];
const TAIL_NUM = [
  2.0103343992922881e-7, 2.7115555687434876e-5, 0.0012426609473880784, 0.026532189526576124, 0.29656057182850487, 1.7848265399172913,
  5.463784911164114, 6.657904643501103,
];
const TAIL_DEN = [
  2.0442631033899397e-15, 1.421511758316446e-7, 1.8463183175100548e-5, 0.0007868691311456133, 0.014875361290850615, 0.1369298809227358,
  0.599832206555888, 1,
];

function horner(coefficients: readonly number[], x: number): number {
  return coefficients.reduce((sum, c) => sum * x + c, 0);
}

/**
 * The standard normal quantile, Wichura's algorithm AS 241 (PPND16, Applied Statistics 37:477–484, 1988):
 * relative accuracy about 1e-16 over (0, 1).
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity;
    if (p === 1) return Infinity;
    throw new RangeError(`normalQuantile: p must be in [0, 1], not ${p}`);
  }
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (q * horner(CENTRAL_NUM, r)) / horner(CENTRAL_DEN, r);
  }
  const r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  const value =
    r <= 5 ? horner(INTERMEDIATE_NUM, r - 1.6) / horner(INTERMEDIATE_DEN, r - 1.6) : horner(TAIL_NUM, r - 5) / horner(TAIL_DEN, r - 5);
  return q < 0 ? -value : value;
}

/** The two-sided critical value: z such that P(|Z| <= z) = confidence (1.959963984540054 for 0.95). */
export function criticalValue(confidence: number): number {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), not ${confidence}`);
  return normalQuantile(1 - (1 - confidence) / 2);
}
