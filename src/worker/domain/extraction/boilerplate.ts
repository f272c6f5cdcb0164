import { AGENCIES } from "./caption-credits";
import { isBreadcrumbLine, isControlLabel, isJumpLine, isListenLine, isSkipLink } from "./control-labels";
import { isDateline, isReadingTime, isRelativeTime } from "./datelines";
import { type DomElement, type DomNode, isElement, TEXT_NODE } from "./dom";

/**
 * Page clutter removed before Readability runs. Readability scores containers by their class names and comma
 * counts, and keeps whatever sits inside the winning container: "Read also: <link>" teasers between paragraphs,
 * "Related articles" lists at its end, ad labels and photo credits. Each rule here is a property of the text and
 * its links that holds on the web at large (no site's markup or class names): a short block whose words are a
 * boilerplate phrase of its language, or a heading of that kind above a block made mostly of links (link
 * density, as trafilatura and jusText measure it). Measured one by one on the dev set (docs/processing.md).
 */
export type BoilerplateRule =
  | "ad-labels"
  | "read-also"
  | "related-sections"
  | "credits"
  | "calls-to-action"
  | "disclaimers"
  | "datelines"
  | "more-teasers"
  | "controls";

export const BOILERPLATE_RULES: readonly BoilerplateRule[] = [
  "ad-labels",
  "read-also",
  "related-sections",
  "credits",
  "calls-to-action",
  "disclaimers",
  "datelines",
  "more-teasers",
  "controls",
];

/** A block this short or shorter can be a teaser, label or credit; longer blocks are never touched here. */
const SHORT_BLOCK = 300;
/** Share of a block's text inside links above which it reads as a list of links. */
const LINK_DENSE = 0.5;

/** Labels that mark advertising, alone in their block (de, en, es, fr, it, nl, pl, pt). */
const AD_LABEL =
  /^(?:anzeige|werbung|gesponsert|advertisement|advertising|ad|ads|sponsored(?: content)?|paid content|ad feedback|publicidad|publicité|pubblicità|advertentie|reklama|publicidade)$/i;

/**
 * The line an ad slot leaves in the story, saying the text goes on after it: "CONTINUA DEPOIS DA PUBLICIDADE",
 * "Story continues below advertisement", "Weiterlesen nach der Anzeige", "La suite après cette publicité".
 */
const AD_CONTINUATION = new RegExp(
  `^(?:${[
    "(?:(?:the )?(?:story|article) continues below|continue reading below)(?: (?:this |the )?(?:advertisement|ad))?",
    "advertisement[ -–—:]+(?:scroll|continue) (?:down )?to continue(?: reading)?",
    "advertisement[ -–—:]+continue reading below",
    "(?:weiterlesen|weiter) nach der (?:anzeige|werbung)",
    "(?:lesen sie )?nach der (?:anzeige|werbung) weiter(?:lesen)?",
    "(?:der )?(?:artikel|text|beitrag) (?:geht|wird) (?:nach|unter) der (?:anzeige|werbung) weiter(?:geführt)?",
    "(?:la )?suite (?:de l'article )?après (?:cette |la )?publicité",
    "l['’]article (?:continue|se poursuit) (?:après|sous) (?:cette |la )?publicité",
    "(?:(?:la noticia|el artículo|el texto) )?(?:continúa|sigue) (?:tras|después de) (?:la |este |esta )?(?:publicidad|anuncio)",
    "(?:(?:a matéria|o texto|o artigo) )?continua (?:depois|após) (?:da |a )?(?:publicidade|anúncio)",
    "(?:l['’]articolo )?(?:continua|prosegue) (?:dopo|sotto) (?:la |il )?(?:pubblicità|annuncio)",
    "(?:het )?(?:artikel|verhaal) gaat (?:verder )?(?:onder|na) de advertentie",
    "lees verder (?:onder|na) de advertentie",
    "(?:dalsza część|dalszy ciąg)(?: (?:artykułu|tekstu))? (?:pod|poniżej) reklam(?:ą|y)",
  ].join("|")})$`,
  "iu",
);

