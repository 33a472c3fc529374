import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "jsdom",
    include: ["assets/**/*.test.{ts,tsx}"],
    setupFiles: ["assets/testing/setup.ts"],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
