import type { labels } from "@/db/schema";

export type Label = typeof labels.$inferSelect;

export const presentLabel = (label: Label) => ({
  id: label.id,
  title: label.title,
  description: label.description,
  color: label.color,
  show_on_sidebar: label.showOnSidebar,
});
