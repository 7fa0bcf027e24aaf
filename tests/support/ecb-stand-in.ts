import http from "node:http";
import type { AddressInfo } from "node:net";
import { ecbDailyXml, SAMPLE_EURO_RATES } from "../../server/currencies/ecb-stand-in.ts";

// The ECB's daily rates file served from a local HTTP server on port 0 (server/currencies/
// ecb-stand-in.ts writes it), so that the job's fetch runs as in a live shop without the network.
// A test sets what it answers: a day's file, a broken one, or an error status.

export interface EcbStandIn {
  /** The file's address, for EXCHANGE_RATES_URL. */
  url: string;
  /** Answers the ECB's file for `day` (the sample rates unless others are given). */
  publish(day: string, rates?: Readonly<Record<string, string>>): void;
  /** Answers this body, or this status with no file. */
  answer(answer: { body: string } | { status: number }): void;
  /** How many times the file was asked for. */
  requests(): number;
  close(): Promise<void>;
}

export async function startEcbStandIn(): Promise<EcbStandIn> {
  let current: { body: string } | { status: number } = { status: 404 };
  let asked = 0;
  const server = http.createServer((request, response) => {
    asked++;
    if (request.method !== "GET" || request.url !== "/stats/eurofxref/eurofxref-daily.xml") {
      response.writeHead(404).end();
    } else if ("status" in current) {
      response.writeHead(current.status, { "content-type": "text/html" }).end("<html>Service unavailable</html>");
    } else {
      response.writeHead(200, { "content-type": "text/xml" }).end(current.body);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/stats/eurofxref/eurofxref-daily.xml`,
    publish(day, rates = SAMPLE_EURO_RATES) {
      current = { body: ecbDailyXml({ day, rates }) };
    },
    answer(answer) {
      current = answer;
    },
    requests: () => asked,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
