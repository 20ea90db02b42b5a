import { ALL_ON, setToolConsent, type ConsentChoice } from "./cookie-consent";

/**
 * D150: a configured IAB TCF v2.2 consent tool (a CMP) replaces the cookie notice.
 *
 * Contract:
 * - `startConsentTool(src)` loads the tool's script once. From then on `hasConsent` follows the tool: nothing
 *   until it answers; with TCF's `gdprApplies` false, both purposes; otherwise statistics needs purposes 1
 *   (store or access information) and 8 (measure content performance), advertising purposes 1 and 2 (use
 *   limited data to select advertising).
 * - Game frames reach `__tcfapi` through TCF's frame protocol: a frame named `__tcfapiLocator` in this page, and
 *   `__tcfapiCall` messages answered with `__tcfapiReturn` to the frame that asked. A tool that made its own
 *   locator answers those itself; otherwise this page makes one and relays (`startTcfFrameRelay`), once the
 *   tool's script has loaded or failed to.
 * - The relay answers frames of this page only, and only TCF's commands (RELAYED_COMMANDS).
 */
export const LOCATOR_NAME = "__tcfapiLocator";
export const RELAYED_COMMANDS = ["ping", "getTCData", "addEventListener", "removeEventListener", "getInAppTCData"];

type TcfCallback = (returnValue: unknown, success: boolean) => void;
type TcfApi = (command: string, version: number, callback: TcfCallback, parameter?: unknown) => void;
type TcfWindow = Window & { __tcfapi?: TcfApi };

type TcData = {
  gdprApplies?: boolean;
  eventStatus?: string;
  purpose?: { consents?: Record<string, boolean> };
};

/** The purposes a TC data answer allows, or null while the visitor has not answered the tool yet. */
export function choiceFromTcData(data: TcData | null | undefined): ConsentChoice | null {
  if (!data) return null;
  if (data.gdprApplies === false) return ALL_ON;
  if (data.eventStatus !== "tcloaded" && data.eventStatus !== "useractioncomplete") return null;
  const consents = data.purpose?.consents ?? {};
  const storage = consents["1"] === true;
  return { statistics: storage && consents["8"] === true, advertising: storage && consents["2"] === true };
}

let toolSrc: string | undefined;

export function startConsentTool(src: string, win: TcfWindow = window): void {
  if (toolSrc !== undefined) return;
  toolSrc = src;
  setToolConsent(null);
  const script = win.document.createElement("script");
  script.async = true;
  script.src = src;
  const loaded = () => {
    if (!hasLocator(win)) startTcfFrameRelay(win);
    listenToTool(win);
  };
  script.addEventListener("load", loaded, { once: true });
  script.addEventListener("error", loaded, { once: true });
  win.document.head.appendChild(script);
}

function listenToTool(win: TcfWindow): void {
  if (typeof win.__tcfapi !== "function") return;
  try {
    win.__tcfapi("addEventListener", 2, (data, success) => {
      if (!success) return;
      const choice = choiceFromTcData(data as TcData);
      if (choice) setToolConsent(choice);
    });
  } catch {
    // a faulty tool: nothing is allowed (hasConsent stays false)
  }
}

function hasLocator(win: Window): boolean {
  return win.document.getElementsByName(LOCATOR_NAME).length > 0;
}

type TcfCall = { command: string; version?: number; callId: string | number; parameter?: unknown };

function readCall(data: unknown): { call: TcfCall; asText: boolean } | null {
  let value = data;
  const asText = typeof data === "string";
  if (asText) {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  const call = (value as { __tcfapiCall?: unknown } | null)?.__tcfapiCall as Partial<TcfCall> | undefined;
  if (!call || typeof call !== "object") return null;
  if (typeof call.command !== "string" || !RELAYED_COMMANDS.includes(call.command)) return null;
  if (typeof call.callId !== "string" && typeof call.callId !== "number") return null;
  if (call.version !== undefined && typeof call.version !== "number") return null;
  return { call: call as TcfCall, asText };
}

/** A frame inside this page (up to 5 frames deep: a game's own frames included), not this window. */
function isFrameOf(source: MessageEventSource | null, win: Window, depth = 0): source is Window {
  if (!source || depth > 5) return false;
  try {
    // a window's `frames` and `length` can be read across origins
    for (let i = 0; i < win.length; i++) {
      const child = win.frames[i];
      if (child === source || isFrameOf(source, child, depth + 1)) return true;
    }
  } catch {
    return false;
  }
  return false;
}

/** Makes the locator frame and answers game frames' `__tcfapiCall` messages; returns the stop function. */
export function startTcfFrameRelay(win: TcfWindow = window): () => void {
  let locator: HTMLIFrameElement | undefined;
  if (!hasLocator(win)) {
    locator = win.document.createElement("iframe");
    locator.name = LOCATOR_NAME;
    locator.title = "Consent tool locator";
    locator.setAttribute("aria-hidden", "true");
    locator.tabIndex = -1;
    locator.style.display = "none";
    win.document.body.appendChild(locator);
  }
  const onMessage = (event: MessageEvent) => {
    const read = readCall(event.data);
    if (!read || !isFrameOf(event.source, win)) return;
    const api = win.__tcfapi;
    if (typeof api !== "function") return;
    const source = event.source;
    const { call, asText } = read;
    try {
      api(
        call.command,
        call.version ?? 2,
        (returnValue, success) => {
          const answer = { __tcfapiReturn: { returnValue, success, callId: call.callId } };
          source.postMessage(asText ? JSON.stringify(answer) : answer, "*");
        },
        call.parameter,
      );
    } catch {
      // the tool's fault: the frame's own timeout tells it there is no answer
    }
  };
  win.addEventListener("message", onMessage);
  return () => {
    win.removeEventListener("message", onMessage);
    locator?.remove();
  };
}

/** Opens the tool's own settings, if it offers the common `displayConsentUi` command (TCF has no standard one). */
export function openConsentToolSettings(win: TcfWindow = window): void {
  try {
    win.__tcfapi?.("displayConsentUi", 2, () => {});
  } catch {
    // not offered: nothing opens
  }
}

/** Tests: forget the started tool. */
export function resetConsentTool(): void {
  toolSrc = undefined;
}
