import { type ReactNode, useMemo } from "react";
import { type Block, type Inline, parseMarkdown } from "../../lib/markdown";

/**
 * A summary's light markdown as React elements. Everything comes from the parsed tree; text is always a text
 * node, and URLs were checked to be http(s) by the parser, so no markup in a summary can become live HTML.
 * Markdown headings 1-3 become h2-h4: the article title is the page's h1.
 */
export function MarkdownView({
  source,
  dir,
  lang,
  className = "markdown",
}: {
  source: string;
  dir?: "ltr" | "rtl";
  lang?: string;
  className?: string;
}) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className={className} dir={dir} lang={lang}>
      {blocks.map((block, index) => (
        // The tree is rebuilt from the text on every change, so positions are stable keys.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <MarkdownBlock key={index} block={block} />
      ))}
    </div>
  );
}

function MarkdownBlock({ block }: { block: Block }) {
  switch (block.type) {
    case "heading": {
      const children = renderInlines(block.children);
      if (block.level === 1) return <h2>{children}</h2>;
      if (block.level === 2) return <h3>{children}</h3>;
      return <h4>{children}</h4>;
    }
    case "paragraph":
      return <p>{renderInlines(block.children)}</p>;
    case "list": {
      const items = block.items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: list items have no identity beyond their position
        <li key={index}>{renderInlines(item)}</li>
      ));
      return block.ordered ? <ol start={block.start === 1 ? undefined : block.start}>{items}</ol> : <ul>{items}</ul>;
    }
    case "figure":
      return (
        <figure>
          {/* The caption below is the image's description; repeating it as alt text would read it twice. */}
          <img src={block.src} alt="" loading="lazy" referrerPolicy="no-referrer" />
          {block.caption ? <figcaption>{block.caption}</figcaption> : null}
        </figure>
      );
  }
}

function renderInlines(nodes: Inline[]): ReactNode[] {
  return nodes.map(renderInline);
}

function renderInline(node: Inline, key: number): ReactNode {
  switch (node.type) {
    case "text":
      return node.text;
    case "strong":
      return <strong key={key}>{renderInlines(node.children)}</strong>;
    case "emphasis":
      return <em key={key}>{renderInlines(node.children)}</em>;
    case "code":
      return <code key={key}>{node.text}</code>;
    case "link":
      return (
        <a key={key} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
          {renderInlines(node.children)}
        </a>
      );
    case "image":
      return <img key={key} src={node.src} alt={node.alt} loading="lazy" referrerPolicy="no-referrer" />;
  }
}
