// Another Node.js release beside the one running, from the npm registry (the `node` package,
// which installs the platform's binary): for the test suite and benchmarks on each supported
// LTS line. Kept in .node-runtimes/<version>, installed once.
//   tsx scripts/node-runtime.ts 24   → prints the path of a Node 24 binary
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";

/** The release of each LTS line we test on (the newest published when it was last raised). */
export const nodeReleases = { 22: "22.23.3", 24: "24.21.0" } as const;
export type NodeLine = keyof typeof nodeReleases;

const root = path.resolve(".node-runtimes");

/** The binary of `line`'s release, installed on first use; throws when the registry cannot give it. */
export const nodeBinary = (line: NodeLine): string => {
  const version = nodeReleases[line];
  const prefix = path.join(root, version);
  const binary = path.join(prefix, "node_modules", "node", "bin", "node");
  if (existsSync(binary)) return binary;
  mkdirSync(prefix, { recursive: true });
  console.log(`Installing Node.js ${version} from the npm registry into ${path.relative(process.cwd(), prefix)}…`);
  const install = spawnSync(
    "npm",
    ["install", "--prefix", prefix, "--no-save", "--no-package-lock", "--no-audit", "--no-fund", "--loglevel=error", `node@${version}`],
    { stdio: "inherit" },
  );
  if (install.status !== 0 || !existsSync(binary)) throw new Error(`Could not install Node.js ${version} (npm exited ${install.status})`);
  return binary;
};

/** This process's Node.js when it is `line` or newer, else `line`'s release (installed on first use). */
export const nodeAtLeast = (line: NodeLine): string =>
  Number(process.versions.node.split(".")[0]) >= line ? process.execPath : nodeBinary(line);

// Run as a script (not imported by the test runner or a test): print the binary's path.
const isMain = /node-runtime\.ts$/.test(process.argv[1] ?? "");
if (isMain) {
  const line = Number(process.argv[2]) as NodeLine;
  if (!(line in nodeReleases)) {
    console.error(`usage: tsx scripts/node-runtime.ts <${Object.keys(nodeReleases).join("|")}>`);
    process.exit(2);
  }
  console.log(nodeBinary(line));
}
