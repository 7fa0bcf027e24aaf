// Tax arithmetic in whole numbers: amounts in cents, rates in tenths of a basis point (100,000 =
// 100%), each division rounded once, half a cent up (docs/decisions/057).

const WHOLE = 100_000;

/** numerator / denominator to the nearest whole number, a half upwards; both not negative. */
export function roundHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

/** The tax on a net amount: amount x rate, rounded once. */
export function taxOnNet(netCents: number, rateTenths: number): number {
  return roundHalfUp(BigInt(netCents) * BigInt(rateTenths), BigInt(WHOLE));
}

/** The tax a gross amount includes: gross x rate / (1 + rate), rounded once. */
export function taxInGross(grossCents: number, rateTenths: number): number {
  return roundHalfUp(BigInt(grossCents) * BigInt(rateTenths), BigInt(WHOLE + rateTenths));
}

/**
 * `total` shared out in proportion to `weights` (not negative, not all 0 unless total is 0), in
 * whole cents: each its rounded-down share, then the cents left over to the largest remainders,
 * the earlier first on a tie.
 */
export function shareOut(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => ({ whole: (BigInt(total) * BigInt(weight)) / BigInt(sum), weight }));
  const shares = exact.map((each) => Number(each.whole));
  const remainders = exact.map((each, index) => ({
    index,
    remainder: BigInt(total) * BigInt(each.weight) - each.whole * BigInt(sum),
  }));
  let left = total - shares.reduce((a, b) => a + b, 0);
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of remainders) {
    if (left === 0) break;
    shares[index]! += 1;
    left -= 1;
  }
  return shares;
}
