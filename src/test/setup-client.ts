import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll } from "vitest";
import { resetToasts } from "@/components/ui/use-toast";
import { resetNumbersBeacon } from "@/features/games/numbers-beacon";
import { failOnConsoleError } from "./fail-on-console";
import { FakeIntersectionObserver } from "./intersection-observer";
import { preloadScreensOnce } from "./preload-screens";

afterEach(() => {
  cleanup();
  FakeIntersectionObserver.instances = [];
  // The toast store is a module of its own, shared by the files of a worker: a toast left by one test would show
  // (with its empty live region, role status) on the next file's page
  resetToasts();
  // Likewise the numbers beacon: a batch left waiting would be posted into the next test's mocked API (D134)
  resetNumbersBeacon();
});
// A part loaded when reached for (a profile's actions, a hidden tab's panel) is a dynamic import inside the test, which
// can take seconds on a busy 2-core machine: findBy and waitFor wait up to 5 s instead of 1 before they fail.
configure({ asyncUtilTimeout: 5_000 });
failOnConsoleError();

// Screens, the header's menus and the toasts are chunks loaded on demand (D73). Loaded here, so that a component test
// sees them as soon as it renders them instead of waiting for a first import. The files of a worker share their modules
// (vitest.config.ts): the load runs once per worker, before any test file registers parts of its own (some made to
// fail). A .ts test file holds no JSX and renders no screen: it skips the load, a second or more of CPU.
// eslint-disable-next-line no-empty-pattern -- Vitest reads a hook's fixtures from this pattern; this one uses none
beforeAll(async ({}, suite) => {
  if (suite.file.filepath.endsWith(".tsx")) await preloadScreensOnce();
}, 60_000);
