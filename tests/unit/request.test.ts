import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { cleanInput, jsonLimits, jsonValueProblem } from "@/lib/http/input";
import { parseFormBody, parseJsonText, parseQuery } from "@/lib/http/request";
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

describe("parseJsonText", () => {
  it.each([
    ['{"name":"Hall"}', { name: "Hall" }],
    ["[1,2]", [1, 2]],
    ["null", null],
    [' "text" ', "text"],
  ])("parses %s", (text, expected) => {
    expect(parseJsonText(text)).toEqual(expected);
  });

  it.each(["", " ", "{", "{'a':1}", '{"a":1,}', "NaN", "\u0000"])("answers %j as the API's 400 invalid_json", (text) => {
    expect(() => parseJsonText(text)).toThrow(ApiError);
    expect(() => parseJsonText(text)).toThrow(expect.objectContaining({ code: "invalid_json", status: 400, message: "The request body is not valid JSON" }));
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

describe("cleanInput", () => {
  it.each([
    ["a NUL in a value", { name: "a\u0000b" }, "name", "must not contain NUL characters"],
    ["a lone high surrogate", { note: "\ud800" }, "note", "must be valid Unicode text (it contains a lone surrogate)"],
    ["a lone low surrogate deep in an array", { tags: ["ok", { x: "\udc00" }] }, "tags.1.x", "must be valid Unicode text (it contains a lone surrogate)"],
    ["__proto__", JSON.parse('{"a": {"__proto__": {"polluted": 1}}}'), "a.__proto__", "is not an allowed key"],
    ["constructor", { constructor: { prototype: {} } }, "constructor", "is not an allowed key"],
    ["prototype", { settings: { prototype: 1 } }, "settings.prototype", "is not an allowed key"],
    ["a NUL in a key", { "k\u0000": 1 }, "body", "has a key that must not contain NUL characters"],
  ])("refuses %s, naming the field", (_what, input, field, message) => {
    expect(cleanInput(input).errors).toEqual([{ field, message, code: "invalid" }]);
  });

  it("copies into null-prototype objects and keeps well-formed text (emoji, accents)", () => {
    const { value, errors } = cleanInput({ name: "Zoë 🎉", nested: { list: [{ a: 1 }] } });
    expect(errors).toEqual([]);
    expect(value).toEqual({ name: "Zoë 🎉", nested: { list: [{ a: 1 }] } });
    expect(Object.getPrototypeOf(value)).toBeNull();
    expect(Object.getPrototypeOf((value as { nested: object }).nested)).toBeNull();
  });

  it("stops at the depth limit instead of walking (or overflowing on) a deeper body", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 50_000; i++) deep = [deep];
    const { errors } = cleanInput({ deep });
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).toContain("nested too deeply");
  });

  it("keeps files and other class instances as they are", () => {
    const file = new File(["x"], "a.txt");
    expect((cleanInput({ attachments: [file] }).value as { attachments: File[] }).attachments[0]).toBe(file);
  });

  it("names fields under a prefix", () => {
    expect(cleanInput({ name: "\u0000" }, "allocations.1").errors[0]!.field).toBe("allocations.1.name");
  });
});

describe("parseFormBody and parseQuery never touch Object.prototype", () => {
  it.each(["__proto__[polluted]=1", "a[__proto__][polluted]=1", "constructor[prototype][polluted]=1", "__proto__[]=1"])("parses %s into null-prototype objects", (text) => {
    const body = parseFormBody(text);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(body)).toBeNull();
    expect(cleanInput(body).errors.length).toBeGreaterThan(0);
  });

  it("refuses query keys that name the prototype with a 400", () => {
    const schema = z.object({ page: z.string().optional() });
    try {
      parseInput(schema, parseQuery(new URL("http://x/?__proto__=1")), { refusal: "bad_request" });
      expect.unreachable();
    } catch (error) {
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).errors[0]!.field).toBe("__proto__");
    }
  });
});

describe("jsonValueProblem", () => {
  const nest = (levels: number) => {
    let value: unknown = 1;
    for (let i = 0; i < levels; i++) value = { n: value };
    return value;
  };
  it.each([
    ["16 levels", nest(16), null],
    ["17 levels", nest(17), `is nested too deeply (at most ${jsonLimits.depth} levels)`],
    ["arrays count as levels", JSON.parse("[".repeat(17) + "]".repeat(17)), `is nested too deeply (at most ${jsonLimits.depth} levels)`],
    ["1,000 keys", Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [i, i])), null],
    ["1,001 keys over two levels", { a: Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [i, i])) }, `has too many keys (at most ${jsonLimits.keys})`],
    ["64 KiB", { s: "x".repeat(64 * 1024 - 8) }, null],
    ["over 64 KiB", { s: "x".repeat(64 * 1024) }, `is too large (at most 64 KiB as JSON)`],
    ["a scalar", "text", null],
  ])("%s", (_what, value, problem) => {
    expect(jsonValueProblem(value)).toBe(problem);
  });
});
