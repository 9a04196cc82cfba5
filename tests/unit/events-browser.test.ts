import { describe, expect, it } from "vitest";
import { browserOf } from "@/lib/client-api/browser";

const agents = {
  chromeMac:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
  firefoxLinux: "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  chromeAndroid: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
};

describe("the visitor's browser in webwidget_triggered's event_info", () => {
  it.each([
    ["Chrome on macOS", agents.chromeMac, ["Chrome", "131.0.0.0", "Unknown", "macOS", "10.15.7"]],
    ["Edge, though it also says Chrome", agents.edgeWindows, ["Microsoft Edge", "131.0.2903.86", "Unknown", "Windows", "10.0"]],
    ["Firefox on Linux", agents.firefoxLinux, ["Firefox", "133.0", "Unknown", "Linux", "0"]],
    ["Safari on an iPhone", agents.safariIphone, ["Safari", "17.5", "iPhone", "iOS", "17.5"]],
    ["Chrome on Android, not Linux", agents.chromeAndroid, ["Chrome", "131.0.0.0", "Unknown", "Android", "14"]],
    ["no header", null, ["Unknown Browser", "0", "Unknown", "Unknown", "0"]],
  ])("%s", (_name, agent, [browserName, browserVersion, deviceName, platformName, platformVersion]) => {
    expect(browserOf(agent)).toEqual({
      browser_name: browserName,
      browser_version: browserVersion,
      device_name: deviceName,
      platform_name: platformName,
      platform_version: platformVersion,
    });
  });
});
