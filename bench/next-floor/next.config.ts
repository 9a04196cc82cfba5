import path from "node:path";
import type { NextConfig } from "next";

// The repository's root: the route imports bench/replay.ts and the root's node_modules.
const root = path.resolve(__dirname, "../..");

const nextConfig: NextConfig = {
  serverExternalPackages: ["postgres"],
  poweredByHeader: false,
  turbopack: { root },
  outputFileTracingRoot: root,
  // The root's `npm run typecheck` covers this directory.
  typescript: { ignoreBuildErrors: true },
};

export default nextConfig;
