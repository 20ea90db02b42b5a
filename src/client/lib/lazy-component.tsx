import { createContext, lazy, useContext, useEffect, type ComponentType } from "react";

/**
 * Screens in chunks of their own (D73): a page loads the code of its own screen, not of every
 * screen. Works with server rendering: the server's render waits for the screen and records its
 * name; the browser loads the recorded screens before it hydrates (src/client/main.tsx), so hydration finds
 * every screen ready and never shows a fallback over server-rendered content.
 */

/** The names of the screens a server render used (provided by src/client/entry-server.tsx). */
export const RenderedScreensContext = createContext<Set<string> | null>(null);

export type LazyScreen<P> = ComponentType<P> & { screenName: string; preload(): Promise<unknown>; isLoaded(): boolean };

const registry = new Map<string, LazyScreen<never>>();

/**
 * A screen: recorded when the server renders it, so that the browser loads it before hydrating.
 */
export function lazyScreen<P extends object>(name: string, load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  return lazyComponent(name, load, true);
}

/**
 * A part of the layout that hydrates on its own when its chunk arrives (the header's menus, the toasts): the
 * page becomes interactive without it. It must sit inside a Suspense boundary.
 */
export function lazyPart<P extends object>(name: string, load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  return lazyComponent(name, load, false);
}

/** A part whose code could not be loaded is left out; the rest of the page works (a reload brings it back). */
const PartUnavailable = () => null;

/** A screen whose code could not be loaded (after a click, while offline or during a release). */
function ScreenUnavailable() {
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-lg font-semibold">This page could not be loaded.</p>
      <p className="mt-2 text-muted-foreground">Check your connection, then reload the page.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-6 rounded-lg border px-4 py-2 text-sm font-medium hover:bg-accent"
      >
        Reload
      </button>
    </div>
  );
}

function lazyComponent<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  isScreen: boolean,
): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // The chunk could not be fetched (the network, the server restarting, a new release): the next call
        // tries again, and the page itself stays (see Unavailable).
        loading = undefined;
        throw error;
      },
    ));
  // React.lazy reads a thenable that calls back at once without suspending: a screen loaded beforehand (on the
  // server, or before hydration) renders in the same pass, as if it had never been split.
  const Lazy = lazy(() => {
    if (loaded) {
      const module = { default: loaded };
      return { then: (resolve: (m: typeof module) => void) => resolve(module) } as unknown as Promise<typeof module>;
    }
    return preload().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.warn(`Could not load ${name}:`, error);
        return { default: (isScreen ? ScreenUnavailable : PartUnavailable) as ComponentType<P> };
      },
    );
  });
  function Screen(props: P) {
    const rendered = useContext(RenderedScreensContext);
    if (isScreen) rendered?.add(name);
    // The screen sits in its own Suspense boundary, which React may hydrate after the header: once it has
    // committed, the page is React's (`<html data-hydrated>`; the e2e fixtures wait for it).
    useEffect(() => {
      if (isScreen) document.documentElement.setAttribute("data-hydrated", "");
    }, []);
    return <Lazy {...props} />;
  }
  const screen = Object.assign(Screen, { screenName: name, preload, isLoaded: () => loaded !== undefined });
  registry.set(name, screen as LazyScreen<never>);
  return screen;
}

/** Loads the named screens (those the server rendered); unknown names are ignored. */
export function preloadScreens(names: readonly string[]): Promise<unknown> {
  return Promise.all(names.map((name) => registry.get(name)?.preload()));
}

/**
 * Loads every screen and part: on the server before its first render (a render must never wait for a chunk,
 * or React would finish the page with inline scripts that the CSP forbids), and in component tests.
 */
export async function preloadAll(): Promise<void> {
  // A loaded screen may declare parts of its own (All Games' selects): load until nothing new appears.
  let count = -1;
  while (count !== registry.size) {
    count = registry.size;
    await preloadScreens([...registry.keys()]);
  }
}
