import type { Styles } from "@react-pdf/renderer";
import type { ReactNode } from "react";
import type { QuoteDocument } from "./document";
import { presentQuote, type QuoteView, type TotalRow, type ViewGroup, type ViewLine } from "./format";

/**
 * The quote's `download`: an A4 PDF laid out from the same `QuoteView` as the HTML preview.
 * Only the PDF's built-in Helvetica is used, so rendering never reads a font file or the
 * network; the logo is embedded only when the account gave it as a PNG or JPEG data: URL (a
 * remote logo would make every download wait on, and fail with, someone else's server).
 *
 * @react-pdf/renderer is ESM-only and is loaded with import(): Next keeps it external (see
 * next.config.ts) and imports it either way, while tsx (scripts, bench) would otherwise turn a
 * static import into a require() that cannot resolve the package's import-only subpaths.
 */

type PdfKit = typeof import("@react-pdf/renderer");
type Style = Styles[string];

const INK = "#1c2530";
const MUTED = "#5f6b7a";
const ACCENT = "#0f4c5c";
const RULE = "#d5dbe2";
const HAIRLINE = "#e6eaee";

const s = {
  page: { paddingTop: 40, paddingBottom: 58, paddingHorizontal: 44, fontFamily: "Helvetica", fontSize: 9, color: INK },
  // Set on each text (see P below), never on the page or a view: a lineHeight inherited from
  // either stops the footer's page-number render prop from drawing at all.
  leading: { fontSize: 9, lineHeight: 1.35 },
  header: { flexDirection: "row", justifyContent: "space-between", paddingBottom: 16, borderBottomWidth: 2, borderBottomColor: ACCENT },
  brand: { flexDirection: "row", alignItems: "center", maxWidth: 230 },
  logo: { width: 40, height: 40, marginRight: 10, objectFit: "contain" },
  brandName: { fontFamily: "Helvetica-Bold", fontSize: 13, marginBottom: 2 },
  muted: { color: MUTED },
  small: { fontSize: 8 },
  titleBlock: { alignItems: "flex-end", maxWidth: 280 },
  kind: { fontFamily: "Helvetica-Bold", fontSize: 8, letterSpacing: 0.8, color: ACCENT },
  title: { fontFamily: "Helvetica-Bold", fontSize: 15, textAlign: "right", marginTop: 3, marginBottom: 6 },
  status: { fontFamily: "Helvetica-Bold", fontSize: 8, color: "#8a4b00", backgroundColor: "#fff4e5", paddingVertical: 2, paddingHorizontal: 7, borderRadius: 8, marginBottom: 6 },
  metaRow: { flexDirection: "row", justifyContent: "flex-end" },
  metaTerm: { color: MUTED, width: 70, textAlign: "right", marginRight: 10 },
  metaValue: { fontFamily: "Helvetica-Bold", textAlign: "right", minWidth: 80 },
  parties: { flexDirection: "row", paddingVertical: 16 },
  partyLeft: { width: "40%", paddingRight: 16 },
  partyRight: { width: "60%" },
  label: { fontFamily: "Helvetica-Bold", fontSize: 7.5, letterSpacing: 0.6, color: MUTED, marginBottom: 5 },
  strong: { fontFamily: "Helvetica-Bold" },
  space: { marginTop: 5, paddingLeft: 7, borderLeftWidth: 2, borderLeftColor: "#cfe3e6" },
  tableHead: { flexDirection: "row", borderBottomWidth: 1, borderBottomColor: RULE, paddingVertical: 5 },
  th: { fontFamily: "Helvetica-Bold", fontSize: 7.5, letterSpacing: 0.5, color: MUTED },
  groupTitle: { fontFamily: "Helvetica-Bold", fontSize: 9.5, color: ACCENT, paddingTop: 12, paddingBottom: 4, borderBottomWidth: 1, borderBottomColor: RULE },
  row: { flexDirection: "row", paddingVertical: 5, borderBottomWidth: 0.5, borderBottomColor: HAIRLINE },
  colName: { flexGrow: 1, flexShrink: 1, flexBasis: 0, paddingRight: 8 },
  colQty: { width: 74, textAlign: "right" },
  colPrice: { width: 92, textAlign: "right" },
  colTax: { width: 34, textAlign: "right" },
  colAmount: { width: 72, textAlign: "right" },
  description: { color: MUTED, fontSize: 8, marginTop: 1.5 },
  tag: { fontFamily: "Helvetica-Bold", fontSize: 6.5, letterSpacing: 0.5, color: ACCENT, marginTop: 2 },
  excluded: { color: "#7b8694" },
  struck: { textDecoration: "line-through" },
  subtotal: { flexDirection: "row", paddingTop: 4, paddingBottom: 2 },
  totals: { marginTop: 16, alignSelf: "flex-end", width: 270 },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 2.5 },
  totalLabel: { flexShrink: 1, paddingRight: 12 },
  discount: { color: "#1b6b3a" },
  sum: { borderTopWidth: 1, borderTopColor: RULE, marginTop: 3, paddingTop: 5 },
  grand: { borderTopWidth: 1.5, borderTopColor: INK, marginTop: 5, paddingTop: 6 },
  grandText: { fontFamily: "Helvetica-Bold", fontSize: 12 },
  notes: { marginTop: 20, padding: 10, backgroundColor: "#f6f8fa", borderRadius: 4 },
  accept: { marginTop: 12, color: MUTED, fontSize: 8 },
  link: { color: ACCENT, textDecoration: "none" },
  footer: {
    position: "absolute",
    bottom: 26,
    left: 44,
    right: 44,
    flexDirection: "row",
    justifyContent: "space-between",
    borderTopWidth: 0.5,
    borderTopColor: RULE,
    paddingTop: 6,
    fontSize: 7.5,
    color: MUTED,
  },
  footerText: { fontSize: 7.5, flexGrow: 1, flexShrink: 1, paddingRight: 12 },
  pageNumber: { width: 70, textAlign: "right" },
} satisfies Styles;

