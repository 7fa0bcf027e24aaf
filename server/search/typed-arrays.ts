// Growing and freeing the search index's typed arrays (server/search/search-index.ts and its parts):
// they are large, so a grown array gives its old memory back at once rather than at some later
// garbage collection.

/** A per-slot column of the index (server/search/product-slots.ts), or a list grown like one. */
export type Column = Int32Array | Uint8Array | Uint32Array | Float64Array;

/**
 * Gives an array's memory back now rather than at some later garbage collection (the index's
 * arrays are large, and a server's memory is measured: ArrayBuffer.transfer(0) frees it at once).
 * The array must not be used afterwards.
 */
export function release(array: { buffer: ArrayBufferLike }) {
  const buffer = array.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  if (!buffer.detached) buffer.transfer?.(0);
}

export function copyInto<T extends Column>(target: T, source: T, releaseSource = false): T {
  target.set(source.subarray(0, Math.min(source.length, target.length)));
  if (releaseSource) release(source);
  return target;
}

/** A growable column of numbers, one per slot: the same array when it has room for `length`. */
export function grownColumn<T extends Column>(array: T, length: number, fill = 0): T {
  if (length <= array.length) return array;
  const next = new (array.constructor as new (length: number) => T)(Math.max(length, Math.ceil(array.length * 1.5)));
  next.set(array);
  if (fill !== 0) next.fill(fill, array.length);
  release(array);
  return next;
}

/** The array's first `length` values in an array of their own, the array's memory given back. */
export function cutColumn<T extends Column>(array: T, length: number): T {
  const kept = array.slice(0, length) as T;
  release(array);
  return kept;
}
