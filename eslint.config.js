// ESLint's checks of the browser code (src/kosynka/web/static/js: browser globals, a worker's
// in local/) and of the tests' Node.js scripts (tests/**/*.mjs): the recommended rules.
import js from "@eslint/js";
import globals from "globals";

export default [
  // (templates/sw.js is the service worker's template, JavaScript only once the server fills
  // in its {{config}}.)
  {
    ignores: ["node_modules/", ".venv/", "build/", "dist/", "test-artifacts/", "bench/out/", "src/kosynka/web/templates/"],
  },
  js.configs.recommended,
  {
    // `_` names what is caught or passed and not used (catch (_) { ... }).
    rules: { "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }] },
  },
  {
    files: ["src/kosynka/web/static/js/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["src/kosynka/web/static/js/local/worker.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["tests/**/*.mjs", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];
