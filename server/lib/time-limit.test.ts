import { describe, expect, it } from "vitest";
import { settledWithin } from "./time-limit.ts";

const after = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("waiting at most a while", () => {
  it("gives the work's value when it settles in time, and the stand-in when it does not", async () => {
    expect(await settledWithin(after(5, "done"), 200, "late")).toBe("done");
    expect(await settledWithin(after(200, "done"), 5, "late")).toBe("late");
  });

  it("passes on a failure within the time", async () => {
    await expect(settledWithin(Promise.reject(new Error("broken")), 200, "late")).rejects.toThrow("broken");
  });
});
