// Lint fixture (scripts/lint-config.test.ts): the value side of the type-only cycle with report.ts.
import { type Report } from "./report";

export type Format = "points" | "time";
export const describeReport = (report: Report): string => `${report.score} ${report.format}`;