type Logo = { data: Buffer; format: "png" | "jpg" };

/** A PNG or JPEG data: URL whose bytes really are one; anything else shows the account's name alone. */
const embeddedLogo = (url: string | null): Logo | null => {
  const match = url ? /^data:image\/(png|jpe?g);base64,([A-Za-z0-9+/=\s]+)$/i.exec(url) : null;
  if (!match) return null;
  const data = Buffer.from((match[2] as string).replace(/\s+/g, ""), "base64");
  const png = data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpg = data.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));
  if (png) return { data, format: "png" };
  if (jpg) return { data, format: "jpg" };
  return null;
};

/** The document's components, built once over the loaded renderer. */
const layout = ({ Document, Image, Link, Page, Text, View }: PdfKit) => {
  /** Text with the document's leading. */
  const P = ({ style, children }: { style?: Style | Style[]; children?: ReactNode }) => (
    <Text style={[s.leading, ...(Array.isArray(style) ? style : style ? [style] : [])]}>{children}</Text>
  );

  const Header = ({ view, logo }: { view: QuoteView; logo: Logo | null }) => {
    const meta: [string, string][] = [
      ["Reference", view.reference],
      ["Version", String(view.version)],
      ["Date", view.issued],
    ];
    if (view.validUntil) meta.push(["Valid until", view.validUntil]);
    if (view.poNumber) meta.push(["PO number", view.poNumber]);
    return (
      <View style={s.header}>
        <View style={s.brand}>
          {/* eslint-disable-next-line jsx-a11y/alt-text -- a PDF image has no alt text; the account's name sits beside it */}
          {logo ? <Image style={s.logo} src={logo} /> : null}
          <View>
            <P style={s.brandName}>{view.account.name}</P>
            {view.account.email ? <P style={[s.muted, s.small]}>{view.account.email}</P> : null}
          </View>
        </View>
        <View style={s.titleBlock}>
          <P style={s.kind}>QUOTE</P>
          <P style={s.title}>{view.title}</P>
          {view.status ? <P style={s.status}>{view.status}</P> : null}
          {meta.map(([term, value]) => (
            <View key={term} style={s.metaRow}>
              <P style={s.metaTerm}>{term}</P>
              <P style={s.metaValue}>{value}</P>
            </View>
          ))}
        </View>
      </View>
    );
  };

  const Parties = ({ view }: { view: QuoteView }) => {
    const { customer, company, event } = view;
    return (
      <View style={s.parties}>
        <View style={s.partyLeft}>
          <P style={s.label}>PREPARED FOR</P>
          {company?.name ? <P style={s.strong}>{company.name}</P> : null}
          {customer.name ? <P style={company?.name ? undefined : s.strong}>{company?.name ? `Attn. ${customer.name}` : customer.name}</P> : null}
          {(company?.addressLines ?? []).map((line, index) => (
            <P key={index}>{line}</P>
          ))}
          {company?.vatNumber ? <P style={[s.muted, s.small]}>VAT {company.vatNumber}</P> : null}
          {customer.email ? <P style={[s.muted, s.small]}>{customer.email}</P> : null}
          {customer.phone ? <P style={[s.muted, s.small]}>{customer.phone}</P> : null}
        </View>
        <View style={s.partyRight}>
          <P style={s.label}>EVENT</P>
          <P style={s.strong}>{event.name}</P>
          {event.attendees ? <P style={[s.muted, s.small]}>{event.attendees}</P> : null}
          {view.spaces.map((space, index) => (
            <View key={index} style={s.space} wrap={false}>
              <P style={s.strong}>{space.name}</P>
              <P style={[s.muted, s.small]}>{space.when}</P>
            </View>
          ))}
        </View>
      </View>
    );
  };

  const LineRow = ({ line }: { line: ViewLine }) => {
    const dim = line.counted ? null : s.excluded;
    return (
      <View style={s.row} wrap={false}>
        <View style={s.colName}>
          <P style={dim ?? {}}>{line.name}</P>
          {line.description ? <P style={s.description}>{line.description}</P> : null}
          {line.tag ? <P style={s.tag}>{line.tag.toUpperCase()}</P> : null}
        </View>
        <P style={[s.colQty, dim ?? {}]}>{line.quantity}</P>
        <P style={[s.colPrice, dim ?? {}]}>{line.unitPrice}</P>
        <P style={[s.colTax, dim ?? {}]}>{line.taxRate}</P>
        <P style={[s.colAmount, ...(dim ? [dim, s.struck] : [])]}>{line.amount}</P>
      </View>
    );
  };

  const Subtotal = ({ group }: { group: ViewGroup }) =>
    group.subtotal ? (
      <View style={s.subtotal}>
        <P style={[s.colName, s.muted, { textAlign: "right" }]}>{group.title} subtotal</P>
        <P style={[s.colAmount, s.strong]}>{group.subtotal}</P>
      </View>
    ) : null;

  // A category's title never ends a page without its first line, nor its subtotal start one
  // without its last line: those pairs are kept together.
  const Group = ({ group }: { group: ViewGroup }) => {
    const [first, ...rest] = group.lines;
    const last = rest.pop();
    return (
      <View>
        <View wrap={false}>
          <P style={s.groupTitle}>{group.title}</P>
          {first ? <LineRow line={first} /> : null}
          {last ? null : <Subtotal group={group} />}
        </View>
        {rest.map((line) => (
          <LineRow key={line.key} line={line} />
        ))}
        {last ? (
          <View wrap={false}>
            <LineRow line={last} />
            <Subtotal group={group} />
          </View>
        ) : null}
      </View>
    );
  };

  const Lines = ({ view }: { view: QuoteView }) => (
    <View>
      {/* Repeated at the top of every page the table runs onto. */}
      <View style={s.tableHead} fixed>
        <P style={[s.th, s.colName]}>DESCRIPTION</P>
        <P style={[s.th, s.colQty]}>QUANTITY</P>
        <P style={[s.th, s.colPrice]}>UNIT PRICE</P>
        <P style={[s.th, s.colTax]}>TAX</P>
        <P style={[s.th, s.colAmount]}>AMOUNT</P>
      </View>
      {view.groups.map((group) => (
        <Group key={group.category} group={group} />
      ))}
    </View>
  );

  const Total = ({ row, style, text }: { row: TotalRow; style?: Style; text?: Style }) => (
    <View style={[s.totalRow, style ?? {}]}>
      <P style={[s.totalLabel, text ?? {}]}>{row.label}</P>
      <P style={[{ textAlign: "right" }, text ?? {}]}>{row.amount}</P>
    </View>
  );

  const Totals = ({ view }: { view: QuoteView }) => {
    const { subtotal, discounts, totalExclTax, taxes, total } = view.totals;
    return (
      <View style={s.totals} wrap={false}>
        <Total row={subtotal} />
        {discounts.map((row, index) => (
          <Total key={index} row={row} text={s.discount} />
        ))}
        {totalExclTax ? <Total row={totalExclTax} style={s.sum} text={s.strong} /> : null}
        {taxes.map((row, index) => (
          <Total key={index} row={row} />
        ))}
        <Total row={total} style={s.grand} text={s.grandText} />
      </View>
    );
  };

  const QuotePdf = ({ view, logo }: { view: QuoteView; logo: Logo | null }) => (
    <Document title={`${view.reference} · ${view.title}`} author={view.account.name} subject={view.footer} creator="Venuedesk" producer="Venuedesk">
      <Page size="A4" style={s.page}>
        <Header view={view} logo={logo} />
        <Parties view={view} />
        <Lines view={view} />
        <Totals view={view} />
        {/* Notes and the online link stay together: a lone link line never starts a page. */}
        <View wrap={false}>
          {view.notes ? (
            <View style={s.notes}>
              <P style={s.label}>NOTES</P>
              <P>{view.notes}</P>
            </View>
          ) : null}
          {view.publicUrl ? (
            <P style={s.accept}>
              Review, choose extras and accept this quote online:{" "}
              <Link style={s.link} src={view.publicUrl}>
                {view.publicUrl}
              </Link>
            </P>
          ) : null}
        </View>
        <View style={s.footer} fixed>
          <P style={s.footerText}>
            {[view.account.name, view.footer, view.validUntil ? `Valid until ${view.validUntil}` : null].filter(Boolean).join(" · ")}
          </P>
          {/* A render prop's text is laid out before it is known: it needs a width of its own. */}
          <Text style={s.pageNumber} render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );

  return QuotePdf;
};

let loaded: Promise<{ kit: PdfKit; QuotePdf: ReturnType<typeof layout> }> | null = null;

const renderer = () =>
  (loaded ??= import("@react-pdf/renderer").then((kit) => {
    // Words are never split with a hyphen: names, references and amounts must read as written.
    kit.Font.registerHyphenationCallback((word) => [word]);
    return { kit, QuotePdf: layout(kit) };
  }).catch((error: unknown) => {
    loaded = null; // the next download tries again
    throw error;
  }));

export const renderQuotePdf = async (doc: QuoteDocument): Promise<Buffer> => {
  const view = presentQuote(doc);
  const logo = embeddedLogo(view.account.logoUrl);
  const { kit, QuotePdf } = await renderer();
  if (!logo) return kit.renderToBuffer(<QuotePdf view={view} logo={null} />);
  try {
    return await kit.renderToBuffer(<QuotePdf view={view} logo={logo} />);
  } catch {
    // react-pdf already leaves out (with a warning) an image it cannot decode; should the logo make
    // the render fail any other way, the quote is still delivered, without it.
    return kit.renderToBuffer(<QuotePdf view={view} logo={null} />);
  }
};
