import { type RefObject, useCallback, useRef, useState } from "react";
import type { Article } from "../../api/types";
import { type Quote, useTextSelection } from "../../hooks/article/use-text-selection";
import { useToast } from "../../hooks/use-toast";
import { copyText } from "../../lib/clipboard";
import { SLOGAN } from "../logo";
import { SelectionMenu } from "./selection-menu";
import { ShareDialog } from "./share-dialog";
import "../../styles/share.css";

/**
 * Quoting in the viewer (spec §2 'Text selection and share image'): the selection menu over the title, the
 * summary and the content under `root`, copying, and the 'Share as Image' dialog.
 */
export function QuoteSharing({
  root,
  article,
  direction,
}: {
  root: RefObject<HTMLElement | null>;
  article: Article;
  direction: "ltr" | "rtl";
}) {
  const menuRef = useRef<HTMLDivElement>(null);
  const { menu, close } = useTextSelection(root, menuRef);
  const [sharing, setSharing] = useState<{ quote: Quote; returnFocus: HTMLElement | null } | null>(null);
  const toast = useToast();

  const returnFocus = menu?.returnFocus ?? null;
  const closeMenu = useCallback(
    ({ restoreFocus }: { restoreFocus: boolean }) => {
      close();
      if (restoreFocus) returnFocus?.focus({ preventScroll: true });
    },
    [close, returnFocus],
  );

  async function copy(text: string) {
    closeMenu({ restoreFocus: true });
    try {
      await copyText(text);
      toast.success("Copied to clipboard");
    } catch {
      toast.error("Could not copy the text. Press Ctrl+C (⌘C on a Mac) to copy the selection.");
    }
  }

  function closeDialog() {
    sharing?.returnFocus?.focus({ preventScroll: true });
    setSharing(null);
  }

  return (
    <>
      {menu ? (
        <SelectionMenu
          menuRef={menuRef}
          anchor={menu.anchor}
          onShare={() => {
            close();
            setSharing({ quote: menu.quote, returnFocus });
          }}
          onCopy={() => void copy(menu.quote.text)}
          onClose={closeMenu}
        />
      ) : null}
      {sharing ? (
        <ShareDialog
          quote={sharing.quote}
          slogan={SLOGAN}
          title={article.title}
          url={article.url}
          language={article.language}
          direction={direction}
          onClose={closeDialog}
        />
      ) : null}
    </>
  );
}
