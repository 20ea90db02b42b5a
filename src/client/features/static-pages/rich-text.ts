/**
 * The static pages' texts as typed data (spec §2 Static pages: the texts are given exactly): the
 * texts live in `texts/`, `components/rich-text.tsx` renders them.
 */

/**
 * A run of text: plain, a number (a site rule such as the minimum age, kept as its own text node as
 * the JSX had it), a link to another screen of the site, or a strong lead-in.
 */
export type Inline = string | number | { link: string; text: string } | { strong: string };

/** A line of text: one plain string or runs of text. */
export type RichText = string | readonly Inline[];

/** One row of the cookie policy's storage table. */
export type StorageRow = { name: string; kind: string; purpose: string; lasts: string };

/** A block of a page: a paragraph, a bulleted list, or the table of cookies and storage. */
export type Block = { p: RichText } | { ul: readonly RichText[] } | { storage: readonly StorageRow[]; caption: string };

/** A titled section of a policy; `id` is its anchor in the 'On this page' list. */
export type PolicySection = { id: string; title: string; body: readonly Block[] };

/** A policy's built-in text: an intro and its sections. */
export type PolicyText = { intro: readonly Block[]; sections: readonly PolicySection[] };
