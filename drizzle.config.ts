import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` uses this: migrations are generated, reviewed and committed,
// then applied by db/migrate.ts at start-up and in tests. Never `push`.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema/index.ts",
  out: "./db/migrations",
  casing: "snake_case",
});
