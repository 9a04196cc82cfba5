import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { planningEvents } from "@/lib/events/names";
import { methods } from "@/lib/http/operation";
import { handlesMethod } from "@/lib/http/route";
import { api, routeFiles } from "../helpers/app";

const openApiPath = (segments: string[]) =>
  `/${segments.map((s) => (s.startsWith("[") ? `{${s.replace(/^\[(\.\.\.)?|\]$/g, "")}}` : s)).join("/")}`;

describe("the OpenAPI document", () => {
  it("is served without a token and validates as OpenAPI 3.1", async () => {
    const res = await api.get("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const result = await new Validator().validate(res.body);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists every method of every route file", async () => {
    const doc = (await api.get("/api/v1/openapi.json")).body as { paths: Record<string, Record<string, unknown>> };
    const missing: string[] = [];
    for (const route of routeFiles()) {
      // Catch-alls (unknown API routes, next-auth's own endpoints) are not API operations.
      if (route.segments.some((s) => s.startsWith("[..."))) continue;
      // The portal's own routes (session cookie, e.g. a quote's preview for a signed-in planner) are not the API.
      if (route.file.includes("/(portal)/")) continue;
      // The website chat's script is an asset venues' pages load, not an API operation.
      if (route.file.includes("/app/widget/")) continue;
      const routeModule = (await import(/* @vite-ignore */ route.file)) as Record<string, unknown>;
      const path = openApiPath(route.segments);
      for (const method of methods) {
        if (!handlesMethod(routeModule[method])) continue;
        if (!doc.paths[path]?.[method.toLowerCase()]) missing.push(`${method} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("documents every planning and quote event in its webhooks map: a POST of the resource JSON, signed with the described headers", async () => {
    type Doc = { webhooks: Record<string, { post?: any }>; components: { schemas: Record<string, any>; parameters: Record<string, any> } };
    const doc = (await api.get("/api/v1/openapi.json")).body as Doc;
    expect(Object.keys(doc.webhooks).sort()).toEqual([...planningEvents].sort());
    for (const name of planningEvents) {
      const post = doc.webhooks[name]!.post;
      const ref = post.requestBody.content["application/json"].schema.$ref as string;
      const schema = doc.components.schemas[ref.replace("#/components/schemas/", "")];
      expect(schema.properties.event, name).toEqual({ type: "string", const: name });
      expect(schema.required, name).toEqual(expect.arrayContaining(["event", "account", "id", "created_at", "updated_at"]));
      if (name.startsWith("quote_")) expect(schema.required, name).toContain("planning_event");
      if (name === "allocation_updated" || name === "event_updated") expect(schema.required, name).toContain("changed_attributes");
      const headers = (post.parameters as { $ref: string }[]).map((p) => doc.components.parameters[p.$ref.replace("#/components/parameters/", "")]?.name);
      expect(headers, name).toEqual(["X-Chatwoot-Delivery", "X-Chatwoot-Timestamp", "X-Chatwoot-Signature", "X-Venuedesk-Event", "X-Venuedesk-Attempt"]);
    }
  });
});
