import { describe, expect, it } from "vitest";
import { MAX_RECORD_ID, parseRecordId, recordIdField } from "./record-id.ts";

const field = recordIdField("Choose a product.");

describe("record ids", () => {
  it("are whole numbers from 1 to the largest a PostgreSQL integer holds, written in decimal digits", () => {
    expect(field.parse("1")).toBe(1);
    expect(field.parse("2147483647")).toBe(MAX_RECORD_ID);
    expect(field.parse(42)).toBe(42);
    expect(parseRecordId("42")).toBe(42);
  });

  it.each(["abc", "0x10", "1e1", "1e400", "-1", "0", "1.5", "", " 7", "2147483648", "99999999999", "Infinity", "NaN"])(
    "refuse %j before it reaches the database",
    (value) => {
      expect(field.safeParse(value).error?.issues[0]?.message).toBe("Choose a product.");
      expect(parseRecordId(value)).toBeUndefined();
    },
  );

  it("refuse what is not text or a number", () => {
    for (const value of [undefined, null, {}, [], true, 1.5, 0]) expect(field.safeParse(value).success).toBe(false);
  });
});
