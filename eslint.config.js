const tseslint = require("typescript-eslint");

// Each island is one page family: it shares code through assets/components and assets/api,
// never by importing another island.
const ISLANDS = ["auth", "leads", "market", "payment", "profile", "status", "verification"];
const islandBoundaries = ISLANDS.map((island) => ({
  files: [`assets/islands/${island}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: ISLANDS.filter((other) => other !== island).flatMap((other) => [
              `../${other}/**`,
              `../../${other}/**`,
              `../../../${other}/**`,
              `**/islands/${other}/**`,
            ]),
            message: "An island does not import another island: share through assets/components or assets/api.",
          },
        ],
      },
    ],
  },
}));

module.exports = tseslint.config(
  { ignores: ["static/**", "node_modules/**", "assets/api/schema.gen.ts"] },
  {
    files: ["assets/**/*.{ts,tsx}"],
    extends: [tseslint.configs.strictTypeChecked, tseslint.configs.stylisticTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: __dirname },
    },
    rules: {
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
      "@typescript-eslint/no-confusing-void-expression": ["error", { ignoreArrowShorthand: true }],
      "no-console": ["error", { allow: ["warn", "error", "info"] }],
      "@typescript-eslint/prefer-nullish-coalescing": ["error", { ignorePrimitives: { string: true } }],
      eqeqeq: "error",
    },
  },
  {
    files: ["assets/**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
  ...islandBoundaries,
);