/** "Read also:" and kin, starting a teaser that links to another article. */
const READ_ALSO =
  /^(?:(?:lesen sie|lies) (?:auch|mehr)|auch lesen|siehe auch|weiterlesen|mehr dazu|(?:read|see) (?:also|more)|also read|related|lea (?:también|más)|lea|lee (?:también|más)|vea también|ver también|mire|(?:à )?lire (?:aussi|également)|voir aussi|czytaj (?:też|także|więcej)|zobacz (?:też|także)|przeczytaj (?:też|także)|leggi anche|vedi anche|lees ook|zie ook|leia (?:também|mais)|veja também|saiba mais|watch(?: now| more| also)?)(?![\p{L}\p{N}])\s*[:»›>|–—-]/iu;

/** Titles of sections listing other articles (de, en, es, fr, it, nl, pl, pt). */
const RELATED_TITLE =
  /^(?:mehr zum thema(?: (?:auf|bei|von) \S+)?|(?:das )?könnte (?:sie|dich) auch interessieren|(?:ähnliche|verwandte|empfohlene|weitere) (?:beiträge|artikel|themen|nachrichten)|meist(?:gelesene|diskutierte|kommentierte)(?: artikel| beiträge)?|auch interessant|mehr themen|das könnte sie auch interessieren|related(?: articles| stories| posts| content| news)?|more (?:on this|from|stories|news|articles)|(?:you (?:may|might) also like|you (?:may|might) (?:also )?be interested in(?: the following| these)?(?: topics| articles| posts| stories| reads)?(?: as well)?|recommended(?: for you| stories| articles)?|most (?:read|popular|viewed)|read (?:also|more|next)|see also|(?:noticias|artículos|notas) relacionad[ao]s|(?:también )?te puede interesar|le puede interesar|lo más (?:leído|visto)|(?:à lire|lire) aussi|(?:articles|sur le même sujet)(?: similaires| liés)?|les plus lus|czytaj (?:też|także)|zobacz (?:też|także)|najczęściej czytane|leggi anche|articoli correlati|(?:i )?più letti|gerelateerde artikelen|lees ook|meest gelezen|(?:artigos|notícias) relacionad[ao]s|veja também|mais lidas|(?:vorschau auf den )?(?:nächste[nr]?|vorherige[nr]?) (?:artikel|beitrag)|(?:next|previous) (?:article|post|story)|article (?:suivant|précédent)|(?:siguiente|anterior) artículo|artículo (?:siguiente|anterior)|(?:następny|poprzedni) artykuł|articolo (?:successivo|precedente)|(?:volgend|vorig) artikel|trending(?: now| nationally| stories| news| articles)?|editor['’]?s['’]? picks?|(?:related|similar|complementary|recommended) products|customers (?:also|who bought this (?:item|product) also) (?:bought|viewed)|frequently bought together|produits (?:complémentaires|similaires|associés)|(?:ähnliche|passende|ergänzende) produkte|productos (?:relacionados|similares|complementarios)|prodotti (?:correlati|simili|complementari)|produtos (?:relacionados|semelhantes|complementares)|gerelateerde producten|podobne produkty|(?:sponsored|promoted) (?:stories|content|links)|recommended by \S+))\s*[:.…]*$/i;

/**
 * Any of `phrases` (regular-expression sources) as whole words, ignoring case. Word edges are Unicode-aware, as
 * `\b` is not: "únete" and "zapisz się" start or end with letters outside ASCII.
 */
