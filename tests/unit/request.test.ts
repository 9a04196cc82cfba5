import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { parseFormBody, parseQuery } from "@/lib/http/request";
import { parseInput } from "@/lib/http/validation";

describe("parseFormBody", () => {
  it.each([
    ["name=Hall&locale=nl", { name: "Hall", locale: "nl" }],
    ["account%5Bname%5D=Hall", { account: { name: "Hall" } }],
    ["custom_attributes[industry]=Venues&custom_attributes[size]=10", { custom_attributes: { industry: "Venues", size: "10" } }],
    ["ids[]=1&ids[]=2", { ids: ["1", "2"] }],
    ["a[b][c]=deep", { a: { b: { c: "deep" } } }],
    ["", {}],
  ])("parses %s", (text, expected) => {
    expect(parseFormBody(text)).toEqual(expected);
  });
});

describe("parseQuery", () => {
  it("collects `key[]` into arrays and keeps the last plain value", () => {
    expect(parseQuery(new URL("http://x/?labels[]=a&labels[]=b&page=1&page=2"))).toEqual({ labels: ["a", "b"], page: "2" });
  });
});

describe("parseInput", () => {
  const schema = z.object({ name: z.string().min(1), nested: z.object({ n: z.number() }) });

  it("returns the parsed value", () => {
    expect(parseInput(schema, { name: "x", nested: { n: 1 } })).toEqual({ name: "x", nested: { n: 1 } });
  });

  it("names each field, marking missing ones as required", () => {
    try {
      parseInput(schema, { name: "", nested: {} });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      const apiError = error as ApiError;
      expect(apiError.status).toBe(422);
      expect(apiError.errors).toEqual([
        { field: "name", message: expect.any(String), code: "invalid" },
        { field: "nested.n", message: "is required", code: "required" },
      ]);
      expect(apiError.message).toMatch(/^Validation failed: name /);
    }
  });
});
