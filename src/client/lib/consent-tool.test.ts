import { afterEach, describe, expect, it, vi } from "vitest";
import { choiceFromTcData, LOCATOR_NAME, startTcfFrameRelay } from "./consent-tool";
import { hasConsent, setToolConsent } from "./cookie-consent";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a stand-in CMP of any signature
type TcfWindow = Window & { __tcfapi?: (...args: any[]) => void };

function gameFrame(): Window {
  const frame = document.createElement("iframe");
  document.body.appendChild(frame);
  return frame.contentWindow!;
}

function answers(frame: Window): unknown[] {
  const got: unknown[] = [];
  frame.addEventListener("message", (e) => got.push(e.data));
  return got;
}

describe("IAB TCF consent tool (D150)", () => {
  afterEach(() => {
    delete (window as TcfWindow).__tcfapi;
    document.body.innerHTML = "";
    setToolConsent(undefined);
  });

  it("makes the locator frame and relays a game frame's __tcfapiCall to __tcfapi, answering __tcfapiReturn", async () => {
    const api = vi.fn((command: string, _version: number, callback: (v: unknown, ok: boolean) => void) =>
      callback({ command, tcString: "CP-test" }, true),
    );
    (window as TcfWindow).__tcfapi = api;
    const stop = startTcfFrameRelay();
    expect(document.getElementsByName(LOCATOR_NAME)).toHaveLength(1);

    const frame = gameFrame();
    const got = answers(frame);
    window.dispatchEvent(
      new MessageEvent("message", {
        data: { __tcfapiCall: { command: "getTCData", version: 2, callId: "c1", parameter: [755] } },
        source: frame,
      }),
    );
    // the same call sent as JSON text is answered as text
    window.dispatchEvent(
      new MessageEvent("message", {
        data: JSON.stringify({ __tcfapiCall: { command: "ping", version: 2, callId: 9 } }),
        source: frame,
      }),
    );
    await vi.waitFor(() => expect(got).toHaveLength(2));
    expect(api).toHaveBeenCalledWith("getTCData", 2, expect.any(Function), [755]);
    expect(got[0]).toEqual({
      __tcfapiReturn: { returnValue: { command: "getTCData", tcString: "CP-test" }, success: true, callId: "c1" },
    });
    expect(JSON.parse(got[1] as string)).toEqual({
      __tcfapiReturn: { returnValue: { command: "ping", tcString: "CP-test" }, success: true, callId: 9 },
    });
    stop();
    expect(document.getElementsByName(LOCATOR_NAME)).toHaveLength(0);
  });

  it("ignores other commands, malformed calls and messages that are not from a frame of this page", async () => {
    const api = vi.fn();
    (window as TcfWindow).__tcfapi = api;
    const stop = startTcfFrameRelay();
    const frame = gameFrame();
    for (const data of [
      { __tcfapiCall: { command: "displayConsentUi", version: 2, callId: 1 } },
      { __tcfapiCall: { command: "getTCData", version: "2", callId: 1 } },
      { __tcfapiCall: { command: "getTCData", version: 2 } },
      "{not json",
      { hello: 1 },
    ])
      window.dispatchEvent(new MessageEvent("message", { data, source: frame }));
    window.dispatchEvent(
      new MessageEvent("message", { data: { __tcfapiCall: { command: "ping", version: 2, callId: 1 } } }),
    );
    window.dispatchEvent(
      new MessageEvent("message", {
        data: { __tcfapiCall: { command: "ping", version: 2, callId: 1 } },
        source: window,
      }),
    );
    expect(api).not.toHaveBeenCalled();
    stop();
  });

  it("leaves a locator the tool made to the tool", () => {
    const own = document.createElement("iframe");
    own.name = LOCATOR_NAME;
    document.body.appendChild(own);
    const stop = startTcfFrameRelay();
    expect(document.getElementsByName(LOCATOR_NAME)).toHaveLength(1);
    stop();
    expect(document.getElementsByName(LOCATOR_NAME)).toHaveLength(1);
  });

  it("reads the purposes from TC data: storage with content measurement, storage with basic ads", () => {
    expect(choiceFromTcData({ gdprApplies: true, eventStatus: "cmpuishown" })).toBeNull();
    expect(choiceFromTcData({ gdprApplies: false })).toEqual({ statistics: true, advertising: true });
    expect(
      choiceFromTcData({
        gdprApplies: true,
        eventStatus: "useractioncomplete",
        purpose: { consents: { "1": true, "2": true } },
      }),
    ).toEqual({ statistics: false, advertising: true });
    expect(
      choiceFromTcData({ gdprApplies: true, eventStatus: "tcloaded", purpose: { consents: { "2": true, "8": true } } }),
    ).toEqual({ statistics: false, advertising: false });
  });

  it("while a tool is configured its answer decides hasConsent, not the stored choice", () => {
    localStorage.setItem("cookieConsent", "all");
    setToolConsent(null);
    expect(hasConsent("advertising")).toBe(false);
    setToolConsent({ statistics: false, advertising: true });
    expect(hasConsent("advertising")).toBe(true);
    expect(hasConsent("statistics")).toBe(false);
    localStorage.clear();
  });
});
