import { notFound } from "next/navigation";
import { cache } from "react";
import type { z } from "zod";
import { ApiError } from "@/lib/http/errors";
import { pageContext } from "./context";
import type { PortalCtx } from "./action";

type Schemas = readonly z.ZodType[];
type Outputs<S extends Schemas> = { -readonly [K in keyof S]: z.output<S[K]> };

/**
 * A page's data, the loading counterpart of `portalAction`: the signed-in user's account context
 * (shared with the layout for the render), the path's ids parsed with the operation's schemas,
 * and the same services the API calls. An id that does not parse and a service's "not found"
 * are the 404 page; anything else goes to the error boundary. One answer per render.
 */
export const portalLoader = <const S extends Schemas, T>(spec: { ids: S; load: (ctx: PortalCtx, ...ids: Outputs<S>) => Promise<T> }) =>
  cache(async (accountId: string | number, ...raw: { [K in keyof S]: unknown }): Promise<T> => {
    const ctx = await pageContext(String(accountId));
    const ids = spec.ids.map((schema, index) => {
      const parsed = schema.safeParse(raw[index]);
      if (!parsed.success) notFound();
      return parsed.data;
    }) as Outputs<S>;
    try {
      return await spec.load(ctx, ...ids);
    } catch (error) {
      if (error instanceof ApiError && error.code === "not_found") notFound();
      throw error;
    }
  });
