import type { FeedsRepository } from "../db/repositories/feeds-repository";
import type { NewslettersRepository } from "../db/repositories/newsletters-repository";
import { type NewsletterMail, newsletterItem } from "../domain/email/newsletter-item";
import { headerValue, type MailHeader, parseListUnsubscribe } from "../domain/email/newsletter-mail";

interface NewslettersDeps {
  newsletters: NewslettersRepository;
  feeds: Pick<FeedsRepository, "storeItems">;
  emailDomain: string;
  now?: () => number;
}

export type NewsletterOutcome = "stored" | "duplicate" | "muted";

/** Newsletters sent to a reader's save address, into their Feed: one source per sender. */
export function createNewslettersService({ newsletters, feeds, emailDomain, now = Date.now }: NewslettersDeps) {
  return {
    /** Whether the reader already has a source for this sender: its mail goes to the Feed without list headers. */
    async isSource(userId: number, sender: string): Promise<boolean> {
      return (await newsletters.find(userId, sender)) !== undefined;
    },

    /**
     * Files one newsletter under its sender's source (made on the first mail). A muted source takes nothing, and
     * the sender is not told (a bounce would look like a dead address to its list software, which may be wanted
     * later); the same Message-ID twice is one item.
     */
    async receive(
      userId: number,
      sender: { address: string; name: string },
      mail: NewsletterMail & { headers: MailHeader[] },
    ): Promise<NewsletterOutcome> {
      const at = now();
      const unsubscribe = parseListUnsubscribe(headerValue(mail.headers, "list-unsubscribe"));
      const source = await newsletters.upsert(
        userId,
        sender.address,
        { title: sender.name, unsubscribeUrl: unsubscribe.url, unsubscribeMailto: unsubscribe.mailto },
        at,
      );
      if (source.mutedAt !== null) return "muted";
      const stored = await feeds.storeItems(source.feedId, [newsletterItem(mail, emailDomain, at)], at);
      await newsletters.recordIssue(userId, source.feedId, at, stored > 0);
      return stored > 0 ? "stored" : "duplicate";
    },
  };
}
export type NewslettersService = ReturnType<typeof createNewslettersService>;
