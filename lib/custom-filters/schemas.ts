import { z } from "zod";
import { customFilters } from "@/db/schema";
import { ZName, ZObject } from "@/lib/http/schemas";

export const filterTypes = customFilters.filterType.enumValues;
export type FilterType = (typeof filterTypes)[number];

/** Chatwoot's enum: conversation 0, contact 1, report 2, sent as the name or the integer. */
const ZFilterType = z.union([
  z.enum(filterTypes),
  z.union([z.literal(0), z.literal(1), z.literal(2)]).transform((index) => filterTypes[index]!),
]);

/** Chatwoot's spec names the type `type`, its controller `filter_type`: either is taken. */
const filterFields = {
  name: ZName,
  type: ZFilterType.optional(),
  filter_type: ZFilterType.optional(),
  query: ZObject,
};

const withType = <T extends { type?: FilterType; filter_type?: FilterType }>({ type, filter_type, ...rest }: T) => ({
  ...rest,
  filterType: filter_type ?? type,
});

export const ZCreateCustomFilter = z.object(filterFields).meta({ id: "CustomFilterCreate" }).transform(withType);
export type CreateCustomFilterInput = z.output<typeof ZCreateCustomFilter>;
export const ZUpdateCustomFilter = z.object(filterFields).partial().meta({ id: "CustomFilterUpdate" }).transform(withType);
export type UpdateCustomFilterInput = z.output<typeof ZUpdateCustomFilter>;

export const ZCustomFilterQuery = z.object({ filter_type: ZFilterType.default("conversation") });

export const ZCustomFilter = z
  .object({
    id: z.int(),
    name: z.string(),
    filter_type: z.enum(filterTypes),
    query: ZObject,
    created_at: z.int(),
    updated_at: z.int(),
  })
  .meta({ id: "CustomFilter" });
