// @ts-check
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const pageCacheIndexOnly = { group: ["**/page-cache/*"], message: "Import the page cache from its index." };

const linksModules = ["app/components/links.ts"];

const routerLinks = {
  name: "react-router",
  importNames: ["Link", "NavLink"],
  message: "Import Link and NavLink from #app/components/links.",
};

const serverModules = {
  group: ["#app/server/*", "**/server/*"],
  message: "Move what is shared with the server to app/domain.",
};

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "bench/tmp/",
      "vite.config.ts.timestamp-*",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["**/*.{ts,tsx,js,cjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["app/**/*.tsx"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "19" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      "react/prop-types": "off",
    },
  },
  {
    // An import cycle hides which module needs which, and breaks as soon as one of them runs code at
    // load time: none are allowed (type-only imports, gone from the built code, are not counted).
    files: ["**/*.{ts,tsx,js}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    files: ["scripts/**", "tests/**", "bench/**"],
    rules: { "no-console": "off" },
  },
  {
    // The page cache is one module: everything outside its folder goes through its index.
    files: ["**/*.{ts,tsx,js}"],
    ignores: ["http/page-cache/**"],
    rules: { "no-restricted-imports": ["error", { patterns: [pageCacheIndexOnly] }] },
  },
  {
    // Pages link through app/components/links.ts, which the server renders without the router's
    // browser-only work (decision 032).
    files: ["app/**"],
    ignores: linksModules,
    rules: { "no-restricted-imports": ["error", { patterns: [pageCacheIndexOnly], paths: [routerLinks] }] },
  },
  {
    // Components and the domain run in the browser too: what they share with the server lives in
    // app/domain, never in a server module (not even a type).
    files: ["app/components/**", "app/domain/**"],
    ignores: linksModules,
    rules: {
      "no-restricted-imports": ["error", { patterns: [pageCacheIndexOnly, serverModules], paths: [routerLinks] }],
    },
  },
  {
    // Routes are handed the request as it came (a data request's address ends in .data and carries
    // React Router's own parameters) and, as `url`, the page's address: the one to read and link to.
    files: ["app/routes/**", "app/server/**", "app/root.tsx"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "MemberExpression[object.name='request'][property.name='url']",
          message: "Read the page's address from the route's `url` argument.",
        },
      ],
    },
  },
);
