import { act } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyPart, type LazyScreen } from "./lazy-component";
import { StaticUntilWanted } from "./static-until-wanted";

/** D73: a part needing no code until wanted keeps the server's HTML, static, through re-renders, then renders itself. */
describe("StaticUntilWanted", () => {
  function makeList() {
    let loads = 0;
    const List = lazyPart<{ marked: boolean }>(`test-list-${Math.random()}`, async () => {
      loads += 1;
      return ({ marked }) => (
        <ul aria-label="Achievements">
          <li>
            First Steps<a href="/somewhere">{marked ? " (yours)" : ""}</a>
          </li>
        </ul>
      );
    });
    return { List, loads: () => loads };
  }

  let setWanted: (wanted: boolean) => void = () => {};
  let setTick: (tick: number) => void = () => {};
  function Page({ part: List }: { part: LazyScreen<{ marked: boolean }> }) {
    const [wanted, want] = useState(false);
    const [tick, tickTo] = useState(0);
    setWanted = want;
    setTick = tickTo;
    return (
      <div data-tick={tick}>
        <StaticUntilWanted part={List} wanted={wanted}>
          <List marked={wanted} />
        </StaticUntilWanted>
      </div>
    );
  }

  it("hydrating, keeps the server's HTML without loading the code, also when the page re-renders; once wanted, renders the part", async () => {
    const server = makeList();
    await server.List.preload();
    const html = renderToString(<Page part={server.List} />);
    expect(html).toContain("First Steps");

    const browser = makeList();
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.appendChild(container);
    const list = container.querySelector("ul");
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page part={browser.List} />, { onRecoverableError: (e) => void errors.push(e) });
    });
    await act(async () => setTick(1));
    expect(container.querySelector("ul")).toBe(list);
    expect(container.innerHTML).toBe(html.replace('data-tick="0"', 'data-tick="1"'));
    expect(browser.loads()).toBe(0);

    await act(async () => setWanted(true));
    await act(async () => undefined);
    expect(container.querySelector("ul")).toHaveTextContent("First Steps (yours)");
    expect(browser.loads()).toBe(1);
    expect(errors).toEqual([]);
    container.remove();
  });
});
