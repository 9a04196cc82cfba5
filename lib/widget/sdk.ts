import { maxKeptSession, widgetEvents } from "./protocol";
import { sessionKey } from "./session";
import { widgetPagePath } from "./snippet";

/*
 * The script a venue's website loads (GET /widget/sdk.js, pasted in with the snippet from the
 * inbox's settings). Plain ES2017 with no dependencies, in one closure: it adds exactly one
 * global, `window.venuedeskSDK` ({ run }), and one element, whose shadow root holds the chat
 * button and the iframe with our chat page, so neither the page's CSS nor ours leaks across.
 * Styles are set through the CSSOM (a constructed sheet, element.style), which a host page's
 * CSP without 'unsafe-inline' still allows. The button appears once the chat page says its
 * inbox exists, in that inbox's colour; messages are taken only from that iframe and our origin.
 * Only when the browser refuses the chat storage inside other sites' pages does the script keep
 * the chat's session for it, under one localStorage key of this site (`venuedesk.chat.<token>`).
 */

const styles = String.raw`
:host { all: initial; }
.launcher {
  position: fixed; right: 20px; bottom: 20px; z-index: 2147483000;
  width: 56px; height: 56px; padding: 0; border: 0; border-radius: 50%;
  display: flex; align-items: center; justify-content: center; cursor: pointer;
  background: #1f93ff; color: #fff;
  box-shadow: 0 4px 14px rgba(15, 23, 42, 0.28);
  transition: transform 0.15s ease;
}
.launcher:hover { transform: scale(1.06); }
.launcher:focus-visible { outline: 3px solid #0f172a; outline-offset: 3px; box-shadow: 0 0 0 3px #fff, 0 4px 14px rgba(15, 23, 42, 0.28); }
.launcher[hidden], .icon[hidden], .badge[hidden], .frame[hidden] { display: none; }
.icon { width: 28px; height: 28px; }
.badge {
  position: absolute; top: -4px; right: -4px; box-sizing: border-box;
  min-width: 22px; height: 22px; padding: 0 6px; border-radius: 11px; border: 2px solid #fff;
  background: #dc2626; color: #fff; font: 600 12px/18px system-ui, sans-serif; text-align: center;
}
.hint { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
.frame {
  position: fixed; right: 20px; bottom: 88px; z-index: 2147483000;
  width: 380px; height: 640px; max-height: calc(100vh - 108px); max-height: calc(100dvh - 108px);
  border: 0; border-radius: 16px; background: #fff; color-scheme: light;
  box-shadow: 0 12px 40px rgba(15, 23, 42, 0.28);
}
@media (max-width: 480px) {
  .frame { inset: 0; width: 100%; height: 100%; max-height: none; border-radius: 0; }
  .launcher.open { display: none; }
}
@media (prefers-reduced-motion: reduce) { .launcher { transition: none; } }
`;

const chatPath = "M4 5h16a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H9l-4 3v-3H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z";
const closePath = "M6 6l12 12M18 6L6 18";

