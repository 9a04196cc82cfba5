import { encodePng } from "@/lib/format/png";
import { priceQuote, type ExtraLine, type PricedAllocation } from "@/lib/pricing/engine";
import type { Plan, Rate } from "@/lib/pricing/plans";
import { storeBreakdown, type QuoteDocument, type SnapshotAllocation } from "./document";

/**
 * A realistic quote document for render tests, the render benchmark and sample files: a summer
 * gala in Amsterdam with its spaces, catering, equipment, staff and extras. The breakdown comes
 * from the real pricing engine, so its totals obey DESIGN.md §6 "Quote arithmetic" exactly as a
 * stored quote's do.
 */

export type SampleOptions = {
  /** Lines in the breakdown, generated, additional and optional together (default 24). */
  lines?: number;
  /** Whether the account has a logo (an embedded PNG data: URL; default true). */
  logo?: boolean;
  status?: string;
};

const ZONE = "Europe/Amsterdam";
const HALL = "7b0f3a52-2f6e-4a7c-9d51-3c1e6f0a9b01";
const TERRACE = "7b0f3a52-2f6e-4a7c-9d51-3c1e6f0a9b02";

const allocations: SnapshotAllocation[] = [
  { id: "a1c2e3f4-0000-4000-8000-000000000001", space_id: HALL, space_name: "Grand Hall", timezone: ZONE, start_at: "2027-06-11T16:00:00.000Z", end_at: "2027-06-11T20:00:00.000Z", status: "confirmed" },
  { id: "a1c2e3f4-0000-4000-8000-000000000002", space_id: TERRACE, space_name: "Garden Terrace", timezone: ZONE, start_at: "2027-06-12T10:00:00.000Z", end_at: "2027-06-12T12:00:00.000Z", status: "confirmed" },
  { id: "a1c2e3f4-0000-4000-8000-000000000003", space_id: HALL, space_name: "Grand Hall", timezone: ZONE, start_at: "2027-06-12T12:00:00.000Z", end_at: "2027-06-12T21:59:00.000Z", status: "confirmed" },
];

const rates: Rate[] = [
  { id: 1, name: "Day hire", unit: "day", amount: "4500", taxRate: "21", category: "space", spaceId: HALL, active: true },
  { id: 2, name: "Hourly hire", unit: "hour", amount: "350", taxRate: "21", category: "space", spaceId: TERRACE, active: true },
  { id: 3, name: "Set-up evening", unit: "hour", amount: "180", taxRate: "21", category: "space", spaceId: HALL, active: true },
];

const plans: Plan[] = [
  {
    id: 1,
    name: "Season 2027",
    validFrom: null,
    validTo: null,
    repeatYearly: false,
    active: true,
    isDefault: true,
    rules: [
      { id: 1, name: "Full day", rateId: 1, priority: 1, active: true, isDefault: false, clauses: [{ field: "duration_hours", operator: "gte", value: 6 }] },
      { id: 2, name: "Hall by the hour", rateId: 3, priority: 2, active: true, isDefault: false, clauses: [] },
      { id: 3, name: "Terrace by the hour", rateId: 2, priority: 3, active: true, isDefault: true, clauses: [] },
    ],
    bundles: [],
  },
];

type Item = Omit<ExtraLine, "key">;

