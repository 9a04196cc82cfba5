/** Where the website chat lives on our origin. */
export const widgetPagePath = "/widget";
export const widgetScriptPath = "/widget/sdk.js";

/** A JavaScript string literal that is also safe inside an HTML <script> element. */
const jsString = (value: string) => JSON.stringify(value).replaceAll("<", "\\u003c");

/** The chat page for one website inbox, on its own (what the script opens in its iframe). */
export const widgetPageUrl = (baseUrl: string, websiteToken: string) =>
  `${baseUrl.replace(/\/+$/, "")}${widgetPagePath}?website_token=${encodeURIComponent(websiteToken)}`;

/**
 * The code a venue pastes into its website: it loads our script without blocking the page and
 * starts the chat for one inbox. Chatwoot's snippet has the same shape (`chatwootSDK.run`).
 */
export const widgetSnippet = ({ baseUrl, websiteToken }: { baseUrl: string; websiteToken: string }) =>
  [
    "<script>",
    "  (function (d, t) {",
    `    var BASE_URL = ${jsString(baseUrl.replace(/\/+$/, ""))};`,
    "    var g = d.createElement(t), s = d.getElementsByTagName(t)[0];",
    `    g.src = BASE_URL + ${jsString(widgetScriptPath)};`,
    "    g.defer = true;",
    "    g.async = true;",
    "    s.parentNode.insertBefore(g, s);",
    "    g.onload = function () {",
    "      window.venuedeskSDK.run({",
    `        websiteToken: ${jsString(websiteToken)},`,
    "        baseUrl: BASE_URL",
    "      });",
    "    };",
    '  })(document, "script");',
    "</script>",
  ].join("\n");
