import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";

// The promises of the foundation: data survives a restart and a kill -9, and a second
// server on the same data directory refuses to start. Each test runs its own servers.
test.describe.configure({ mode: "serial" });

const dataDir = path.resolve("test-data/lifecycle");
const port = 4180;

function startServer(extraEnv: Record<string, string> = {}): { child: ChildProcess; output: () => string } {
  let output = "";
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      LOG_LEVEL: "info",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function waitUntilHealthy(targetPort = port) {
  for (let attempt = 0; attempt < 200; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${targetPort}/healthz`);
      if (response.ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the server did not become healthy");
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.on("exit", (code) => resolve(code)));
}

async function sendContactMessage(subject: string) {
  const body = new URLSearchParams({
    name: "Lifecycle",
    email: "life@example.com",
    subject,
    message: "A message that must survive.",
  });
  const response = await fetch(`http://127.0.0.1:${port}/contact`, { method: "POST", body, redirect: "manual" });
  expect(response.status).toBe(200);
}

async function storedSubjects(): Promise<string[]> {
  const client = new pg.Client({ host: path.join(dataDir, "run"), port: 5432, user: "shop", database: "shop" });
  await client.connect();
  try {
    const result = await client.query<{ subject: string }>("SELECT subject FROM contact_messages ORDER BY id");
    return result.rows.map((row) => row.subject);
  } finally {
    await client.end();
  }
}

test.beforeAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

test("a restart keeps all data", async () => {
  const first = startServer();
  await waitUntilHealthy();
  await sendContactMessage("before restart");
  first.child.kill("SIGTERM");
  expect(await exited(first.child)).toBe(0);
  expect(first.output()).toContain("Stopped");

  const second = startServer();
  await waitUntilHealthy();
  expect(await storedSubjects()).toEqual(["before restart"]);
  second.child.kill("SIGTERM");
  expect(await exited(second.child)).toBe(0);
});

test("a second server on the same data directory refuses with a clear message", async () => {
  const first = startServer();
  await waitUntilHealthy();
  const second = startServer({ PORT: String(port + 1) });
  expect(await exited(second.child)).toBe(1);
  expect(second.output()).toContain("is already using the data directory");
  // The first server is untouched.
  expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  first.child.kill("SIGTERM");
  expect(await exited(first.child)).toBe(0);
});

test("kill -9 and a restart lose nothing that was acknowledged", async () => {
  const first = startServer();
  await waitUntilHealthy();
  for (let index = 0; index < 5; index++) await sendContactMessage(`acknowledged ${index}`);
  first.child.kill("SIGKILL");
  await exited(first.child);

  const second = startServer();
  await waitUntilHealthy();
  expect(second.output()).toContain("did not stop cleanly");
  expect(await storedSubjects()).toEqual([
    "before restart",
    "acknowledged 0",
    "acknowledged 1",
    "acknowledged 2",
    "acknowledged 3",
    "acknowledged 4",
  ]);
  second.child.kill("SIGTERM");
  expect(await exited(second.child)).toBe(0);
});

test("a bad setting stops the server with a message that names it", async () => {
  const server = startServer({ PORT: "not-a-port" });
  expect(await exited(server.child)).toBe(1);
  expect(server.output()).toContain("Invalid configuration:");
  expect(server.output()).toContain("PORT: must be a number");
});
