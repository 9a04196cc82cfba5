/*
 * The visitor's browser as Chatwoot's widget event reports it (`event_info.browser`, from the
 * `browser` gem): read from the User-Agent header, never from anything the page claims. Pure.
 */

export type BrowserInfo = {
  browser_name: string;
  browser_version: string;
  device_name: string;
  platform_name: string;
  platform_version: string;
};

/** First match wins: Edge and Opera also say Chrome, Chrome also says Safari. */
const browsers: [name: string, pattern: RegExp][] = [
  ["Microsoft Edge", /\bEdg(?:e|A|iOS)?\/([\d.]+)/],
  ["Opera", /\bOPR\/([\d.]+)/],
  ["Samsung Browser", /\bSamsungBrowser\/([\d.]+)/],
  ["Firefox", /\b(?:Firefox|FxiOS)\/([\d.]+)/],
  ["Chrome", /\b(?:Chrome|CriOS)\/([\d.]+)/],
  ["Safari", /\bVersion\/([\d.]+).*\bSafari\//],
];

const platforms: [name: string, pattern: RegExp][] = [
  ["Windows", /\bWindows NT ([\d.]+)/],
  ["iOS", /\b(?:iPhone|iPad|iPod).*? OS ([\d_]+)/],
  ["Android", /\bAndroid ([\d.]+)/],
  ["macOS", /\bMac OS X ([\d_.]+)/],
  ["Chrome OS", /\bCrOS \S+ ([\d.]+)/],
  ["Linux", /\bLinux()/],
];

const devices: [name: string, pattern: RegExp][] = [
  ["iPad", /\biPad\b/],
  ["iPhone", /\biPhone\b/],
  ["iPod Touch", /\biPod\b/],
];

const matchOf = (list: [string, RegExp][], agent: string, unknown: string) => {
  for (const [name, pattern] of list) {
    const found = pattern.exec(agent);
    if (found) return { name, version: (found[1] ?? "").replaceAll("_", ".") || "0" };
  }
  return { name: unknown, version: "0" };
};

export const browserOf = (userAgent: string | null): BrowserInfo => {
  const agent = userAgent ?? "";
  const browser = matchOf(browsers, agent, "Unknown Browser");
  const platform = matchOf(platforms, agent, "Unknown");
  const device = devices.find(([, pattern]) => pattern.test(agent));
  return {
    browser_name: browser.name,
    browser_version: browser.version,
    device_name: device?.[0] ?? "Unknown",
    platform_name: platform.name,
    platform_version: platform.version,
  };
};
