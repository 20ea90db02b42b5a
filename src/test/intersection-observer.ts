import { act } from "@testing-library/react";

/**
 * A stand-in IntersectionObserver (jsdom has none): a test stubs it (`vi.stubGlobal("IntersectionObserver",
 * FakeIntersectionObserver)`) and says when the observed elements come into the observer's margin.
 */
export class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: (entries: Array<{ isIntersecting: boolean; target: Element }>) => void,
    readonly options: { rootMargin?: string } = {},
  ) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve(element: Element) {
    this.observed.splice(this.observed.indexOf(element), 1);
  }
  disconnect() {
    this.disconnected = true;
  }
  /** The observed elements come within the margin. */
  comeNear() {
    act(() => this.callback(this.observed.map((target) => ({ isIntersecting: true, target }))));
  }
  /** Every observer not yet disconnected. */
  static live(): FakeIntersectionObserver[] {
    return FakeIntersectionObserver.instances.filter((o) => !o.disconnected);
  }
}