export const widgetSdkSource = String.raw`/* Venuedesk website chat. Paste the snippet from your inbox's settings; it calls venuedeskSDK.run(). */
(function () {
  "use strict";
  if (window.venuedeskSDK) return;
  var EVENTS = ${JSON.stringify(widgetEvents)};
  var PAGE = ${JSON.stringify(widgetPagePath)};
  var STYLES = ${JSON.stringify(styles)};
  var HEX = /^#[0-9a-fA-F]{6}$/;
  var TOKEN = /^[A-Za-z0-9_-]{1,255}$/;
  var SVG = "http://www.w3.org/2000/svg";
  var MAX_SESSION = ${maxKeptSession};
  var started = false;

  function show(element, visible) {
    element.toggleAttribute("hidden", !visible);
  }

  function hostStorage() {
    try {
      return window.localStorage;
    } catch (error) {
      return null;
    }
  }

  function icon(path) {
    var svg = document.createElementNS(SVG, "svg");
    svg.setAttribute("viewBox", "0 0 24 24");
    svg.setAttribute("fill", "none");
    svg.setAttribute("stroke", "currentColor");
    svg.setAttribute("stroke-width", "1.8");
    svg.setAttribute("stroke-linecap", "round");
    svg.setAttribute("stroke-linejoin", "round");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    svg.setAttribute("class", "icon");
    var shape = document.createElementNS(SVG, "path");
    shape.setAttribute("d", path);
    svg.appendChild(shape);
    return svg;
  }

  function addStyles(root) {
    try {
      var sheet = new CSSStyleSheet();
      sheet.replaceSync(STYLES);
      root.adoptedStyleSheets = [sheet];
    } catch (error) {
      var style = document.createElement("style");
      style.textContent = STYLES;
      root.appendChild(style);
    }
  }

  function mount(origin, src, storeKey) {
    var host = document.createElement("div");
    host.setAttribute("data-venuedesk-chat", "");
    var root = host.attachShadow({ mode: "open" });
    addStyles(root);

    var frame = document.createElement("iframe");
    frame.id = "venuedesk-chat";
    frame.className = "frame";
    frame.title = "Chat";
    show(frame, false);
    frame.src = src;

    var launcher = document.createElement("button");
    launcher.type = "button";
    launcher.className = "launcher";
    show(launcher, false);
    launcher.setAttribute("aria-label", "Chat with us");
    launcher.setAttribute("aria-expanded", "false");
    launcher.setAttribute("aria-controls", frame.id);
    launcher.setAttribute("aria-describedby", "venuedesk-chat-unread");
    var chatIcon = icon(${JSON.stringify(chatPath)});
    var closeIcon = icon(${JSON.stringify(closePath)});
    show(closeIcon, false);
    var badge = document.createElement("span");
    badge.className = "badge";
    show(badge, false);
    badge.setAttribute("aria-hidden", "true");
    var unread = document.createElement("span");
    unread.id = "venuedesk-chat-unread";
    unread.className = "hint";
    launcher.appendChild(chatIcon);
    launcher.appendChild(closeIcon);
    launcher.appendChild(badge);
    launcher.appendChild(unread);
    root.appendChild(launcher);
    root.appendChild(frame);
    document.body.appendChild(host);

    var open = false;
    var keepSession = false;
    function tell(type, value) {
      if (frame.contentWindow) frame.contentWindow.postMessage({ type: type, value: value }, origin);
    }
    function setOpen(next, returnFocus) {
      open = next;
      show(frame, open);
      launcher.classList.toggle("open", open);
      launcher.setAttribute("aria-expanded", String(open));
      show(chatIcon, !open);
      show(closeIcon, open);
      if (open) show(badge, false);
      tell(open ? EVENTS.opened : EVENTS.closed);
      if (open) frame.focus();
      else if (returnFocus) launcher.focus();
    }
    launcher.addEventListener("click", function () {
      setOpen(!open, false);
    });
    launcher.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && open) setOpen(false, true);
    });
    window.addEventListener("message", function (event) {
      if (event.source !== frame.contentWindow || event.origin !== origin) return;
      var data = event.data;
      if (!data || typeof data !== "object") return;
      if (data.type === EVENTS.ready) {
        if (!data.available) {
          console.warn("Venuedesk chat: no website inbox has this websiteToken, so the chat button stays hidden.");
          return;
        }
        if (HEX.test(data.color)) launcher.style.backgroundColor = data.color;
        if (HEX.test(data.foreground)) launcher.style.color = data.foreground;
        if (typeof data.title === "string" && data.title) frame.title = "Chat with " + data.title.slice(0, 200);
        if (data.keepSession === true) {
          keepSession = true;
          var kept = null;
          try {
            kept = hostStorage() ? hostStorage().getItem(storeKey) : null;
          } catch (error) {
            kept = null;
          }
          tell(EVENTS.session, kept);
        }
        show(launcher, true);
        if (open) tell(EVENTS.opened);
      } else if (data.type === EVENTS.store && keepSession) {
        var value = data.value;
        if (value !== null && (typeof value !== "string" || value.length > MAX_SESSION)) return;
        try {
          if (value === null) hostStorage().removeItem(storeKey);
          else hostStorage().setItem(storeKey, value);
        } catch (error) {
          // This site's storage is refused too: the chat lasts as long as the page.
        }
      } else if (data.type === EVENTS.requestClose && open) {
        setOpen(false, true);
      } else if (data.type === EVENTS.unread) {
        var count = Math.min(99, Math.max(0, Math.floor(Number(data.count)) || 0));
        badge.textContent = String(count);
        show(badge, !open && count > 0);
        unread.textContent = count === 0 ? "" : count === 1 ? "1 new reply" : count + " new replies";
      }
    });
  }

  function run(options) {
    if (started) return;
    var settings = options || {};
    var token = String(settings.websiteToken || "");
    var base = null;
    try {
      base = new URL(String(settings.baseUrl || ""));
    } catch (error) {
      base = null;
    }
    if (!base || (base.protocol !== "https:" && base.protocol !== "http:") || !TOKEN.test(token)) {
      console.error("Venuedesk chat: run() needs { websiteToken, baseUrl } as in the snippet from your inbox's settings.");
      return;
    }
    started = true;
    var src = base.origin + PAGE + "?website_token=" + encodeURIComponent(token);
    var storeKey = ${JSON.stringify(sessionKey(""))} + token;
    if (document.body) mount(base.origin, src, storeKey);
    else document.addEventListener("DOMContentLoaded", function () { mount(base.origin, src, storeKey); });
  }

  window.venuedeskSDK = { run: run };
})();
`;
