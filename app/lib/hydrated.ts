import { useEffect, useState } from "react";

/** True once React runs in the browser: until then a button drawn by the server does nothing. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
