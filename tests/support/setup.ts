// Runs before every test file. Component tests opt into a DOM with
// `// @vitest-environment happy-dom` and get Testing Library's matchers here.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Without Vitest globals, Testing Library cannot unmount after each test on its own.
afterEach(() => cleanup());

// A deprecation is a fault to fix now, not a warning nobody reads: pg's "client.query() when the
// client is already executing a query" (two queries at once in a transaction, which pg 9 will refuse)
// went by unread in the log. Node says each once per process: the first test to meet one fails.
process.throwDeprecation = true;
