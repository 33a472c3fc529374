const tseslint = require("typescript-eslint");

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
);
