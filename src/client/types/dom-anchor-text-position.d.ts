/** dom-anchor-text-position 4 (CommonJS, no types of its own): DOM Ranges to and from text offsets of a root. */
declare module "dom-anchor-text-position" {
  export interface TextPosition {
    start: number;
    end: number;
  }
  /** Characters [start, end) of the root's text (its text nodes in order, as `textContent`) the range covers. */
  export function fromRange(root: Node, range: Range): TextPosition;
  /** The Range over characters [start, end) of the root's text. */
  export function toRange(root: Node, selector: TextPosition): Range;
}
