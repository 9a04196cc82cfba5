import { z } from "zod";
import { ZBool } from "@/lib/http/schemas";
import { ZHexColor } from "@/lib/inboxes/schemas";

/** Chatwoot lowercases titles and allows letters, digits, `_` and `-` only. */
const ZTitle = z
  .string()
  .trim()
  .min(1, { message: "can't be blank" })
  .max(255)
  .regex(/^[\p{L}\p{N}_-]+$/u, { message: "may only contain letters, digits, _ and -" })
  .toLowerCase();

const labelFields = {
  title: ZTitle,
  description: z.string().max(10_000).nullable().optional(),
  color: ZHexColor.optional(),
  show_on_sidebar: ZBool.optional(),
};

export const ZCreateLabel = z.object(labelFields).meta({ id: "LabelCreate" });
export type CreateLabelInput = z.output<typeof ZCreateLabel>;
export const ZUpdateLabel = z.object(labelFields).partial().meta({ id: "LabelUpdate" });
export type UpdateLabelInput = z.output<typeof ZUpdateLabel>;

export const ZLabel = z
  .object({
    id: z.int(),
    title: z.string(),
    description: z.string().nullable(),
    color: z.string(),
    show_on_sidebar: z.boolean(),
  })
  .meta({ id: "Label" });

export const ZLabelList = z.object({ payload: z.array(ZLabel) });