// Dutch VAT: 9% on food, 21% on drinks and everything else.
const catalog: Item[] = [
  { name: "Welcome drinks: sparkling wine and fresh juices", category: "catering", unit: "person", quantity: 180, unitPrice: "8.50", taxRate: 21 },
  { name: "Canapés, four pieces per guest", category: "catering", unit: "person", quantity: 180, unitPrice: "9.75", taxRate: 9 },
  {
    name: "Three-course seated dinner",
    category: "catering",
    unit: "person",
    quantity: 180,
    unitPrice: "62.50",
    taxRate: 9,
    description: "Seasonal menu by our head chef; vegetarian, vegan and allergy-friendly options on request.",
  },
  { name: "Wine package with dinner", category: "catering", unit: "person", quantity: 180, unitPrice: "24.00", taxRate: 21 },
  { name: "Open bar, beer, wine and soft drinks", category: "catering", unit: "person_hour", quantity: 720, unitPrice: "4.25", taxRate: 21 },
  { name: "Coffee and tea service", category: "catering", unit: "person", quantity: 180, unitPrice: "3.75", taxRate: 9 },
  { name: "Late-night bites", category: "catering", unit: "person", quantity: 180, unitPrice: "6.50", taxRate: 9 },
  { name: "Children's menu", category: "catering", unit: "person", quantity: 8, unitPrice: "24.50", taxRate: 9 },
  { name: "Crew meals", category: "catering", unit: "person", quantity: 14, unitPrice: "12.00", taxRate: 9 },
  { name: "Stage 8 × 4 m with steps", category: "equipment", quantity: 1, unitPrice: "950.00", taxRate: 21 },
  { name: "PA system with line array", category: "equipment", quantity: 1, unitPrice: "1250.00", taxRate: 21 },
  { name: "Wireless handheld microphone", category: "equipment", quantity: 4, unitPrice: "45.00", taxRate: 21 },
  { name: "LED uplighting package", category: "equipment", quantity: 1, unitPrice: "680.00", taxRate: 21 },
  { name: "Projector and 5 m screen", category: "equipment", quantity: 1, unitPrice: "475.00", taxRate: 21 },
  { name: "Dance floor, white, 8 × 8 m", category: "equipment", quantity: 1, unitPrice: "1100.00", taxRate: 21 },
  { name: "Round banquet table, 10 seats", category: "equipment", quantity: 18, unitPrice: "18.00", taxRate: 21 },
  { name: "Chiavari chair", category: "equipment", quantity: 180, unitPrice: "4.50", taxRate: 21 },
  { name: "Table linen, ivory", category: "equipment", quantity: 18, unitPrice: "12.50", taxRate: 21 },
  { name: "Event manager", category: "staff", unit: "hour", quantity: 12, unitPrice: "65.00", taxRate: 21, description: "Your single point of contact from set-up to close." },
  { name: "Waiting staff (12 × 7 hours)", category: "staff", unit: "hour", quantity: 84, unitPrice: "38.50", taxRate: 21 },
  { name: "Bar staff", category: "staff", unit: "hour", quantity: 32, unitPrice: "36.00", taxRate: 21 },
  { name: "Security", category: "staff", unit: "hour", quantity: 20, unitPrice: "42.00", taxRate: 21 },
  { name: "Cloakroom attendants", category: "staff", unit: "hour", quantity: 12, unitPrice: "32.00", taxRate: 21 },
  { name: "Sound engineer", category: "staff", unit: "hour", quantity: 10, unitPrice: "75.00", taxRate: 21 },
  { name: "Floral centrepieces", category: "other", quantity: 18, unitPrice: "45.00", taxRate: 21 },
  { name: "Printed menus", category: "other", quantity: 180, unitPrice: "1.20", taxRate: 21 },
  { name: "Parking vouchers", category: "other", quantity: 40, unitPrice: "12.50", taxRate: 21 },
  { name: "Music licence (Buma/Sena)", category: "other", quantity: 1, unitPrice: "145.30", taxRate: 21 },
  { name: "Energy surcharge", category: "other", quantity: 1, unitPrice: "185.00", taxRate: 21 },
  { name: "Cleaning after the event", category: "other", quantity: 1, unitPrice: "650.00", taxRate: 21 },
];

const extras: (Item & { selected: boolean })[] = [
  { name: "Photo booth with instant prints, 3 hours", category: "other", quantity: 1, unitPrice: "895.00", taxRate: 21, selected: true },
  {
    name: "Live jazz trio during dinner",
    category: "entertainment",
    quantity: 1,
    unitPrice: "1850.00",
    taxRate: 21,
    selected: false,
    description: "Three 45-minute sets; piano, double bass and drums.",
  },
  { name: "Fireworks over the canal", category: "entertainment", quantity: 1, unitPrice: "2400.00", taxRate: 21, selected: false },
];

// ---------------------------------------------------------------------------------------------
// A small PNG logo, drawn here so the sample carries a real embeddable image and no binary file.

/** A deep-teal rounded square with a white arch (a doorway), antialiased by 4×4 supersampling. */
const logoPng = (): Buffer => {
  const size = 96;
  const inShape = (x: number, y: number) => {
    const r = 18;
    const cx = Math.min(Math.max(x, r), size - r);
    const cy = Math.min(Math.max(y, r), size - r);
    const inSquare = (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
    const inArch = x >= 30 && x <= 66 && y <= 76 && (y >= 46 || (x - 48) ** 2 + (y - 46) ** 2 <= 18 * 18);
    const inDoor = x >= 40 && x <= 56 && y <= 76 && (y >= 54 || (x - 48) ** 2 + (y - 54) ** 2 <= 8 * 8);
    return inSquare ? (inArch && !inDoor ? "white" : "teal") : "none";
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      let teal = 0;
      let white = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const hit = inShape(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4);
          if (hit === "teal") teal++;
          if (hit === "white") white++;
        }
      const cover = teal + white;
      const mix = (t: number, w: number) => (cover === 0 ? 0 : Math.round((t * teal + w * white) / cover));
      row.set([mix(0x0f, 0xff), mix(0x4c, 0xff), mix(0x5c, 0xff), Math.round((cover / 16) * 255)], 1 + x * 4);
    }
    rows.push(row);
  }
  return encodePng(size, size, 4, Buffer.concat(rows));
};

