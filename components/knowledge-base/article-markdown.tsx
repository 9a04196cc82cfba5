import Markdown, { defaultUrlTransform, type Components } from "react-markdown";
import rehypeSanitize, { defaultSchema } from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import { cn } from "@/components/ui/cn";

/*
 * An article's Markdown as HTML, for the public help center, the portal's preview and a space's
 * facts on the quote page. Authors are trusted staff, readers are anyone, so nothing an article
 * holds may run: raw HTML is dropped (never parsed), URLs keep only http(s), mailto, tel and
 * relative links (react-markdown's transform, then the sanitizer's GitHub schema, which also
 * strips event handlers, SVG, iframes and data: URLs), and links to other sites open apart.
 */

const schema = {
  ...defaultSchema,
  protocols: { ...defaultSchema.protocols, href: ["http", "https", "mailto", "tel"], src: ["http", "https"] },
};

/** react-markdown's safe protocols (http, https, mailto, irc, xmpp) and phone numbers. */
const urlTransform = (url: string) => (/^tel:[+\d\s().-]+$/i.test(url) ? url : defaultUrlTransform(url));

const external = (href: string | undefined) => href !== undefined && /^https?:\/\//i.test(href);

const components: Components = {
  a: ({ href, children, title }) => (
    <a href={href} title={title} {...(external(href) ? { target: "_blank", rel: "nofollow noopener noreferrer" } : {})}>
      {children}
    </a>
  ),
  img: ({ src, alt, title }) => (
    // Article images come from wherever their authors link; sizes are unknown, so no next/image.
    // eslint-disable-next-line @next/next/no-img-element
    <img src={typeof src === "string" ? src : undefined} alt={alt ?? ""} title={title} loading="lazy" referrerPolicy="no-referrer" />
  ),
};

export const ArticleMarkdown = ({ source, className }: { source: string; className?: string }) => (
  <div
    className={cn(
      "space-y-3 break-words text-sm leading-6 text-slate-800",
      "[&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:mt-6 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-4 [&_h3]:font-semibold",
      "[&_a]:text-blue-700 [&_a]:underline [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6",
      "[&_blockquote]:border-l-4 [&_blockquote]:border-slate-200 [&_blockquote]:pl-3 [&_blockquote]:text-slate-600",
      "[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_pre]:overflow-x-auto [&_pre]:rounded [&_pre]:bg-slate-100 [&_pre]:p-3",
      "[&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:px-2 [&_th]:border [&_th]:px-2 [&_img]:max-w-full [&_img]:rounded",
      className,
    )}
  >
    <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[[rehypeSanitize, schema]]} skipHtml urlTransform={urlTransform} components={components}>
      {source}
    </Markdown>
  </div>
);
