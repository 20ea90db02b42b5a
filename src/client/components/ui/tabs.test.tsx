import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "./tabs";

/** Our tabs (D73): the WAI-ARIA tabs pattern, as Radix Tabs behave. */

function Three({ forceMount = false, onValueChange }: { forceMount?: boolean; onValueChange?: (v: string) => void }) {
  return (
    <Tabs defaultValue="a" onValueChange={onValueChange}>
      <TabsList aria-label="Letters">
        <TabsTrigger value="a">A</TabsTrigger>
        <TabsTrigger value="b">B</TabsTrigger>
        <TabsTrigger value="c">C</TabsTrigger>
      </TabsList>
      <TabsContent value="a">Panel A</TabsContent>
      <TabsContent value="b" forceMount={forceMount || undefined}>
        Panel B
      </TabsContent>
      <TabsContent value="c">Panel C</TabsContent>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole("tab", { name });

describe("Tabs", () => {
  it("has the roles, states, ids and tab stops of the pattern", () => {
    render(<Three />);
    const list = screen.getByRole("tablist", { name: "Letters" });
    expect(list).toHaveAttribute("aria-orientation", "horizontal");
    expect(tab("A")).toHaveAttribute("type", "button");
    expect(tab("A")).toHaveAttribute("aria-selected", "true");
    expect(tab("A")).toHaveAttribute("data-state", "active");
    expect(tab("A")).toHaveAttribute("tabindex", "0");
    expect(tab("B")).toHaveAttribute("aria-selected", "false");
    expect(tab("B")).toHaveAttribute("data-state", "inactive");
    expect(tab("B")).toHaveAttribute("tabindex", "-1");
    const panel = screen.getByRole("tabpanel", { name: "A" });
    expect(panel).toHaveTextContent("Panel A");
    expect(panel).toHaveAttribute("tabindex", "0");
    expect(panel).toHaveAttribute("data-state", "active");
    expect(tab("A")).toHaveAttribute("aria-controls", panel.id);
    expect(panel).toHaveAttribute("aria-labelledby", tab("A").id);
    // Inactive panels are not rendered, so their content does not mount.
    expect(screen.queryByText("Panel B")).toBeNull();
    expect(screen.queryByText("Panel C")).toBeNull();
  });

  it("a press selects; arrows wrap, Home and End go to the ends, focus follows", () => {
    const onValueChange = vi.fn();
    render(<Three onValueChange={onValueChange} />);
    fireEvent.mouseDown(tab("B"), { button: 0 });
    expect(tab("B")).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("tabpanel", { name: "B" })).toHaveTextContent("Panel B");
    expect(screen.queryByText("Panel A")).toBeNull();
    expect(onValueChange).toHaveBeenLastCalledWith("b");
    fireEvent.mouseDown(tab("C"), { button: 2 });
    expect(tab("C")).toHaveAttribute("aria-selected", "false");

    tab("B").focus();
    fireEvent.keyDown(tab("B"), { key: "ArrowRight" });
    expect(tab("C")).toHaveFocus();
    expect(tab("C")).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(tab("C"), { key: "ArrowRight" });
    expect(tab("A")).toHaveFocus();
    expect(tab("A")).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(tab("A"), { key: "ArrowLeft" });
    expect(tab("C")).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(tab("C"), { key: "Home" });
    expect(tab("A")).toHaveAttribute("aria-selected", "true");
    fireEvent.keyDown(tab("A"), { key: "End" });
    expect(tab("C")).toHaveFocus();
    expect(tab("C")).toHaveAttribute("aria-selected", "true");
    expect(onValueChange.mock.calls.map(([v]) => v)).toEqual(["b", "c", "a", "c", "a", "c"]);
  });

  it("forceMount keeps an inactive panel in the document, inactive and without the hidden attribute", () => {
    render(<Three forceMount />);
    const b = screen.getByText("Panel B");
    expect(b).toHaveAttribute("role", "tabpanel");
    expect(b).toHaveAttribute("data-state", "inactive");
    expect(b).not.toHaveAttribute("hidden");
    fireEvent.mouseDown(tab("B"), { button: 0 });
    expect(b).toHaveAttribute("data-state", "active");
  });

  it("controlled: shows the value it is given and asks for changes", () => {
    function Controlled() {
      const [value, setValue] = useState("b");
      return (
        <>
          <output>{value}</output>
          <Tabs value={value} onValueChange={setValue}>
            <TabsList>
              <TabsTrigger value="a">A</TabsTrigger>
              <TabsTrigger value="b">B</TabsTrigger>
            </TabsList>
            <TabsContent value="a">Panel A</TabsContent>
            <TabsContent value="b">Panel B</TabsContent>
          </Tabs>
        </>
      );
    }
    render(<Controlled />);
    expect(tab("B")).toHaveAttribute("aria-selected", "true");
    fireEvent.mouseDown(tab("A"), { button: 0 });
    expect(screen.getByRole("status")).toHaveTextContent("a");
    expect(screen.getByRole("tabpanel", { name: "A" })).toHaveTextContent("Panel A");
  });

  it("hydrates the server's HTML without a mismatch: the same ids on both sides (useId)", async () => {
    const container = document.createElement("div");
    container.innerHTML = renderToString(<Three forceMount />);
    document.body.append(container);
    const serverIds = [...container.querySelectorAll("[id]")].map((el) => el.id);
    const onRecoverableError = vi.fn();
    const root = await act(async () => hydrateRoot(container, <Three forceMount />, { onRecoverableError }));
    expect(onRecoverableError).not.toHaveBeenCalled();
    // A hydration warning on the console fails the test too (src/test/fail-on-console.ts).
    expect([...container.querySelectorAll("[id]")].map((el) => el.id)).toEqual(serverIds);
    expect(within(container).getByRole("tab", { name: "A" })).toHaveAttribute(
      "aria-controls",
      within(container).getByRole("tabpanel", { name: "A" }).id,
    );
    act(() => root.unmount());
    container.remove();
  });
});
