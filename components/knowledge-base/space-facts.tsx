import type { SpaceKnowledge } from "@/lib/knowledge-base/space-knowledge";
import { ArticleMarkdown } from "./article-markdown";

/*
 * A space's photos and the facts its knowledge base holds (facilities, AV, accessibility, house
 * rules), each fact opened on demand: on the customer's quote page and the planner's pages.
 */

export const SpacePhotos = ({ photos, name }: { photos: SpaceKnowledge["photos"]; name: string }) =>
  photos.length > 0 ? (
    <ul aria-label={`Photos of ${name}`} className="flex snap-x gap-3 overflow-x-auto pb-2">
      {photos.map((photo) => (
        <li key={photo.id} className="w-56 shrink-0 snap-start sm:w-64">
          <figure>
            {/* Signed links to our own storage; sizes vary, so a plain img. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={photo.url} alt={photo.caption ?? `${name}`} loading="lazy" className="aspect-[4/3] w-full rounded-lg bg-slate-100 object-cover" />
            {photo.caption ? <figcaption className="mt-1 text-xs text-slate-600">{photo.caption}</figcaption> : null}
          </figure>
        </li>
      ))}
    </ul>
  ) : null;

export const SpaceFacts = ({ articles }: { articles: SpaceKnowledge["articles"] }) =>
  articles.length > 0 ? (
    <div className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {articles.map((article) => (
        <details key={article.id} className="group px-4 py-3">
          <summary className="cursor-pointer list-none font-medium text-slate-900 marker:hidden">
            <span className="mr-2 inline-block text-slate-400 transition-transform group-open:rotate-90" aria-hidden>
              ›
            </span>
            {article.title}
            {article.description ? <span className="mt-0.5 block pl-5 text-sm font-normal text-slate-600">{article.description}</span> : null}
          </summary>
          <ArticleMarkdown source={article.content} className="mt-3 pl-5" />
        </details>
      ))}
    </div>
  ) : null;

/** Every quoted space with something to show, under one heading. */
export const QuotedSpacesKnowledge = ({ spaces }: { spaces: SpaceKnowledge[] }) =>
  spaces.length > 0 ? (
    <section aria-labelledby="spaces-heading" className="border-t border-slate-200 px-5 py-6 sm:px-10 sm:py-8">
      <h2 id="spaces-heading" className="text-base font-semibold text-slate-900">
        About your spaces
      </h2>
      <div className="mt-4 space-y-8">
        {spaces.map((space) => (
          <div key={space.spaceId} className="space-y-3">
            <h3 className="font-medium text-slate-900">{space.name}</h3>
            <SpacePhotos photos={space.photos} name={space.name} />
            <SpaceFacts articles={space.articles} />
          </div>
        ))}
      </div>
    </section>
  ) : null;
