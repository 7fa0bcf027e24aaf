import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "./logger.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
// A process that logs one line through createLogger, as server/main.ts does.
const program = `
import { createLogger } from ${JSON.stringify(path.join(here, "logger.ts"))};
createLogger("info").info({ orderId: 7 }, "Order paid");
`;

function runLogging(command: string, args: string[]): string {
  return execFileSync(command, args, { encoding: "utf8", env: { ...process.env, NO_COLOR: "1" }, timeout: 20_000 });
}

describe("the server's log", () => {
  it("is pretty on a terminal and JSON elsewhere", () => {
    expect(loggerOptions("info", true).transport).toMatchObject({ target: "pino-pretty" });
    expect(loggerOptions("debug", false)).toMatchObject({ level: "debug" });
    expect(loggerOptions("debug", false).transport).toBeUndefined();
  });

  it("masks secrets of addresses in the errors it writes", () => {
    const err = loggerOptions("info", false).serializers!.err!(
      new Error("Failed to open /downloads/abc.secret-token?access=s3cr3t"),
    ) as { message: string };
    expect(err.message).not.toContain("s3cr3t");
    expect(err.message).not.toContain("secret-token");
  });

  it("writes JSON lines when stdout is a pipe", () => {
    const output = runLogging(process.execPath, ["--input-type=module", "-e", program]);
    expect(JSON.parse(output.trim())).toMatchObject({ level: 30, msg: "Order paid", orderId: 7 });
  });

  // `script` (util-linux) runs the program on a pseudo-terminal, as a person's shell would.
  it.skipIf(!fs.existsSync("/usr/bin/script"))("writes readable lines when stdout is a terminal", () => {
    const output = runLogging("/usr/bin/script", [
      "-qec",
      `${process.execPath} --input-type=module -e '${program.replaceAll("'", "'\\''")}'`,
      "/dev/null",
    ]);
    expect(output).toMatch(/\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Order paid/);
    expect(output).toContain("orderId: 7");
    expect(output).not.toContain('"msg"');
  });
});
