// The names the shop gives its stored files: slash-separated, like `avatars/u1-3f9a.webp` or
// `products/12/3f9a-planner.pdf`. Every store checks them the same way, so no key can climb out
// of the store (`..`) or mean something else to one store than to another.

const KEY = /^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9._-]*)+$/i;

/** `key` itself when it is a file store key; throws otherwise. */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes("..")) throw new Error(`Not a file store key: ${key}`);
  return key;
}
