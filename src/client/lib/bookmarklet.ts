/** The popup the bookmarklet opens: small, it only shows whether the page was saved. */
export const SAVE_WINDOW_FEATURES = "popup,width=480,height=420";

/**
 * The bookmarklet's `javascript:` URL for this app's origin: it opens `<origin>/#/save?url=...&title=...` for
 * the page it is clicked on. The script is percent-encoded whole, so its `#` and quotes survive as a URL.
 */
export function bookmarkletHref(appOrigin: string): string {
  const base = JSON.stringify(`${appOrigin}/#/save?url=`);
  const features = JSON.stringify(SAVE_WINDOW_FEATURES);
  const script =
    `(function(){window.open(${base}+encodeURIComponent(location.href)+"&title="+` +
    `encodeURIComponent(document.title),"viberead-save",${features});})();`;
  return `javascript:${encodeURIComponent(script)}`;
}
