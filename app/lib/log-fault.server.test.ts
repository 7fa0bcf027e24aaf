import { type RequestServices, servicesContext } from "@server/http/context.ts";
import { pino } from "pino";
import { RouterContextProvider, UNSAFE_ErrorResponseImpl } from "react-router";
import { describe, expect, it } from "vitest";
import { logFault } from "./log-fault.server";

/** What logFault writes for `error`, thrown by a request to `url`: each line's level and message. */
function linesFor(error: unknown, url = "http://shop.test/product/1?access=secret") {
  const lines: { level: number; msg: string; url?: string; status?: number }[] = [];
  const logger = pino({ level: "debug" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const context = new RouterContextProvider();
  context.set(servicesContext, { logger, requestId: "req-7" } as unknown as RequestServices);
  logFault(error, { request: new Request(url, { method: "POST" }), context });
  return lines;
}

describe("the log of a loader's or action's failure", () => {
  it("writes a fault once, at error level, with the request's id and the address's secrets hidden", () => {
    expect(linesFor(new Error("database down"))).toEqual([
      expect.objectContaining({
        level: 50,
        msg: "Request failed",
        requestId: "req-7",
        url: "/product/1?access=[hidden]",
      }),
    ]);
  });

  it("writes a client's mistake React Router refused (a form sent to a page without one: 405) at info, not as an error", () => {
    expect(linesFor(new UNSAFE_ErrorResponseImpl(405, "Method Not Allowed", new Error("no action"), true))).toEqual([
      expect.objectContaining({ level: 30, msg: "Request refused", status: 405, url: "/product/1?access=[hidden]" }),
    ]);
  });

  it("writes nothing for the shop briefly away (503): the outage is warned of once a minute where it was answered", () => {
    expect(
      linesFor(new UNSAFE_ErrorResponseImpl(503, "Service Unavailable", "The shop is briefly unavailable.")),
    ).toEqual([]);
  });
});
