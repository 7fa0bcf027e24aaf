import { createContext } from "react-router";
import type { Database } from "../db/client.ts";

// What every loader and action gets from the Express server, per request.
export interface RequestServices {
  db: Database;
  shopName: string;
  publicUrl: string;
  /** The Content-Security-Policy nonce of this response's inline scripts. */
  nonce: string;
}

export const servicesContext = createContext<RequestServices>();
