import { useEffect, useId, useRef } from "react";
import { keyLabel, type ShortcutGroup } from "../lib/keyboard-shortcuts";

/**
 * "?": every shortcut of the screen shown, by group (issue 50 item 2). A modal dialog: the keys stop acting on the
 * screen while it is open; Escape, the Close button or a click on the backdrop closes it and the focus goes back.
 */
export function ShortcutsDialog({ groups, onClose }: { groups: ShortcutGroup[]; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    const returnTo = document.activeElement as HTMLElement | null;
    element?.showModal();
    return () => {
      if (element?.open) element.close();
      returnTo?.focus?.({ preventScroll: true });
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is the pointer twin of Escape (onCancel)
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      className="shortcuts-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      <div className="shortcuts-header">
        <h2 id={titleId}>Keyboard shortcuts</h2>
        <button type="button" className="button button-secondary" onClick={onClose}>
          Close
        </button>
      </div>
      {groups.map((group) => (
        <section key={group.title} className="shortcuts-group" aria-label={group.title}>
          <h3>{group.title}</h3>
          <dl>
            {group.shortcuts.map((shortcut) => (
              <div key={shortcut.label} className="shortcut-row">
                <dt>
                  {shortcut.keys.map((key, index) => (
                    <span key={key}>
                      {index > 0 ? <span className="shortcut-or"> or </span> : null}
                      <kbd>{keyLabel(key)}</kbd>
                    </span>
                  ))}
                </dt>
                <dd>{shortcut.label}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <p className="shortcuts-note">Shortcuts do nothing while you type in a field.</p>
    </dialog>
  );
}
