/** Spec §5 "Add game": checked on submit in this order; the first failing rule is reported. */
export type AddGameMode = "url" | "html";

export type AddGameValues = {
  title: string;
  description: string;
  imageUrl: string;
  externalUrl: string;
  file: File | null;
};

export type AddGameField = "title" | "description" | "imageUrl" | "externalUrl" | "file";
export type AddGameError = { field: AddGameField; message: string };

/** Spec §9: the category used when none is chosen; sent as an integer. */
export const DEFAULT_CATEGORY_ID = 1;
/** Spec §5: the package picker accepts these. */
export const PACKAGE_ACCEPT = ".zip,.html";

export function validateAddGame(values: AddGameValues, mode: AddGameMode): AddGameError | null {
  if (!values.title.trim()) return { field: "title", message: "Title is required" };
  if (!values.description.trim()) return { field: "description", message: "Description is required" };
  if (!values.imageUrl.trim()) return { field: "imageUrl", message: "Image URL is required" };
  if (mode === "url" && !values.externalUrl.trim()) return { field: "externalUrl", message: "Game URL is required" };
  if (mode === "html" && !values.file) return { field: "file", message: "HTML file is required" };
  return null;
}

/** The category id to send: the chosen one as an integer, else 1 (spec §5). */
export function categoryIdOf(value: string | number | null | undefined): number {
  const n = typeof value === "number" ? value : Number.parseInt(String(value ?? ""), 10);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_CATEGORY_ID;
}
