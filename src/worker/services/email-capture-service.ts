import PostalMime from "postal-mime";
import type { EmailAddressesRepository } from "../db/repositories/email-addresses-repository";
import { addressToken, bareAddress, decideEmailIntent, newsletterDocument } from "../domain/email/email-intent";
import { hasNewsletterHeaders, newsletterSender } from "../domain/email/newsletter-mail";
import { AppError, Conflict } from "../domain/errors";
import { sha256Hex } from "../domain/sha256";
import type { createArticleService } from "./article-service";
import type { NewslettersService } from "./newsletters-service";

/** Larger mail is refused unread: a newsletter is well under this, and it bounds the Worker's memory. */
export const MAX_EMAIL_BYTES = 5 * 1024 * 1024;
const TOKEN_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
/** 24 characters of 36 symbols: about 124 bits, so an address cannot be guessed. */
const TOKEN_LENGTH = 24;

export type EmailOutcome =
  | { accepted: true; saved: number; duplicates: number; feed?: "stored" | "duplicate" | "muted" }
  | { accepted: false; reason: string };

interface EmailCaptureDeps {
  addresses: EmailAddressesRepository;
  /** Binds the library repositories behind `articles` and `newsletters` to the owner's shard (db/shards.ts). */
  bindLibraryOf?: (userId: number) => Promise<void>;
  articles: Pick<ReturnType<typeof createArticleService>, "create" | "createMany">;
  newsletters: Pick<NewslettersService, "isSource" | "receive">;
  emailDomain: string;
  now?: () => number;
}

function randomToken(): string {
  // Rejection sampling keeps every symbol equally likely (256 is not a multiple of 36).
  const out: string[] = [];
  while (out.length < TOKEN_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(TOKEN_LENGTH * 2))) {
      if (byte < 252 && out.length < TOKEN_LENGTH) out.push(TOKEN_ALPHABET[byte % 36] as string);
    }
  }
  return out.join("");
}

export function createEmailCaptureService({
  addresses,
  bindLibraryOf,
  articles,
  newsletters,
  emailDomain,
  now = Date.now,
}: EmailCaptureDeps) {
  const format = (token: string) => `save-${token}@${emailDomain}`;

  return {
    /** The user's address, created on first read. */
    async address(userId: number) {
      const token =
        (await addresses.findToken(userId)) ?? (await addresses.insertIfAbsent(userId, randomToken(), now()));
      return { address: format(token) };
    },

    /** A new address; mail to the previous one is refused from now on. */
    async rotate(userId: number) {
      const token = randomToken();
      await addresses.replace(userId, token, now());
      return { address: format(token) };
    },

    /**
     * One received email: the recipient names the user. From the user's own account email, the body becomes saves
     * through the same article service (and so the same URL rules and duplicate checks) as the add box: links the
     * reader forwarded, or a newsletter they forwarded, into the Library. From anyone else, only a newsletter is
     * taken (list headers, or a sender the reader already has as a source), into the Feed. A refusal's reason goes
     * back to the sender in the bounce.
     */
    async receive(mail: {
      from: string;
      to: string;
      raw: ReadableStream<Uint8Array> | ArrayBuffer;
      rawSize: number;
    }): Promise<EmailOutcome> {
      const token = addressToken(mail.to, emailDomain);
      const owner = token ? await addresses.findOwner(token) : undefined;
      if (!owner) {
        return refuse(
          `${bareAddress(mail.to)} is not a VibeRead save address (it may have been rotated): copy the current one from Settings`,
        );
      }
      if (mail.rawSize > MAX_EMAIL_BYTES) return refuse("This email is larger than 5 MB; VibeRead cannot save it");
      await bindLibraryOf?.(owner.userId);

      const parsed = await PostalMime.parse(mail.raw);
      // The envelope sender decides who wrote it: a newsletter's envelope is its platform's bounce address, never
      // the reader's, so the reader's own forwards (even of a newsletter) stay Library saves.
      if (bareAddress(mail.from) !== owner.email) {
        // Grouped by the From header: the envelope address of bulk mail changes with every send.
        const sender = newsletterSender(parsed.from);
        const isNewsletter =
          sender !== null &&
          sender.address !== owner.email &&
          (hasNewsletterHeaders(parsed.headers) || (await newsletters.isSource(owner.userId, sender.address)));
        if (!sender || !isNewsletter) {
          return refuse("This VibeRead address accepts mail only from its account's own email address");
        }
        const feed = await newsletters.receive(owner.userId, sender, {
          headers: parsed.headers,
          messageId: parsed.messageId,
          subject: parsed.subject,
          html: parsed.html,
          text: parsed.text,
          date: parsed.date,
          fromName: sender.name,
        });
        return { accepted: true as const, saved: 0, duplicates: 0, feed };
      }
      const intent = decideEmailIntent({ subject: parsed.subject, html: parsed.html, text: parsed.text });
      if (intent.kind === "empty") return refuse("No links to save were found in this email");
      if (intent.kind === "links") {
        const result = await articles.createMany(owner.userId, intent.urls);
        return accepted(result.successful, result.duplicates);
      }
      // A newsletter without a web copy gets a stable address of its own, so forwarding it twice is a duplicate.
      const url =
        intent.viewInBrowserUrl ??
        `https://${emailDomain}/mail/${await sha256Hex(parsed.messageId || `${parsed.subject}\n${intent.html}`)}`;
      try {
        // Saved with its own HTML, as the extension saves a page: processing extracts the mail and fetches
        // nothing (the marker address is not a page; a web copy may sit behind a login). Re-fetch reads the web
        // copy when there is one.
        await articles.create(owner.userId, url, newsletterDocument(intent.html, intent.title));
        return accepted(1, 0);
      } catch (error) {
        if (error instanceof Conflict) return accepted(0, 1);
        // 413: the HTML stays too large even compressed; the sender learns why rather than getting a silent drop.
        if (error instanceof AppError && error.status === 413) return refuse("This newsletter is too large to save");
        throw error;
      }
    },
  };
}

function refuse(reason: string): EmailOutcome {
  return { accepted: false, reason };
}
function accepted(saved: number, duplicates: number): EmailOutcome {
  return { accepted: true, saved, duplicates };
}
export type EmailCaptureService = ReturnType<typeof createEmailCaptureService>;
