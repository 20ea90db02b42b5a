import { act, fireEvent, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyPart, type LazyScreen } from "./lazy-component";
import { LoadedOnReach, useReach } from "./load-on-reach";

/** D73: a hidden tab's panel keeps the server's HTML, loads nothing until reached for, then renders afresh. */
describe("LoadedOnReach", () => {
  function makePanel() {
    let loads = 0;
    let text = "Reviews as the server rendered them";
    const Panel = lazyPart<object>(`test-panel-${Math.random()}`, async () => {
      loads += 1;
      return () => <p>{text}</p>;
    });
    return { Panel, loads: () => loads, setText: (t: string) => void (text = t) };
  }

  const Rendered = ({ part: Part }: { part: LazyScreen<object> }) => <Part />;

  function Page({ part }: { part: LazyScreen<object> }) {
    const reach = useReach(part);
    return (
      <div>
        <button type="button" onPointerEnter={reach.reachFor}>
          Reviews
        </button>
        <section aria-label="Panel">
          <LoadedOnReach reach={reach} fallback={<span>Loading…</span>}>
            <Rendered part={part} />
          </LoadedOnReach>
        </section>
      </div>
    );
  }

  it("hydrating, keeps the server's HTML and loads nothing; reached for, loads the code once and renders the part afresh", async () => {
    const server = makePanel();
    await server.Panel.preload();
    const html = renderToString(<Page part={server.Panel} />);
    expect(html).toContain("Reviews as the server rendered them");

    const browser = makePanel();
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Page part={browser.Panel} />, { onRecoverableError: (e) => void errors.push(e) });
    });
    expect(container.querySelector('[aria-label="Panel"]')).toHaveTextContent("Reviews as the server rendered them");
    expect(browser.loads()).toBe(0);

    // What the browser renders may differ from the server's copy (a newer answer): it replaces the copy.
    browser.setText("Reviews rendered in the browser");
    fireEvent.pointerEnter(screen.getByRole("button", { name: "Reviews" }));
    expect(await screen.findByText("Reviews rendered in the browser")).toBeInTheDocument();
    expect(screen.queryByText("Reviews as the server rendered them")).not.toBeInTheDocument();
    fireEvent.pointerEnter(screen.getByRole("button", { name: "Reviews" }));
    expect(browser.loads()).toBe(1);
    expect(errors).toEqual([]);
    container.remove();
  });

  it("rendered in the browser, shows the fallback until reached for; a part loaded already renders at once", async () => {
    const { Panel, loads } = makePanel();
    const container = document.createElement("div");
    document.body.appendChild(container);
    const { createRoot } = await import("react-dom/client");
    const root = createRoot(container);
    await act(async () => root.render(<Page part={Panel} />));
    expect(screen.getByText("Loading…")).toBeInTheDocument();
    expect(loads()).toBe(0);
    fireEvent.pointerEnter(screen.getByRole("button", { name: "Reviews" }));
    expect(await screen.findByText("Reviews as the server rendered them")).toBeInTheDocument();

    await act(async () =>
      root.render(
        <div key="again">
          <Page part={Panel} />
        </div>,
      ),
    );
    expect(screen.getByText("Reviews as the server rendered them")).toBeInTheDocument();
    expect(loads()).toBe(1);
    await act(async () => root.unmount());
    container.remove();
  });
});
