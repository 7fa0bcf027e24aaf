// Runs before every test file. Component tests opt into a DOM with
// `// @vitest-environment happy-dom` and get Testing Library's matchers here.
import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Without Vitest globals, Testing Library cannot unmount after each test on its own.
afterEach(() => cleanup());
