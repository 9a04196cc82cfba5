import { chmodSync, existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3100);

// Debian's Chromium headless shell (apt install chromium-headless-shell) where it is installed:
// the browser tests took 5.5 minutes with it against 8 with the full browser in headless mode.
const headlessShell = "/usr/bin/chromium-headless-shell";
const browser = existsSync(headlessShell) ? headlessShell : "/usr/bin/chromium";

// Workers load this file again; they inherit the directory the first load made.
process.env.VD_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "venuedesk-e2e-"));
const dataDir = process.env.VD_E2E_DATA_DIR;
// The embedded PostgreSQL runs as the `postgres` user when we are root: it must reach the directory.
chmodSync(dataDir, 0o755);
// The loopback receiver e2e/ui/webhooks-settings.spec.ts starts: the server may deliver webhooks to it (beside E2E_PORT, so parallel runs differ).
process.env.E2E_WEBHOOK_RECEIVER ??= `127.0.0.1:${port + 99}`;

export default defineConfig({
  testDir: "./e2e",
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // A test that fails runs once more, recording a trace (test-results/artifacts) to show why; the
  // run still fails if the second attempt passes. Recording every test's trace, to keep only the
  // failures', took a sixth of the run.
  retries: 1,
  failOnFlakyTests: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  outputDir: "test-results/artifacts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? browser,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    },
  },
  webServer: {
    command: "npm start",
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      // The run's database goes with its data dir: no waiting for the disk.
      EMBEDDED_PG_FSYNC: "off",
      DEMO_PASSWORD: "demo-password-2026",
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
      WEBHOOK_ALLOWED_HOSTS: process.env.E2E_WEBHOOK_RECEIVER,
      // Every browser of the run signs in from 127.0.0.1: more sign-ins in five minutes than one
      // address makes in real use (the per-address limit is 100). Failed-attempt backoff and
      // lockout are unchanged and tested (security-headers.spec.ts, sign-in.spec.ts).
      RATE_LIMIT_SIGN_IN: "1000/300",
    },
  },
});
