import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import { failOnConsoleError } from "./fail-on-console";

afterEach(() => cleanup());
failOnConsoleError();
