/** The colour a new website inbox gets (Chatwoot's). */
export const defaultWidgetColor = "#1f93ff";
const dark = "#0f172a";
const light = "#ffffff";

const hex = /^#[0-9a-f]{6}$/i;

/** The inbox's stored colour when it is a plain #rrggbb, else the default. */
export const widgetColor = (value: unknown) => (typeof value === "string" && hex.test(value) ? value.toLowerCase() : defaultWidgetColor);

const channel = (value: number) => {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance of a #rrggbb colour. */
const luminance = (color: string) => {
  const n = Number.parseInt(color.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
};

export const contrast = (a: string, b: string) => {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
};

/**
 * Text drawn on the widget colour (the header, the visitor's messages, the button's icon): white
 * or near-black, whichever contrasts more, so any colour a venue picks stays readable.
 */
export const foregroundOn = (color: string) => (contrast(color, light) >= contrast(color, dark) ? light : dark);
