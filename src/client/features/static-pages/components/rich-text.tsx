import { Link } from "wouter";
import type { Block, Inline, RichText as RichTextData } from "../rich-text";
import { StorageTable } from "./storage-table";

function InlineText({ inline }: { inline: Inline }) {
  if (typeof inline === "string" || typeof inline === "number") return inline;
  if ("link" in inline) return <Link href={inline.link}>{inline.text}</Link>;
  return <strong>{inline.strong}</strong>;
}

/** A line of the static pages' texts (links go to other screens of the site). */
export function RichText({ text }: { text: RichTextData }) {
  if (typeof text === "string") return text;
  return text.map((inline, i) => <InlineText key={i} inline={inline} />);
}

/** One block: a paragraph, a bulleted list or the storage table. */
export function RichBlock({ block }: { block: Block }) {
  if ("p" in block)
    return (
      <p>
        <RichText text={block.p} />
      </p>
    );
  if ("ul" in block)
    return (
      <ul>
        {block.ul.map((item, i) => (
          <li key={i}>
            <RichText text={item} />
          </li>
        ))}
      </ul>
    );
  return <StorageTable rows={block.storage} caption={block.caption} />;
}

/** Blocks in order, e.g. a policy section's body. */
export function RichBlocks({ blocks }: { blocks: readonly Block[] }) {
  return blocks.map((block, i) => <RichBlock key={i} block={block} />);
}
