// @ts-check
import js from "@eslint/js";
import astro from "eslint-plugin-astro";
import prettier from "eslint-config-prettier";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "node_modules/",
      "dist/",
      ".astro/",
      ".data/",
      ".tsbuild/",
      "test-results/",
      "playwright-report/",
      "reports/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    rules: {
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
      eqeqeq: ["error", "smart"],
      "no-console": "off",
    },
  },
  {
    files: ["scripts/**/*.mjs", "bench/**/*.mjs", "*.config.*", ".ci/**"],
    languageOptions: { globals: globals.node },
  },
  {
    // The domain is pure: no console, no timers, no randomness, no clock. Time and ids come through ports.
    files: ["packages/domain/src/**/*.ts"],
    ignores: ["packages/domain/src/**/*.test.ts"],
    rules: {
      "no-console": "error",
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: "Read time through the Clock port.",
        },
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message: "Read time through the Clock port.",
        },
        {
          selector: "MemberExpression[object.name='Math'][property.name='random']",
          message: "Take randomness through the Ids port.",
        },
      ],
    },
  },
  prettier,
);
