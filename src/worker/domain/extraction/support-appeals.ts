import { anyPhrase } from "./boilerplate";
import type { DomElement } from "./dom";
import { squash } from "./text-blocks";
// WHOLE: content blocks (a list, table, figure, quote, code), never an appeal's paragraph.
import { leafBlocks, tagOf, WHOLE } from "./trailing-labels";

/**
 * A publisher's appeal for support at the article's end: "Gefällt dir unser Magazin? … brauchen wir deine
 * Unterstützung", "Support independent journalism", "Faites un don". It speaks to the reader about the site, like
 * the calls to action `boilerplate.ts` removes, but runs to whole paragraphs (300 to 600 characters), too long for
 * that rule to take anywhere in a page. So it is taken only where publishers put it: read from the end of
 * Readability's result, paragraphs holding an appeal are removed until the first paragraph without one. Short lines
 * (a button's label, "+++", a photo credit, at most 80 characters) are passed over and stay. It never takes a list,
 * table, figure or quote, nor more than 40% of the article's text, and something must come before it.
 */
const APPEAL = anyPhrase([
  // en
  "support (?:us|our (?:work|journalism|reporting|newsroom|mission|magazine|site)|(?:independent|quality|local|investigative) journalism)",
  "become an? (?:member|supporter|patron|paying subscriber)",
  "make an? (?:(?:one-off|one-time|small|monthly|regular) )?(?:donation|contribution)",
  "donate (?:now|today|here)",
  "(?:like|enjoy(?:ed)?|love|value) (?:this|our) (?:article|story|content|work|journalism|magazine|blog|podcast|newsletter)\\?",
  "we (?:rely|depend) on (?:our )?readers",
  "reader[- ](?:funded|supported)",
  // a membership's upsell: "When you join …, you'll get unlimited digital access to high-quality journalism"
  "when you (?:join|subscribe|become an? (?:member|subscriber))",
  "(?:unlimited|full) (?:digital )?access to (?:\\S+ ){0,2}(?:journalism|reporting)",
  "(?:join|subscribe|renew) (?:now|today)",
  // de
  "unterstütze(?:n sie)? (?:uns|unser(?:e|en)? (?:arbeit|magazin|journalismus|projekt|redaktion|blog|podcast|angebot))",
  "(?:brauchen|benötigen) wir (?:deine|ihre|eure) unterstützung",
  "gefällt (?:dir|ihnen|euch) unser(?:e)? \\p{L}+\\?",
  "(?:jetzt|einmalig|regelmäßig|monatlich) spenden",
  "werde(?:n sie)? (?:mitglied|unterstützer(?:in)?|förder(?:er|in|mitglied))",
  "(?:keine|ohne) bezahlschranke",
  "freiwillige(?:n|s)? (?:abo|beitrag|unterstützung)",
  "unbegrenzte[nr]? (?:digitale[nr]? )?zugang zu (?:\\S+ ){0,2}journalismus",
  // fr
  "soutenez(?:-nous| notre (?:travail|journalisme|média|rédaction))",
  "(?:faites|faire) un don",
  "nous avons besoin de (?:vous|votre soutien)",
  "accès illimité (?:\\S+ )?à (?:\\S+ ){0,2}journalisme",
  // es
  "apóyanos|apoya (?:nuestro|el) periodismo",
  "haz(?:te)? (?:una donación|socio|socia|miembro)",
  "necesitamos (?:tu|su) apoyo",
  "acceso ilimitado (?:\\S+ )?a (?:\\S+ ){0,2}periodismo",
  // it
  "sostienici|sostieni il nostro (?:lavoro|giornalismo)",
  "fai una donazione",
  "abbiamo bisogno del tuo (?:aiuto|sostegno)",
  // nl
  "steun (?:ons|onze (?:journalistiek|redactie))",
  "word (?:lid|donateur)",
  // pl
  "wesprzyj (?:nas|nasz)",
  "przekaż darowiznę",
  // pt
  "apoie (?:o )?nosso (?:jornalismo|trabalho)",
  "faça uma doação",
]);
const APPEAL_MAX = 700;
const SHORT_LINE = 80;
/**
 * A safety cap, not a measure: the phrases name the appeal, but an appeal under a short news item is easily a third
 * of its text (500 of 1,950 characters seen), so the cap is higher than trailing-labels' quarter.
 */
const MAX_SHARE_REMOVED = 0.4;

/** Removes the support appeals at the end of Readability's result; returns how many paragraphs went. */
export function removeSupportAppeals(root: DomElement): number {
  const total = squash(root.textContent ?? "").length;
  const appeals: DomElement[] = [];
  let removed = 0;
  let before: DomElement | null = null;
  for (const block of leafBlocks(root, { fromEnd: true })) {
    const text = squash(block.textContent ?? "");
    const whole = WHOLE.has(tagOf(block));
    if (!text || (text.length <= SHORT_LINE && !whole)) continue;
    if (!whole && text.length <= APPEAL_MAX && APPEAL.test(text)) {
      appeals.push(block);
      removed += text.length;
      continue;
    }
    before = block;
    break;
  }
  if (!appeals.length || !before) return 0;
  if (removed > total * MAX_SHARE_REMOVED) return 0;
  for (const block of appeals) block.remove();
  return appeals.length;
}