let logoDataUrl: string | null = null;
const sampleLogo = () => (logoDataUrl ??= `data:image/png;base64,${logoPng().toString("base64")}`);

// ---------------------------------------------------------------------------------------------

/** The catalogue taken a category at a time, so even a short sample has some of each. */
const byCategory = [...new Set(catalog.map((item) => item.category))].map((category) => catalog.filter((item) => item.category === category));
const interleaved: Item[] = Array.from({ length: Math.max(...byCategory.map((items) => items.length)) }, (_, round) =>
  byCategory.flatMap((items) => (round < items.length ? [items[round] as Item] : [])),
).flat();

/** Catalogue items for `count` additional lines; past the catalogue's end they repeat as a second order. */
const additionalItems = (count: number): ExtraLine[] =>
  Array.from({ length: count }, (_, index) => {
    const item = interleaved[index % interleaved.length] as Item;
    const round = Math.floor(index / interleaved.length);
    return { ...item, key: `additional:${index}`, name: round === 0 ? item.name : `${item.name} (order ${round + 1})` };
  });

export const sampleQuoteDocument = (options: SampleOptions = {}): QuoteDocument => {
  const total = Math.max(1, Math.floor(options.lines ?? 24));
  const allocationCount = Math.min(allocations.length, total);
  const optionalCount = Math.min(extras.length, total - allocationCount);
  const additionalCount = total - allocationCount - optionalCount;
  const chosenAllocations = allocations.slice(0, allocationCount);
  const optional = extras.slice(0, optionalCount).map(({ selected, ...item }, index) => ({ ...item, key: `optional:${index}`, selected }));

  const breakdown = priceQuote({
    currency: "EUR",
    attendees: 180,
    allocations: chosenAllocations.map(
      (a): PricedAllocation => ({ id: a.id, spaceId: a.space_id, spaceName: a.space_name, timezone: a.timezone, startAt: new Date(a.start_at), endAt: new Date(a.end_at) }),
    ),
    plans,
    eventPlanId: null,
    rates,
    overrides: { lines: [], additionalLines: additionalItems(additionalCount), optionalLines: optional },
    selectedOptionalKeys: optional.filter((line) => line.selected).map((line) => line.key as string),
    discounts: [{ code: "EARLY10", name: "Early booking", discountType: "percentage", value: 10 }],
  });

  return {
    account: { name: "Harbourlight Venues", support_email: "events@harbourlight.example", logo_url: options.logo === false ? null : sampleLogo() },
    customer: { first_name: "Sophie", last_name: "van den Berg", name: "Sophie van den Berg", email: "sophie.vandenberg@northwind.example", phone_number: "+31 20 123 4567" },
    company: { name: "Northwind Analytics B.V.", vat_number: "NL123456789B01", address: "Keizersgracht 123\n1015 CJ Amsterdam\nThe Netherlands", email: "finance@northwind.example" },
    event: { id: "5d1c9e0a-8f7b-4c1e-9a2d-6b3f0e4c7a11", name: "Northwind Summer Gala 2027", attendees_count: 180, status: "tentative" },
    quote: {
      id: 1042,
      version: 3,
      name: "Summer Gala: dinner, party and extras",
      status: options.status ?? "sent",
      po_number: "PO-2027-0612",
      notes:
        "Prices are per the 2027 season. A deposit of 30% confirms the booking; the balance is due 14 days before the event.\nFinal guest numbers are needed 10 working days in advance.",
      currency: "EUR",
      valid_until: "2027-04-30",
      created_at: "2027-03-01T09:30:00.000Z",
      public_url: "https://venuedesk.example/q/k3Jx9vQm2TzL8wRb5nYc4A",
    },
    timezone: ZONE,
    allocations: chosenAllocations,
    breakdown: storeBreakdown(breakdown),
  };
};
