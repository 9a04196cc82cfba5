import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", ".next-*/**", "bench/next-floor/.next/**", "bench/next-floor/next-env.d.ts", ".data/**", "node_modules/**", "db/migrations/**", "test-results/**", "playwright-report/**", "next-env.d.ts"]),
  {
    // One guarded client for requests to addresses others choose (lib/outbound/fetch.ts): no
    // other server code calls fetch or opens HTTP connections itself. S3 (operator-configured) is
    // reached through aws4fetch in lib/storage/uploads.ts.
    files: ["lib/**/*.ts", "app/**/*.ts"],
    ignores: ["lib/outbound/**"],
    rules: {
      "no-restricted-globals": ["error", { name: "fetch", message: "Use guardedFetch from lib/outbound/fetch.ts." }],
      "no-restricted-imports": [
        "error",
        {
          paths: ["node:http", "node:https", "http", "https", "undici"].map((name) => ({
            name,
            message: "Outgoing requests go through lib/outbound/fetch.ts.",
          })),
        },
      ],
    },
  },
  {
    files: ["tests/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
]);
