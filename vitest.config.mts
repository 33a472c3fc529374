import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "jsdom",
    include: ["assets/**/*.test.{ts,tsx}"],
    setupFiles: ["assets/testing/setup.ts"],
    restoreMocks: true,
    // A test or hook that passes takes a fraction of a second; on a loaded machine (two suites
    // at once on two cores) a page's first render can take many. The limits only end a test
    // that hangs, so they are far above what a slow but correct run needs.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    unstubGlobals: true,
  },
});
