/** dom-anchor-text-position 4 ships no types: a text offset range within `root` and a DOM Range, both ways. */
declare module "dom-anchor-text-position" {
  export function fromRange(root: Node, range: Range): { start: number; end: number };
  export function toRange(root: Node, selector?: { start?: number; end?: number }): Range;
}
