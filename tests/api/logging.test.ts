import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { toErrorResponse } from "@/lib/http/route";
import { describeError, log } from "@/lib/log";

/*
 * The server log used to print whole failed statements with their parameters (a contact's
 * email, a message's text). Errors are now logged with the request id, the SQLSTATE and the
 * statement's placeholders — never the values.
 */

const secret = "guest-secret@example.test";

const failingQuery = async () => {
  try {
    await getDb().execute(sql`select ${secret}::uuid, ${secret + "-2"}::text`);
  } catch (error) {
    return error;
  }
  throw new Error("the query was expected to fail");
};

afterEach(() => vi.restoreAllMocks());

describe("error logging", () => {
  it("describes a database error by SQLSTATE and placeholders, without parameter values", async () => {
    const error = await failingQuery();
    const described = JSON.stringify(describeError(error));
    expect(described).toContain('"code":"22P02"');
    expect(described).toContain("$1::uuid");
    expect(described).not.toContain("guest-secret");
    // The driver's own message quotes the input: it is redacted, not dropped.
    expect(described).toContain("[redacted]");
  });

  it("logs an unexpected failure with the request id and answers a plain 500 naming only the id", async () => {
    const error = new Error(`connection to ${secret} lost`);
    const spy = vi.spyOn(log(), "error").mockImplementation(() => undefined);
    const response = toErrorResponse(error, "req-123");
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toMatchObject({ description: "Internal server error (request req-123)", errors: [] });
    expect(JSON.stringify(body)).not.toContain("guest-secret");
    expect(spy).toHaveBeenCalledOnce();
    const [fields] = spy.mock.calls[0] as unknown as [Record<string, unknown>];
    expect(fields.requestId).toBe("req-123");
  });

  it("answers a value the database refused with 422, not 500, and logs it without the value", async () => {
    const error = await failingQuery();
    const spy = vi.spyOn(log(), "warn").mockImplementation(() => undefined);
    const response = toErrorResponse(error, "req-9");
    expect(response.status).toBe(422);
    expect(await response.text()).not.toContain("guest-secret");
    expect(JSON.stringify(spy.mock.calls)).not.toContain("guest-secret");
  });
});
