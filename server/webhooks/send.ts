import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { type AddressPolicy, AddressRefused, publicAddressesOf, systemResolve } from "./address-guard.ts";

// One HTTP POST of a webhook: to the address the name resolved to, checked (address-guard.ts),
// with the Host header and TLS server name of the URL; no redirect followed; 10 seconds in all;
// only the first characters of the answer kept.

const SEND_TIMEOUT_MS = 10_000;
const EXCERPT_CHARS = 200;

export interface SendOutcome {
  /** The receiver's HTTP status, or null when none came. */
  statusCode: number | null;
  /** Why it is not delivered (null for a 2xx): the refusal, the network error, or the answer's status and excerpt. */
  error: string | null;
  durationMs: number;
}

export type WebhookSender = (url: string, headers: Record<string, string>, body: string) => Promise<SendOutcome>;

/** A lookup for node:http that connects only to the public addresses of the name (all of its answers checked). */
function guardedLookup(policy: AddressPolicy): LookupFunction {
  const resolve = policy.resolve ?? systemResolve;
  return (hostname, options, callback) => {
    const found = policy.allowPrivateAddresses ? resolve(hostname) : publicAddressesOf(hostname, resolve);
    found.then(
      (addresses) => {
        const usable = options.family ? addresses.filter((answer) => answer.family === options.family) : addresses;
        const first = usable[0];
        if (!first) callback(new AddressRefused(`${hostname} has no address of the family asked for.`), "", 0);
        else if (options.all) callback(null, usable as never);
        else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error as NodeJS.ErrnoException, "", 0),
    );
  };
}

/**
 * A sender of webhooks. `allowPrivateAddresses` (tests only, to reach a receiver on 127.0.0.1)
 * lets it send anywhere, over http too.
 */
export function webhookSender(policy: AddressPolicy = {}): WebhookSender {
  const lookup = guardedLookup(policy);
  return async (target, headers, body) => {
    const started = performance.now();
    const done = (statusCode: number | null, error: string | null): SendOutcome => ({
      statusCode,
      error,
      durationMs: Math.round(performance.now() - started),
    });
    let url: URL;
    try {
      url = new URL(target);
    } catch {
      return done(null, "The URL is not valid.");
    }
    const secure = url.protocol === "https:";
    if (!secure && !(policy.allowPrivateAddresses && url.protocol === "http:")) {
      return done(null, "Webhooks are only sent over HTTPS.");
    }
    // An IP address in the URL is connected to without a lookup: it is checked here.
    if (!policy.allowPrivateAddresses) {
      try {
        if (/^[\d.]+$|^\[/.test(url.hostname)) await publicAddressesOf(url.hostname, systemResolve);
      } catch (error) {
        return done(null, `Address refused: ${(error as Error).message}`);
      }
    }
    return new Promise<SendOutcome>((resolve) => {
      const request = (secure ? https : http).request(
        url,
        {
          method: "POST",
          headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
          lookup,
          agent: false, // a connection of its own: never one a pool kept for another address
        },
        (response) => {
          let excerpt = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => {
            if (excerpt.length < EXCERPT_CHARS) excerpt += chunk;
            if (excerpt.length >= EXCERPT_CHARS) response.destroy(); // the rest is not read
          });
          const finish = () => {
            clearTimeout(timer);
            const status = response.statusCode ?? 0;
            if (status >= 200 && status < 300) return resolve(done(status, null));
            const text = excerpt.slice(0, EXCERPT_CHARS).replace(/\s+/g, " ").trim();
            const redirect = status >= 300 && status < 400 ? " (redirects are not followed)" : "";
            resolve(done(status, `The endpoint answered ${status}${redirect}${text ? `: ${text}` : ""}`));
          };
          response.on("end", finish);
          response.on("close", finish);
          response.on("error", () => {});
        },
      );
      const timer = setTimeout(() => request.destroy(new Error("No answer within 10 seconds.")), SEND_TIMEOUT_MS);
      request.on("error", (error) => {
        clearTimeout(timer);
        const message = error instanceof AddressRefused ? `Address refused: ${error.message}` : error.message;
        resolve(done(null, message || "The connection failed."));
      });
      request.end(body);
    });
  };
}
