import { useId } from "react";
import { pageWindow, shownRange } from "../../lib/pagination-window";

interface PaginationProps {
  page: number;
  perPage: number;
  total: number;
  /** False when `total` is a lower bound (a search of more matches than the server ranks). */
  totalExact?: boolean;
  totalPages: number;
  pageSizes: readonly number[];
  onPage: (page: number) => void;
  onPerPage: (perPage: number) => void;
}

/**
 * Spec §2: 'Showing X - Y of N articles', the 'Show' size selector and the page buttons. The buttons hide when
 * everything fits on one page; the summary and the selector stay whenever there are articles, so a reader who
 * picked 50 can always go back to 10 or 20.
 */
export function Pagination({
  page,
  perPage,
  total,
  totalExact = true,
  totalPages,
  pageSizes,
  onPage,
  onPerPage,
}: PaginationProps) {
  const sizeId = useId();
  if (total <= 0) return null;
  const { from, to } = shownRange(page, perPage, total);
  const first = page <= 1;
  const last = page >= totalPages;

  return (
    <nav className="pagination" aria-label="Pagination">
      <p className="pagination-summary">
        Showing {from} - {to} of {total}
        {totalExact ? "" : "+"} articles
      </p>
      <div className="pagination-size">
        <label htmlFor={sizeId}>Show</label>
        <select id={sizeId} value={perPage} onChange={(event) => onPerPage(Number(event.target.value))}>
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      {totalPages > 1 && (
        <ul className="pagination-pages">
          <li>
            <button
              type="button"
              className="page-button"
              aria-label="First page"
              disabled={first}
              onClick={() => onPage(1)}
            >
              «
            </button>
          </li>
          <li>
            <button
              type="button"
              className="page-button"
              aria-label="Previous page"
              disabled={first}
              onClick={() => onPage(page - 1)}
            >
              ‹
            </button>
          </li>
          {pageWindow(page, totalPages).map((item, index) =>
            item === "gap" ? (
              // Gaps have no identity of their own; at most two, one either side of the current page.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <li key={`gap-${index}`} className="page-gap" aria-hidden="true">
                ...
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  className="page-button"
                  aria-label={`Page ${item}`}
                  aria-current={item === page ? "page" : undefined}
                  onClick={() => onPage(item)}
                >
                  {item}
                </button>
              </li>
            ),
          )}
          <li>
            <button
              type="button"
              className="page-button"
              aria-label="Next page"
              disabled={last}
              onClick={() => onPage(page + 1)}
            >
              ›
            </button>
          </li>
          <li>
            <button
              type="button"
              className="page-button"
              aria-label="Last page"
              disabled={last}
              onClick={() => onPage(totalPages)}
            >
              »
            </button>
          </li>
        </ul>
      )}
    </nav>
  );
}
