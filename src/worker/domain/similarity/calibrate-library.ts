import type { LibraryClustering, LibraryItem } from "../clustering/cluster-library";
import { profileOf, relatedCalibration, type SimilarityProfile } from "./library-profile";
import { withCalibratedMembers } from "./topic-membership";

/**
 * What a topics run adds to its clustering so that every percentage a reader sees is read against this library:
 * topic members' matches calibrated and the loose ones moved to the leftover group (withCalibratedMembers), and
 * the library's profile (its related and topics scales) to store beside its mean. The Worker's topics run and
 * `npm run pipeline -- cluster` both call it on clusterLibrary's result; `items` may be a sample of a library of
 * `libraryArticles`. No profile below the articles a clustering needs (no mean then).
 */
export function calibrateLibrary(
  clustering: LibraryClustering,
  items: LibraryItem[],
  now: number,
  space: string,
  libraryArticles = items.length,
): { clustering: LibraryClustering; profile: SimilarityProfile | null } {
  if (!clustering.libraryMean) return { clustering, profile: null };
  const related = relatedCalibration(items, clustering.libraryMean, libraryArticles);
  if (!related) return { clustering, profile: null };
  const calibrated = withCalibratedMembers(clustering, items, now, related);
  return {
    clustering: calibrated.clustering,
    profile: profileOf(related, calibrated.scale, libraryArticles, space),
  };
}
