/**
 * Where a JSON text stops being valid (a character offset), found by a small recursive-descent scan. Run only
 * after JSON.parse has failed: workerd's V8 reports an error without its position ("Unexpected token '}'").
 */
export function jsonErrorOffset(text: string): number {
  let at = 0;
  const fail = (): never => {
    throw at;
  };
  const space = () => {
    while (at < text.length && " \t\n\r".includes(text[at] as string)) at += 1;
  };
  const literal = (word: string) => {
    if (text.startsWith(word, at)) at += word.length;
    else fail();
  };
  const string = () => {
    at += 1; // opening quote
    while (at < text.length) {
      const char = text[at];
      if (char === '"') {
        at += 1;
        return;
      }
      if (char === "\\") at += 1;
      else if (char !== undefined && char < " ") fail();
      at += 1;
    }
    fail();
  };
  const number = () => {
    const match = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(at, at + 400));
    if (!match || match[0] === "" || match[0] === "-") fail();
    at += (match as RegExpExecArray)[0].length;
  };
  const value = (depth: number): void => {
    if (depth > 512) fail();
    space();
    const char = text[at];
    if (char === "{") members("}", depth, true);
    else if (char === "[") members("]", depth, false);
    else if (char === '"') string();
    else if (char === "t") literal("true");
    else if (char === "f") literal("false");
    else if (char === "n") literal("null");
    else number();
  };
  const members = (close: string, depth: number, keyed: boolean) => {
    at += 1;
    space();
    if (text[at] === close) {
      at += 1;
      return;
    }
    for (;;) {
      if (keyed) {
        space();
        if (text[at] !== '"') fail();
        string();
        space();
        if (text[at] !== ":") fail();
        at += 1;
      }
      value(depth + 1);
      space();
      if (text[at] === ",") at += 1;
      else if (text[at] === close) {
        at += 1;
        return;
      } else fail();
    }
  };
  try {
    value(0);
    space();
    return at < text.length ? at : -1;
  } catch (offset) {
    return typeof offset === "number" ? offset : 0;
  }
}
