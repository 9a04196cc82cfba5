import { describe, expect, it } from "vitest";
import { serverNodeFlags } from "@/scripts/node-flags";

describe("the server's Node.js flags", () => {
  it.each([
    { nodeOptions: "", flags: ["--max-semi-space-size=32", "--no-memory-reducer"] },
    { nodeOptions: "--enable-source-maps", flags: ["--max-semi-space-size=32", "--no-memory-reducer"] },
    { nodeOptions: "--max-semi-space-size=64", flags: ["--no-memory-reducer"] },
    { nodeOptions: "--memory-reducer", flags: ["--max-semi-space-size=32"] },
    { nodeOptions: "--max-semi-space-size=16 --memory-reducer", flags: [] },
  ])("NODE_OPTIONS=$nodeOptions → $flags", ({ nodeOptions, flags }) => {
    expect(serverNodeFlags(nodeOptions)).toEqual(flags);
  });
});
