import { describe, expect, it } from "vitest";
import { categoryIdOf, validateAddGame, type AddGameValues } from "./add-game-validation";

const file = new File(["<html></html>"], "game.zip", { type: "application/zip" });
const full: AddGameValues = {
  title: "T",
  description: "D",
  imageUrl: "/uploads/images/a.webp",
  externalUrl: "https://example.com/",
  file,
};

describe("validateAddGame (spec §5 order)", () => {
  it("reports title, then description, then image URL, then the mode's field", () => {
    const empty: AddGameValues = { title: " ", description: "", imageUrl: "", externalUrl: "", file: null };
    expect(validateAddGame(empty, "url")).toEqual({ field: "title", message: "Title is required" });
    expect(validateAddGame({ ...empty, title: "T" }, "url")).toEqual({
      field: "description",
      message: "Description is required",
    });
    expect(validateAddGame({ ...empty, title: "T", description: "D" }, "url")).toEqual({
      field: "imageUrl",
      message: "Image URL is required",
    });
    expect(validateAddGame({ ...full, externalUrl: "  " }, "url")).toEqual({
      field: "externalUrl",
      message: "Game URL is required",
    });
    expect(validateAddGame({ ...full, file: null }, "html")).toEqual({
      field: "file",
      message: "HTML file is required",
    });
  });

  it("URL mode ignores the file, HTML mode ignores the URL", () => {
    expect(validateAddGame({ ...full, file: null }, "url")).toBeNull();
    expect(validateAddGame({ ...full, externalUrl: "" }, "html")).toBeNull();
  });

  it("the category defaults to 1 and is an integer", () => {
    expect(categoryIdOf("")).toBe(1);
    expect(categoryIdOf(undefined)).toBe(1);
    expect(categoryIdOf("4")).toBe(4);
    expect(categoryIdOf(7)).toBe(7);
  });
});