export function anyPhrase(phrases: readonly string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${phrases.join("|")})(?![\\p{L}\\p{N}])`, "iu");
}

/**
 * Calls to subscribe, sign up for a newsletter, follow the site or join its channels, become a member or share
 * the page (de, en, es, fr, it, nl, pl, pt): words a publisher addresses to the reader about the site, not about
 * the story.
 */
const CALL_TO_ACTION = anyPhrase([
  "subscribe",
  "subscribers?",
  "sign up",
  "newsletter",
  "follow us",
  "download (?:our|the) app",
  "already a subscriber",
  "become a member",
  "follow\\b[^.!?]{0,40} on (?:twitter|facebook|instagram|tiktok|linkedin|threads|youtube|whatsapp)",
  "share (?:this|the) (?:article|story|post|page)",
  "submit your (?:letters?|story|stories|tips?|photos?|news|questions?)",
  "share your (?:thoughts|experiences?|opinion)",
  "let us know (?:what you think|in the comments)",
  "tell us what you think",
  "(?:news|updates|posts|stories|headlines|articles|recipes)(?: \\p{L}+){0,3} (?:to|in) your inbox",
  "(?:have|got) a (?:news )?tip",
  "join the (?:conversation|discussion|debate)",
  "be the first to (?:comment|reply)",
  "leave a (?:comment|reply)",
  "diskutieren sie mit",
  "rejoignez la (?:conversation|discussion)",
  "abonnier\\p{L}*",
  "(?:nur )?für abonnent(?:en|innen)",
  "bereits ein abo",
  "jetzt (?:kostenlos )?registrieren",
  "melden sie sich",
  "folgen sie uns",
  "folge uns",
  "nichts (?:mehr )?(?:verpassen|versäumen)",
  "verpasse keine",
  "werden sie mitglied",
  "(?:teilen|sagen|schreiben) sie uns(?: \\p{L}+){0,2} (?:meinung|erfahrung\\p{L}*)",
  "(?:teile|sag|schreib) uns(?: \\p{L}+){0,2} (?:meinung|erfahrung\\p{L}*)",
  "(?:artikel|beitrag|seite)(?: \\p{L}+){0,3} teilen",
  "suscríb\\p{L}*",
  "suscripción",
  "ya soy suscriptora?",
  "(?:exclusivo|solo) para suscriptores",
  "únete",
  "síguenos",
  "boletín",
  "hazte socio",
  "cuéntanos",
  "déjanos tu (?:opinión|comentario)",
  "compart(?:e|ir) (?:esta|este) (?:nota|noticia|artículo)",
  "abonnez-vous",
  "réservé aux abonnés",
  "déjà abonné",
  "il vous reste \\d+ ?% de cet article",
  "offrir cet article",
  "inscrivez-vous",
  "suivez-nous",
  "devenez membre",
  "donnez(?:-nous)? votre avis",
  "dites-nous ce que vous en pensez",
  "partagez cet article",
  "iscriviti",
  "abbonati",
  "seguici",
  "condividi (?:questo )?articolo",
  "abonneer",
  "nieuwsbrief",
  "volg ons",
  "deel dit artikel",
  "subskrybuj",
  "zapisz się",
  "obserwuj nas",
  "udostępnij",
  "assine",
  "inscreva-se",
  "siga-nos",
  "(?:canal|kanal|channel|chaîne|canale|kanaal|kanał) (?:de |on |auf |su |op |na )?(?:youtube|telegram|whatsapp)",
  "(?:youtube|telegram|whatsapp)[- ]?(?:kanal|channel|canal|chaîne|canale|kanaal|kanał)",
]);

/**
 * A comment box's prompt alone on its line: "What do you think?", "Was meinen Sie?", "Qu'en pensez-vous ?",
 * "¿Qué opinas?". The same words inside a paragraph are the article's own question, and stay.
 */
const COMMENT_PROMPT =
  /^(?:what do you think|what are your thoughts|was meinen sie|was meinst du|qu['’]en pensez-vous|¿?qué (?:opinas|piensas|opina usted))\s*\??$/iu;

/**
 * A product site's button alone on its line: "Start your free trial", "Book a demo". Inside a block of the
 * page's own text ("… boost revenue with our software. Book a demo") the block is the page's, and stays.
 */
const TRIAL_BUTTON =
  /^(?:start (?:your|a) free trial|(?:book|request|schedule|get) a (?:free |live )?demo)(?: now| today)?\s*[!→›>]*$/iu;

/**
 * A site's own app offered to the reader: "download the Nationnews apps", "with the VI Consortium app". The
 * app's name is capitalised, so "download the app" of a story about apps in general stays (no `i` flag).
 */
const APP_PROMOTION = /\b(?:[Dd]ownload|[Gg]et)\b[^.!?]{0,80}\b(?:our|the (?:\p{Lu}[\p{L}\d]*\s){1,3})apps?\b/u;

function isDisclaimer(text: string): boolean {
  if (DISCLAIMER.test(text)) return true;
  // Cut by bars or bullets, as link rows are: a sentence about a privacy policy and its terms is not one.
  if (text.length <= LEGAL_LINE_MAX && /[|·•]/.test(text)) {
    if (new Set(text.toLowerCase().match(LEGAL_LINK) ?? []).size >= 2) return true;
  }
  return EMBED_PROVIDER.test(text) && CONSENT.test(text) && EMBED_ACTION.test(text);
}

/**
 * A link that only says "more" (de, en, es, fr, it, nl, pl, pt), with the arrows, dots and bullets sites set
 * after it: the end of a teaser for another page.
 */
const MORE_LINK =
  /^(?:mehr|weiterlesen|mehr lesen|more|read more|continue reading|más|leer más|seguir leyendo|plus|lire la suite|lire plus|en savoir plus|continua|leggi tutto|leggi di più|altro|meer|lees meer|verder lezen|więcej|czytaj dalej|czytaj więcej|mais|leia mais|saiba mais)[\s›»>→…•.·+]*$/iu;
const TEASER_MAX = 300;

/** A short block that ends with a link saying only "more": "Auskunft über vergangenes Wetter… mehr •••". */
function isMoreTeaser(element: DomElement, text: string): boolean {
  if (text.length > TEASER_MAX) return false;
  const links = element.querySelectorAll("a");
  const last = links[links.length - 1];
  if (!last) return false;
  const label = squash(last.textContent ?? "");
  // The link is the block's last words, and the block says something before it.
  return MORE_LINK.test(label) && text.endsWith(label) && text.length > label.length + 10;
}

/** A control's label, or two side by side: "Bild anzeigen Bild schließen". */
const CONTROL_MAX = 60;

/** A dateline is a date, its label and a time: never longer than this. */
const DATELINE_MAX = 80;

/** A call to action is a short block of its own, not a sentence of the story that mentions a newsletter. */
const CALL_TO_ACTION_MAX = 250;

/**
 * Disclaimers about the page, not the story (de, en, es, fr, it, nl, pl, pt): copyright lines, "the views are
 * the author's", "not responsible for", affiliate-link notices.
 */
const DISCLAIMER = anyPhrase([
  "all rights reserved",
  "alle rechte vorbehalten",
  "todos los derechos reservados",
  "tous droits réservés",
  "tutti i diritti riservati",
  "alle rechten voorbehouden",
  "wszelkie prawa zastrzeżone",
  "todos os direitos reservados",
  "(?:is|are) not responsible for",
  "comments (?:are )?closed",
  "kommentare (?:sind )?(?:geschlossen|deaktiviert)",
  "commentaires (?:sont )?fermés",
  "comentarios cerrados",
  "trackback(?:-url)?",
  "do(?:es)? not (?:necessarily )?reflect",
  "affiliate[- ]links?",
  "(?:advertising|affiliate|editorial) disclaimer",
  "(?:beitrag|artikel|text) handelt es sich um (?:ein(?:e|en)? )?(?:gastbeitrag|blog|leserbeitrag|\\p{L}*-?community-beitrag)",
  "this is a (?:guest|sponsored) post",
  "(?:we|i) (?:may )?(?:earn|receive) (?:a )?(?:small )?commission",
  "gibt (?:\\p{L}+ )?(?:die )?meinung (?:des|der) (?:autors|autorin|verfasser\\p{L}*)",
  "nicht (?:unbedingt|notwendigerweise) (?:die )?(?:meinung|ansicht)",
  "übernimmt keine (?:haftung|verantwortung|gewähr)",
  "(?:erhält|erhalten)(?: \\p{L}+)? (?:ggf\\. |gegebenenfalls |eventuell )?eine provision",
  "haftungsausschluss",
  "no (?:necesariamente )?refleja",
  "no se hace responsable",
  "n['’]engagent? que",
  "ne reflète pas nécessairement",
  "n['’]est pas responsable",
  "non riflette (?:necessariamente )?",
  "nie ponosi odpowiedzialności",
  "não se responsabiliza",
  // what an embed or a comments widget leaves in the text when its script does not run
  "this content is imported from",
  "(?:please )?enable javascript to view the comments",
]);

/** Words of a site's legal links ("Impressum | Datenschutz | Copyright ..."): two in a short line cut by bars make it one. */
const LEGAL_LINK =
  /(?<![\p{L}])(?:impressum|datenschutz(?:erklärung)?|agb|imprint|privacy(?: policy)?|terms(?: of (?:use|service))?|cookies?|copyright|mentions légales|confidentialité|aviso legal|privacidad|política de cookies|privacy policy|colofon|polityka prywatności|regulamin)(?![\p{L}])/giu;
const LEGAL_LINE_MAX = 200;

/**
 * An embedded post's consent placeholder: a network's name, the word for consent and what it asks the reader to do
 * (load, show, connect, settings), in a short block; an article's sentence about consent names no such action.
 */
const EMBED_PROVIDER =
  /(?<![\p{L}])(?:twitter|youtube|instagram|facebook|tiktok|vimeo|spotify|soundcloud|google maps|podigee)(?![\p{L}])/iu;
const CONSENT =
  /(?<![\p{L}])(?:einverständnis|zustimmung|einwilligung|consent|consentement|consentimiento|consenso|toestemming|zgod[ayę]|consentimento)(?![\p{L}])/iu;

/** What a placeholder asks of the reader: to load, show or connect the embed, or to change their settings. */
const EMBED_ACTION =
  /(?<![\p{L}])(?:laden|nachladen|anzeigen|aktivieren|verbindung|einstellungen|load|show|enable|connect|settings|accept|charger|afficher|activer|paramètres|cargar|mostrar|activar|configuración|caricare|mostrare|impostazioni|laden|tonen|instellingen|załaduj|wyświetl|ustawienia)(?![\p{L}])/iu;

/** "Photo:" and kin starting a credit line; "©" starting one; after a separator ("+++ Credits: …", "– Foto: …") too. */
const CREDIT =
  /^[-–—+*#~=·•|\s]*(?:©|\(c\)\s|(?:(?:image|photo|picture) credits?|fotos?|photos?|bild(?:er|quelle)?|credits?|crédits?(?: photos?)?|image|imagen|fotografía|foto(?:grafia)?|zdjęci[ea]|fot\.|immagine|beeld)\s*:)/i;

/** A line that is only a picture agency's name, with the photographer's before or after it: "Getty Images", "John Doe/AFP". */
const AGENCY_LINE = new RegExp(
  `^(?:[\\p{L}.'’ -]{1,60}\\s*(?:/|via)\\s*)?(?:${AGENCIES}|associated press)(?:\\s*(?:/|via)\\s*[\\p{L}.'’ -]{1,60})?$`,
  "iu",
);

const BLOCK_TAGS = new Set([
  "p",
  "center",
  "button",
  "time",
  "div",
  "section",
  "aside",
  "li",
  "ul",
  "ol",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "span",
  "small",
  "strong",
  "b",
  "em",
  "figcaption",
  "header",
  "footer",
  "dl",
  "dt",
  "dd",
  "table",
  "blockquote",
]);

interface Lengths {
  text: number;
  links: number;
}

/** Removes the clutter the given rules find; returns how many elements each rule removed. */
export function removeBoilerplate(
  body: DomElement,
  rules: ReadonlySet<BoilerplateRule> = new Set(BOILERPLATE_RULES),
  language = "en",
): Map<BoilerplateRule, number> {
  const removed = new Map<BoilerplateRule, number>();
  if (rules.size === 0) return removed;
  const lengths = new Map<DomElement, Lengths>();
  measure(body, false, lengths);
  const doomed: [DomElement, BoilerplateRule][] = [];
  for (const [element, size] of lengths) {
    if (size.text === 0 || size.text > SHORT_BLOCK || !BLOCK_TAGS.has(element.localName)) continue;
    // Code is quoted text: "disclaimer" or a date in it is the program's, not the page's.
    if (insideCode(element)) continue;
    const text = squash(element.textContent ?? "");
    const rule = classify(element, text, size, rules, language);
    if (rule) doomed.push([element, rule]);
  }
  if (rules.has("controls")) {
    for (const link of body.querySelectorAll('a[href^="#"]')) {
      if (isSkipLink(squash(link.textContent ?? ""))) doomed.push([link, "controls"]);
    }
  }
  for (const [element, rule] of doomed) {
    if (!element.parentNode) continue;
    const target = rule === "related-sections" ? relatedSection(element, lengths) : [element];
    for (const node of target) node.remove();
    removed.set(rule, (removed.get(rule) ?? 0) + target.length);
  }
  return removed;
}

function classify(
  element: DomElement,
  text: string,
  size: Lengths,
  rules: ReadonlySet<BoilerplateRule>,
  language: string,
): BoilerplateRule | null {
  if (rules.has("ad-labels")) {
    const label = text.replace(/^[-–—*·|[(\s]+|[-–—*·|\])\s:.…]+$/g, "");
    if (AD_LABEL.test(label) || AD_CONTINUATION.test(label)) return "ad-labels";
  }
  if (rules.has("read-also") && READ_ALSO.test(text) && size.links / size.text >= 0.3) return "read-also";
  if (rules.has("related-sections") && text.length <= 60 && RELATED_TITLE.test(text) && isHeadingLike(element)) {
    return "related-sections";
  }
  if (
    rules.has("calls-to-action") &&
    text.length <= CALL_TO_ACTION_MAX &&
    (CALL_TO_ACTION.test(text) || APP_PROMOTION.test(text) || COMMENT_PROMPT.test(text) || TRIAL_BUTTON.test(text))
  ) {
    return "calls-to-action";
  }
  if (rules.has("disclaimers") && isDisclaimer(text)) return "disclaimers";
  // A link's label stays: it is what tells Readability a gallery or a list of links is not the story.
  if (rules.has("controls") && size.links === 0 && text.length <= CONTROL_MAX && isControlLabel(text)) {
    return "controls";
  }
  if (rules.has("controls") && text.length <= CONTROL_MAX && (isJumpLine(text) || isListenLine(text))) {
    return "controls";
  }
  if (rules.has("controls") && isBreadcrumbLine(text)) return "controls";
  if (rules.has("more-teasers") && /^(?:p|div|li|dd)$/.test(element.localName) && isMoreTeaser(element, text)) {
    return "more-teasers";
  }
  if (
    rules.has("datelines") &&
    text.length <= DATELINE_MAX &&
    (isDateline(text, language) || isReadingTime(text) || isRelativeTime(text)) &&
    standsAlone(element, size) &&
    !insideTable(element)
  ) {
    return "datelines";
  }
  // A credit is a line of its own: not a sentence of the article that happens to start with "Image:". One
  // inside a figure stays: the viewer shows it as the image's caption, under the image, not as running text.
  if (
    rules.has("credits") &&
    text.length <= 120 &&
    (CREDIT.test(text) || AGENCY_LINE.test(text)) &&
    !/[.!?]\s+\p{Lu}/u.test(text) &&
    !insideFigure(element)
  ) {
    return "credits";
  }
  return null;
}

/**
 * True when the element is its block's whole text: a dateline is a line of its own, while a date inside a
 * sentence or a reference ("Retrieved 2012-08-18") is part of that text.
 */
function standsAlone(element: DomElement, size: Lengths): boolean {
  if (!INLINE_TAGS.has(element.localName)) return true;
  // <time> between a header's blocks: no words beside it, so a line of its own.
  const [before, after] = [neighbour(element, -1), neighbour(element, 1)];
  if ((before || after) && !isInline(before) && !isInline(after)) return true;
  for (let node = element.parentNode; node && isElement(node); node = node.parentNode) {
    if (INLINE_TAGS.has(node.localName)) continue;
    return squash(node.textContent ?? "").length === size.text;
  }
  return true;
}

/** The nearest sibling node on one side that is not blank text, or null. */
function neighbour(element: DomElement, step: -1 | 1): DomNode | null {
  const siblings = element.parentNode ? [...element.parentNode.childNodes] : [];
  for (let i = siblings.indexOf(element) + step; i >= 0 && i < siblings.length; i += step) {
    const node = siblings[i] as DomNode;
    if (node.nodeType === TEXT_NODE && !(node.textContent ?? "").trim()) continue;
    return node;
  }
  return null;
}

/** Text, or an inline element: words that would share the line. */
function isInline(node: DomNode | null): boolean {
  if (!node) return false;
  return node.nodeType === TEXT_NODE || (isElement(node) && INLINE_TAGS.has(node.localName));
}

const INLINE_TAGS = new Set(["a", "span", "small", "strong", "b", "em", "i", "time", "font", "abbr", "sup", "sub"]);

function insideCode(element: DomElement): boolean {
  for (let node: DomNode | null = element; node && isElement(node); node = node.parentNode) {
    if (node.localName === "pre" || node.localName === "code") return true;
  }
  return false;
}

/** A date in a table is data (a schedule, a results table), not a dateline. */
function insideTable(element: DomElement): boolean {
  for (let node: DomNode | null = element; node && isElement(node); node = node.parentNode) {
    if (node.localName === "table") return true;
  }
  return false;
}

function insideFigure(element: DomElement): boolean {
  for (let node: DomNode | null = element; node && isElement(node); node = node.parentNode) {
    if (node.localName === "figure" || node.localName === "figcaption") return true;
  }
  return false;
}

/** A heading, or a short block standing first in its container as a heading would. */
function isHeadingLike(element: DomElement): boolean {
  if (/^h[1-6]$/.test(element.localName)) return true;
  const parent = element.parentNode;
  return !!parent && isElement(parent) && parent.children[0] === element && parent.children.length > 1;
}

/**
 * What a related-articles title heads: the largest ancestor made mostly of links once the title is left out,
 * short of the page's whole article; else the title and the link-dense blocks that follow it.
 */
function relatedSection(title: DomElement, lengths: Map<DomElement, Lengths>): DomElement[] {
  const own = lengths.get(title) ?? { text: 0, links: 0 };
  let section: DomElement | null = null;
  for (let node = title.parentNode; node && isElement(node); node = node.parentNode) {
    if (["body", "main", "article", "html"].includes(node.localName)) break;
    const size = lengths.get(node);
    if (!size) break;
    const rest = size.text - own.text;
    if (rest <= 0) continue;
    if ((size.links - own.links) / rest < LINK_DENSE || rest > 3000) break;
    section = node;
  }
  if (section) return [section];
  const result = [title];
  for (let next = nextElement(title); next; next = nextElement(next)) {
    const size = lengths.get(next);
    if (!size || size.text === 0) {
      result.push(next);
      continue;
    }
    if (size.links / size.text < LINK_DENSE) break;
    result.push(next);
  }
  return result;
}

function nextElement(element: DomElement): DomElement | null {
  const siblings = element.parentNode?.childNodes;
  if (!siblings) return null;
  let seen = false;
  for (const node of siblings) {
    if (node === element) seen = true;
    else if (seen && isElement(node)) return node;
  }
  return null;
}

/** Text and link-text length of every element, bottom-up in one walk. */
function measure(node: DomNode, inLink: boolean, lengths: Map<DomElement, Lengths>): Lengths {
  if (node.nodeType === TEXT_NODE) {
    const n = squash(node.textContent ?? "").length;
    return { text: n, links: inLink ? n : 0 };
  }
  if (!isElement(node)) return { text: 0, links: 0 };
  const tag = node.localName;
  if (tag === "script" || tag === "style" || tag === "noscript" || tag === "template") return { text: 0, links: 0 };
  const link = inLink || tag === "a";
  const size = { text: 0, links: 0 };
  for (const child of node.childNodes) {
    const s = measure(child, link, lengths);
    size.text += s.text;
    size.links += s.links;
  }
  lengths.set(node, size);
  return size;
}

function squash(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
