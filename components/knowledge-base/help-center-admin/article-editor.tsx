"use client";

import { useState } from "react";
import { ArticleMarkdown } from "@/components/knowledge-base/article-markdown";
import { FormMessage } from "@/components/settings/form-message";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select, type SelectOption } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useKeptForm } from "@/components/ui/use-kept-form";
import { valueOf, type FormAction } from "@/lib/portal/form-state";

/*
 * An article's editor: its Markdown beside a live preview (below it on a phone), drawn by the
 * same renderer as the public help center, so what the author sees is what readers get, and
 * nothing typed into it can run. Submitted by hand, so a save never resets what is typed.
 */

export type EditedArticle = {
  title: string;
  description: string | null;
  categoryId: number | null;
  status: "draft" | "published" | "archived";
  content: string;
  locale: string;
  meta: { title?: string; description?: string; tags?: string[] };
};

const statuses: SelectOption[] = [
  { value: "draft", label: "Draft" },
  { value: "published", label: "Published" },
  { value: "archived", label: "Archived" },
];

export const ArticleEditor = ({
  action,
  article,
  categories,
  locales,
  submitLabel,
}: {
  action: FormAction;
  article: EditedArticle;
  categories: SelectOption[];
  locales: string[];
  submitLabel: string;
}) => {
  const { state, pending, onSubmit } = useKeptForm(action);
  const [content, setContent] = useState(article.content);
  return (
    <form noValidate className="space-y-6" onSubmit={onSubmit}>
      <FormMessage state={state} />
      <Card>
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="Title" name="title" required defaultValue={valueOf(state, "title", article.title)} error={state.errors.title} className="sm:col-span-2" />
          <Textarea
            label="Description"
            name="description"
            rows={2}
            defaultValue={valueOf(state, "description", article.description)}
            error={state.errors.description}
            hint="A sentence under the title, in lists and search results."
            className="sm:col-span-2"
          />
          <Select
            label="Category"
            name="category_id"
            defaultValue={valueOf(state, "category_id", article.categoryId === null ? "" : String(article.categoryId))}
            options={[{ value: "", label: "No category" }, ...categories]}
            error={state.errors.category_id}
          />
          <Select label="Status" name="status" defaultValue={valueOf(state, "status", article.status)} options={statuses} error={state.errors.status} hint="Only published articles are public." />
          <Select
            label="Locale"
            name="locale"
            defaultValue={valueOf(state, "locale", article.locale)}
            options={locales.map((code) => ({ value: code, label: code }))}
            error={state.errors.locale}
            hint="For an article with no category; a category's locale wins."
          />
        </div>
      </Card>
      <div className="grid gap-6 lg:grid-cols-2">
        <Textarea
          label="Content (Markdown)"
          name="content"
          rows={18}
          value={content}
          onChange={(event) => setContent(event.target.value)}
          error={state.errors.content}
          hint="Headings (##), **bold**, lists, links and images. HTML is not rendered."
          className="min-w-0 [&_textarea]:font-mono"
        />
        <section aria-labelledby="article-preview-heading" className="min-w-0 space-y-1.5">
          <h2 id="article-preview-heading" className="text-sm font-medium text-slate-800">
            Preview
          </h2>
          <div data-preview className="min-h-40 rounded-md border border-slate-200 bg-white p-4">
            {content.trim() === "" ? <p className="text-sm text-slate-400">Nothing to preview yet.</p> : <ArticleMarkdown source={content} />}
          </div>
        </section>
      </div>
      <Card title="Search engines" description="Optional: what search engines and link previews show.">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input label="Meta title" name="meta_title" defaultValue={valueOf(state, "meta_title", article.meta.title)} error={state.errors.meta_title} />
          <Input
            label="Meta tags"
            name="meta_tags"
            defaultValue={valueOf(state, "meta_tags", article.meta.tags?.join(", "))}
            error={state.errors.meta_tags}
            hint="Separated by commas."
          />
          <Textarea
            label="Meta description"
            name="meta_description"
            rows={2}
            defaultValue={valueOf(state, "meta_description", article.meta.description)}
            error={state.errors.meta_description}
            className="sm:col-span-2"
          />
        </div>
      </Card>
      <Button type="submit" disabled={pending} aria-disabled={pending}>
        {pending ? "Saving…" : submitLabel}
      </Button>
    </form>
  );
};
