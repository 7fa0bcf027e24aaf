import { describe, expect, it } from "vitest";
import { daysBetween, FeedRefused, parseEcbRates } from "./ecb-feed.ts";
import { ecbDailyXml, latestWeekday, SAMPLE_EURO_RATES, sampleEcbFile } from "./ecb-stand-in.ts";

// Reading the ECB's daily file, and refusing what is not one or is out of date.

const NOW = new Date("2026-11-27T16:30:00Z"); // a Friday, after the day's rates
const SOLD = ["USD", "EUR", "GBP", "CAD", "AUD", "JPY"];
const read = (xml: string, now = NOW) => parseEcbRates(xml, { required: SOLD, now });

function refusal(xml: string, now = NOW): { kind: string; message: string } {
  try {
    read(xml, now);
  } catch (error) {
    if (error instanceof FeedRefused) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error("the file was not refused");
}

describe("the stand-in's file", () => {
  it("is the ECB's shape, down to the namespaces, the quotes and the tabs", () => {
    const xml = ecbDailyXml({ day: "2026-11-27", rates: { USD: "1.0705", JPY: "171.94" } });
    expect(xml).toBe(
      `<?xml version="1.0" encoding="UTF-8"?>
<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">
\t<gesmes:subject>Reference rates</gesmes:subject>
\t<gesmes:Sender>
\t\t<gesmes:name>European Central Bank</gesmes:name>
\t</gesmes:Sender>
\t<Cube>
\t\t<Cube time='2026-11-27'>
\t\t\t<Cube currency='USD' rate='1.0705'/>
\t\t\t<Cube currency='JPY' rate='171.94'/>
\t\t</Cube>
\t</Cube>
</gesmes:Envelope>
`,
    );
  });

  it("is dated the latest weekday: a Saturday or Sunday gives Friday's", () => {
    expect(latestWeekday(new Date("2026-11-27T23:59:00Z"))).toBe("2026-11-27");
    expect(latestWeekday(new Date("2026-11-28T08:00:00Z"))).toBe("2026-11-27");
    expect(latestWeekday(new Date("2026-11-29T08:00:00Z"))).toBe("2026-11-27");
    expect(latestWeekday(new Date("2026-11-30T00:00:00Z"))).toBe("2026-11-30");
  });

  it("is read whole: every rate of the sample day, exact, the day it is dated", () => {
    const { day, rates } = read(sampleEcbFile(NOW));
    expect(day).toBe("2026-11-27");
    expect(rates.size).toBe(30);
    expect(Object.fromEntries(rates)).toMatchObject({ USD: "1.0705", GBP: "0.84638", JPY: "171.94", HUF: "395.1" });
    expect(rates.has("EUR")).toBe(false);
    expect(Object.keys(SAMPLE_EURO_RATES)).toHaveLength(30);
  });
});

describe("a file in the ECB's shape", () => {
  it("is read the same with double quotes, no indentation and no XML declaration", () => {
    const xml = `<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><Cube><Cube time="2026-11-26"><Cube currency="USD" rate="1.05"/><Cube currency="GBP" rate="0.83"/><Cube currency="CAD" rate="1.47"/><Cube currency="AUD" rate="1.6"/><Cube currency="JPY" rate="160"/></Cube></Cube></gesmes:Envelope>`;
    expect(read(xml)).toEqual({
      day: "2026-11-26",
      rates: new Map([
        ["USD", "1.05"],
        ["GBP", "0.83"],
        ["CAD", "1.47"],
        ["AUD", "1.6"],
        ["JPY", "160"],
      ]),
    });
  });

  it("with several days (the ECB's 90-day file) gives the latest", () => {
    const day = (time: string, usd: string) =>
      `<Cube time='${time}'>${["GBP", "CAD", "AUD", "JPY"].map((code) => `<Cube currency='${code}' rate='1.5'/>`).join("")}<Cube currency='USD' rate='${usd}'/></Cube>`;
    const xml = `<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref"><Cube>${day("2026-11-25", "1.01")}${day("2026-11-27", "1.03")}${day("2026-11-26", "1.02")}</Cube></gesmes:Envelope>`;
    const { day: latest, rates } = read(xml);
    expect(latest).toBe("2026-11-27");
    expect(rates.get("USD")).toBe("1.03");
  });
});

describe("a file that is refused, with the reason", () => {
  const good = sampleEcbFile(NOW);

  it.each([
    ["cut off halfway", good.slice(0, good.length / 2), /^is not well-formed XML: .+ \(line \d+, column \d+\)$/],
    ["an error page", "<html><body>Service unavailable</body></html>", /^is not the ECB's reference rates file/],
    ["empty", "", /^is not well-formed XML/],
    ["JSON", '{"rates":{"USD":1.07}}', /^is not well-formed XML/],
    ["without a day", good.replace(/ time='[^']+'/, ""), /^is not the ECB's reference rates file/],
    [
      "with a day that is no date",
      good.replace(/time='[^']+'/, "time='2026-02-30'"),
      /^has a reference day that is not a date: "2026-02-30"$/,
    ],
    [
      "with a rate that is not a number",
      good.replace("rate='0.84638'", "rate='n/a'"),
      /^has a rate for GBP that is not a positive decimal: "n\/a"$/,
    ],
    [
      "with a rate of 0",
      good.replace("rate='1.0705'", "rate='0'"),
      /^has a rate for USD that is not a positive decimal: "0"$/,
    ],
    [
      "with a negative rate",
      good.replace("rate='1.0705'", "rate='-1.0705'"),
      /^has a rate for USD that is not a positive decimal/,
    ],
    [
      "with a currency code that is not one",
      good.replace("currency='USD'", "currency='usd'"),
      /^has a rate without a currency code: "usd"$/,
    ],
    ["with a rate twice", good.replace("currency='BGN'", "currency='USD'"), /^has two rates for USD$/],
    [
      "without a currency the shop sells in",
      good.replace(/\t+<Cube currency='CAD'[^\n]+\n/, ""),
      /^has no rate for CAD \(of 2026-11-27\)$/,
    ],
  ])("%s", (_what, xml, reason) => {
    const refused = refusal(xml);
    expect(refused.kind).toBe("malformed");
    expect(refused.message).toMatch(reason);
  });

  it("for a day more than 7 days ago is stale; 7 days (a holiday week's end) is still current", () => {
    const file = (day: string) => ecbDailyXml({ day, rates: SAMPLE_EURO_RATES });
    expect(refusal(file("2026-11-19"))).toEqual({
      kind: "stale",
      message: "is for 2026-11-19, 8 days ago: more than 7 days old",
    });
    expect(read(file("2026-11-20")).day).toBe("2026-11-20");
  });

  it("for a day still to come is refused", () => {
    expect(refusal(ecbDailyXml({ day: "2026-11-29", rates: SAMPLE_EURO_RATES }))).toEqual({
      kind: "malformed",
      message: "is for 2026-11-29, a day still to come",
    });
    // A day ahead is a clock's difference, not a file from the future.
    expect(read(ecbDailyXml({ day: "2026-11-28", rates: SAMPLE_EURO_RATES })).day).toBe("2026-11-28");
  });

  it("counts whole UTC days", () => {
    expect(daysBetween("2026-11-27", new Date("2026-11-27T00:00:00Z"))).toBe(0);
    expect(daysBetween("2026-11-27", new Date("2026-11-28T23:59:59Z"))).toBe(1);
    expect(daysBetween("2026-11-28", NOW)).toBe(-1);
  });
});
