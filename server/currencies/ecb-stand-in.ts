import sample from "./ecb-sample-rates.json" with { type: "json" };

// The shop's stand-in for the European Central Bank's daily reference rates file
// (eurofxref-daily.xml): the same XML, written here. A demo shop reads its sample file instead of
// the ECB's (EXCHANGE_RATES_URL=sample, the default there and under test: no outside request), and
// the tests serve it, or a broken one, from a local HTTP server (tests/support/ecb-stand-in.ts).

/** The ECB's rates of one real day (server/currencies/ecb-sample-rates.json), per euro. */
export const SAMPLE_EURO_RATES: Readonly<Record<string, string>> = sample.rates;

/**
 * The file's text as the ECB writes it: one reference day (`time`), each currency's rate per euro,
 * in the ECB's order when given in it. Attributes in single quotes, indented with tabs, as theirs.
 */
export function ecbDailyXml({ day, rates }: { day: string; rates: Readonly<Record<string, string>> }): string {
  const cubes = Object.entries(rates).map(([currency, rate]) => `\t\t\t<Cube currency='${currency}' rate='${rate}'/>`);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<gesmes:Envelope xmlns:gesmes="http://www.gesmes.org/xml/2002-08-01" xmlns="http://www.ecb.int/vocabulary/2002-08-01/eurofxref">`,
    `\t<gesmes:subject>Reference rates</gesmes:subject>`,
    `\t<gesmes:Sender>`,
    `\t\t<gesmes:name>European Central Bank</gesmes:name>`,
    `\t</gesmes:Sender>`,
    `\t<Cube>`,
    `\t\t<Cube time='${day}'>`,
    ...cubes,
    `\t\t</Cube>`,
    `\t</Cube>`,
    `</gesmes:Envelope>`,
    "",
  ].join("\n");
}

/**
 * The day the ECB's file would be for at `now`: the latest weekday up to today (UTC). The ECB
 * publishes on TARGET working days; the stand-in leaves out the few holidays, which change nothing
 * for a demo.
 */
export function latestWeekday(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const weekday = day.getUTCDay(); // 0 Sunday, 6 Saturday
  const back = weekday === 0 ? 2 : weekday === 6 ? 1 : 0;
  day.setUTCDate(day.getUTCDate() - back);
  return day.toISOString().slice(0, 10);
}

/** The stand-in's file at `now`: the sample rates, for the latest weekday. */
export function sampleEcbFile(now: Date): string {
  return ecbDailyXml({ day: latestWeekday(now), rates: SAMPLE_EURO_RATES });
}
