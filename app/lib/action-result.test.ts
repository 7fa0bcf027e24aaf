import { describe, expect, it } from "vitest";
import { doneIn, refusedIn } from "./action-result";

type Answer = { ok: true; message: string } | { ok: false; message: string } | { result: { status: "error" } };

describe("a form action's answer", () => {
  const done: Answer = { ok: true, message: "Saved." };
  const refused: Answer = { ok: false, message: "This product is not on sale." };
  const fieldProblems: Answer = { result: { status: "error" } };

  it("is done only when the action says ok", () => {
    expect([done, refused, fieldProblems, undefined].map(doneIn)).toEqual([done, undefined, undefined, undefined]);
  });

  it("is refused only when the action says not ok; field problems are neither", () => {
    expect([done, refused, fieldProblems, undefined].map(refusedIn)).toEqual([
      undefined,
      refused,
      undefined,
      undefined,
    ]);
  });
});
