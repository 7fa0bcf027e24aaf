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
