import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { afterAll, inject } from "vitest";
import { getDb } from "@/db/client";

const port = inject("postgresPort");
const url = (database: string) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
const database = `test_${randomBytes(6).toString("hex")}`;

const admin = postgres(url("postgres"), { onnotice: () => {} });
await admin.unsafe(`create database ${database} template venuedesk_template`);
process.env.DATABASE_URL = url(database);
delete (globalThis as { venuedeskDb?: unknown }).venuedeskDb;

afterAll(async () => {
  await getDb().$client.end();
  delete (globalThis as { venuedeskDb?: unknown }).venuedeskDb;
  await admin.unsafe(`drop database if exists ${database} with (force)`);
  await admin.end();
});
