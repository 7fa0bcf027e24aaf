// Runs before every test file. Component tests opt into a DOM with
// `// @vitest-environment happy-dom` and get Testing Library's matchers here.
import "@testing-library/jest-dom/vitest";
