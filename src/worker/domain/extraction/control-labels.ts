import { type DomElement, isElement } from "./dom";
import { squash } from "./text-blocks";

/**
 * The labels of a page's buttons and toggles, left in its text: "Bild anzeigen Bild schließen" beside each step
 * of a recipe's gallery, "Quellen ausblenden" under a list of sources, "Show more", "Afficher les commentaires".
 * A block is one when every word of it is a control verb, a thing such a control acts on, or an article, and
 * at least one is a verb (de, en, es, fr, it, nl, pl, pt). A heading of the story ("Galerie", "Open Source",
 * "Close the gap") has a word outside the lists or no verb, and stays.
 */
const VERBS = new Set([
  // en
  "show",
  "hide",
  "close",
  "open",
  "expand",
  "collapse",
  "enlarge",
  "view",
  "print",
  "zoom",
  // de
  "anzeigen",
  "ausblenden",
  "einblenden",
  "schließen",
  "öffnen",
  "zeigen",
  "vergrößern",
  "aufklappen",
  "zuklappen",
  "drucken",
  "ansehen",
  // es, pt
  "mostrar",
  "ocultar",
  "cerrar",
  "abrir",
  "ampliar",
  "ver",
  "imprimir",
  "fechar",
  "esconder",
  // fr
  "afficher",
  "masquer",
  "fermer",
  "ouvrir",
  "agrandir",
  "voir",
  "imprimer",
  // it
  "mostra",
  "nascondi",
  "chiudi",
  "apri",
  "ingrandisci",
  "stampa",
  // nl
  "tonen",
  "toon",
  "verbergen",
  "verberg",
  "sluiten",
  "openen",
  "vergroten",
  // pl
  "pokaż",
  "ukryj",
  "zamknij",
  "otwórz",
  "powiększ",
  "drukuj",
]);

const OBJECTS = new Set([
  // en
  "image",
  "images",
  "photo",
  "photos",
  "picture",
  "gallery",
  "sources",
  "references",
  "comments",
  "more",
  "less",
  "all",
  "details",
  "caption",
  "video",
  "map",
  "table",
  "menu",
  "text",
  // de
  "bild",
  "bilder",
  "foto",
  "fotos",
  "galerie",
  "quellen",
  "quellenangaben",
  "kommentare",
  "mehr",
  "weniger",
  "alle",
  "bildunterschrift",
  "karte",
  "tabelle",
  "inhaltsverzeichnis",
  // es, pt
  "imagen",
  "imágenes",
  "imagem",
  "galería",
  "galeria",
  "fuentes",
  "fontes",
  "comentarios",
  "comentários",
  "más",
  "mais",
  "menos",
  "todo",
  "todos",
  "detalles",
  "mapa",
  // fr (photos, galerie: above)
  "commentaires",
  "plus",
  "moins",
  "tout",
  "détails",
  "carte",
  // it
  "immagine",
  "immagini",
  "galleria",
  "fonti",
  "commenti",
  "altro",
  "meno",
  "tutto",
  "dettagli",
  // nl
  "afbeelding",
  "bronnen",
  "reacties",
  "meer",
  "minder",
  // pl
  "zdjęcie",
  "zdjęcia",
  "galerię",
  "źródła",
  "komentarze",
  "więcej",
  "mniej",
  "wszystko",
]);

/** Articles and the odd preposition a control's label carries ("Show the image", "Voir les commentaires"). */
const FILLERS = new Set([
  "the",
  "a",
  "das",
  "die",
  "den",
  "le",
  "la",
  "les",
  "l",
  "el",
  "los",
  "las",
  "o",
  "os",
  "as",
  "il",
  "i",
  "gli",
  "de",
  "het",
  "een",
  "in",
]);

/** A control's label is a few words, even when a site sets two controls side by side. */
const MAX_WORDS = 8;

/**
 * A shop's buttons, whole on their line: "Add to cart", "Quick shop", "Compare products", "Write a review",
 * "In den Warenkorb" (de, en, es, fr, it, nl, pl, pt). A product page saved for later keeps its description,
 * not its checkout controls.
 */
const SHOP_CONTROL = new RegExp(
  `^(?:${[
    // en
    "add to (?:cart|bag|basket|wish ?list)",
    "buy (?:it )?now",
    "quick (?:shop|view|add)",
    "compare(?: products)?",
    "notify me(?: when (?:available|in stock))?",
    "write a review",
    // de
    "in den warenkorb(?: legen)?",
    "jetzt kaufen",
    "merken",
    "bewertung schreiben",
    // fr
    "ajouter au panier",
    "acheter maintenant",
    "comparer",
    "écrire un avis",
    // es, pt
    "añadir al carrito",
    "agregar al carrito",
    "comprar ahora",
    "adicionar ao carrinho",
    "comprar agora",
    // it
    "aggiungi al carrello",
    "acquista ora",
    // nl
    "in winkelwagen",
    "toevoegen aan winkelwagen",
    // pl
    "dodaj do koszyka",
    "kup teraz",
  ].join("|")})$`,
  "iu",
);

/**
 * A price alone on its line ("$37.00", "79,00 €", "ab 12,99 €"): a shop's product card or buy box. An article
 * names a price in a sentence; a line that is only a price is the shop's.
 */
const PRICE_ALONE =
  /^(?:(?:from|ab|à partir de|dès|desde|da|a partir de|vanaf|od)\s+)?(?:(?:[$€£¥₹]|US\$|CHF|zł)\s?\d{1,3}(?:[.,\s\u00a0\u202f]\d{3})*(?:[.,]\d{1,2})?|\d{1,3}(?:[.,\s\u00a0\u202f]\d{3})*(?:[.,]\d{1,2})?\s?(?:€|\$|£|EUR|USD|GBP|CHF|zł|PLN|kr))$/iu;

/** A forum member's post count beside each post ("48 posts", "Beiträge: 1.203"). */
const POST_COUNT =
  /^(?:\d[\d.,]*\s+(?:posts?|beiträge|messages|mensajes|mensagens|messaggi|berichten|postów|posty)|(?:posts|beiträge|messages|mensajes|mensagens|messaggi|berichten|posty)\s*:\s*\d[\d.,]*)$/iu;

export function isControlLabel(text: string): boolean {
  const trimmed = text.normalize("NFC").trim();
  if (SHOP_CONTROL.test(trimmed) || PRICE_ALONE.test(trimmed) || POST_COUNT.test(trimmed)) return true;
  const words = trimmed
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter(Boolean);
  if (words.length === 0 || words.length > MAX_WORDS) return false;
  // Only letters, spaces and the arrows, pluses and brackets controls wear: "Mehr anzeigen (3)" is not one.
  if (/[\p{N}.,;!?"„“”«»]/u.test(text)) return false;
  let verbs = 0;
  for (const word of words) {
    if (VERBS.has(word)) verbs += 1;
    else if (!OBJECTS.has(word) && !FILLERS.has(word)) return false;
  }
  return verbs > 0;
}

/**
 * A skip link: the first link of many pages, for keyboard and screen-reader users, jumping past the navigation to
 * the content ("Skip to content", "Zum Inhalt springen", "Aller au contenu"). Read as text it is the first line of
 * the article. Only a link to a place on the same page whose whole label is such a jump counts.
 */
const SKIP_LINK = new RegExp(
  `^(?:${[
    // en
    "(?:skip|jump|go) to (?:the )?(?:main )?(?:content|navigation|menu|footer|search|article)",
    "skip (?:main )?navigation",
    // de
    "(?:springe |direkt |gehe )?zu[mr]? (?:haupt)?(?:inhalt|navigation|fußzeile|suche|menü)(?: springen| wechseln| gehen)?",
    // fr
    "(?:aller|passer|accéder) (?:directement )?(?:au|à la) (?:contenu|navigation|menu|recherche|pied de page)(?: principal)?",
    // es, pt
    "(?:ir|saltar|pasar|pular) (?:al|a la|para o|para a|ao) (?:contenido|navegación|menú|conteúdo|navegação)(?: principal)?",
    // it
    "(?:vai|salta|passa) (?:al|alla) (?:contenuto|navigazione|menu)(?: principale)?",
    // nl
    "(?:ga |spring |direct )?naar (?:de )?(?:hoofd)?(?:inhoud|navigatie|zoeken)",
    // pl
    "przejdź do (?:treści|zawartości|nawigacji|menu|wyszukiwarki)(?: głównej)?",
  ].join("|")})$`,
  "iu",
);

export function isSkipLink(text: string): boolean {
  return SKIP_LINK.test(text.normalize("NFC").trim());
}

/**
 * A wiki's jump line, its two skip links after a label: MediaWiki's "Jump to: navigation, search" in the wiki's
 * language ("Wechseln zu: Navigation, Suche", "Aller à : navigation, rechercher").
 */
const JUMP_LINE =
  /^(?:jump to|wechseln zu|springe zu|aller à|saltar a|ir a|vai a|ga naar|przejdź do)\s*:\s*(?:navigation|navigación|navegación|navegação|navigazione|navigatie|nawigacja)\s*,\s*(?:search|suche|rechercher|recherche|búsqueda|buscar|pesquisa|ricerca|zoeken|szukaj|wyszukiwanie)$/iu;

/** A forum's "Jump to" box's label, its menu of forums gone. */
const JUMP_LABEL = /^(?:jump to|springe zu|wechseln zu|aller à|saltar a|vai a|ga naar|przejdź do)\s*:?$/iu;

export function isJumpLine(text: string): boolean {
  const trimmed = text.normalize("NFC").trim();
  return JUMP_LINE.test(trimmed) || JUMP_LABEL.test(trimmed);
}

/**
 * A read-aloud player's label left in the text: "Listen to this article", "Artikel anhören", "Écouter cet article",
 * with the recording's length if it shows one ("Listen to this article · 5 min"). The reader view has its own Listen.
 */
const LISTEN_LINE = new RegExp(
  `^(?:${[
    "listen to (?:this|the) (?:article|story)",
    "(?:diesen )?artikel (?:anhören|vorlesen(?: lassen)?)",
    "(?:audio|beitrag) anhören",
    "(?:écouter|écoutez) (?:cet |l['’])article",
    "escuch(?:ar|a) (?:este artículo|esta noticia|la noticia|el artículo|artículo)",
    "ascolta (?:l['’]articolo|questo articolo)",
    "luister naar (?:dit|het) artikel",
    "(?:posłuchaj|odsłuchaj) (?:tego )?artykułu",
    "ouvir (?:este artigo|esta notícia|a notícia)",
  ].join("|")})(?:\\s*[·•|:–—-]?\\s*\\(?\\d{1,2}(?::\\d{2})?\\s*(?:min\\.?|minutes?|minuten|minutos|minuti)?\\)?)?$`,
  "iu",
);

export function isListenLine(text: string): boolean {
  return text.length <= 60 && LISTEN_LINE.test(text.normalize("NFC").trim());
}

/**
 * A breadcrumb trail left as a line: the home page's name, then the sections down to the page, joined by arrows or
 * bars ("Home » Ente Parco » Comunicazione » News", "Startseite > Politik > Inland").
 */
const BREADCRUMB =
  /^(?:home(?: ?page)?|homepage|startseite|start|accueil|inicio|portada|página inicial|pagina iniziale|strona główna)\s*[»›>|/→]/iu;
const BREADCRUMB_SEPARATORS = /\s[»›>|/→]\s/gu;
const BREADCRUMB_MAX = 200;

export function isBreadcrumbLine(text: string): boolean {
  return (
    text.length <= BREADCRUMB_MAX &&
    BREADCRUMB.test(text) &&
    (text.match(BREADCRUMB_SEPARATORS)?.length ?? 0) >= 2 &&
    !/[.!?]$/.test(text)
  );
}

/**
 * A share or print button's label left standing alone in the story ("Pin", "Teilen", "Share", "Drucken"), one under
 * each photo on many blogs. Removed from Readability's result, where such a label, a link as often as not, no longer
 * tells Readability anything about the page. A heading is never one.
 */
const SHARE_LABEL = new RegExp(
  `^(?:${[
    "share(?: (?:this|it|on (?:facebook|twitter|x|pinterest|linkedin|whatsapp)))?",
    "(?:auf|via) (?:facebook|twitter|x|whatsapp|linkedin|pinterest) teilen|per e-?mail (?:teilen|versenden)",
    "partager sur (?:facebook|twitter|x|whatsapp|linkedin)|compartir en (?:facebook|twitter|x|whatsapp|linkedin)",
    "pin(?: it)?",
    "tweet(?: this)?",
    "print(?: this)?",
    "teilen",
    "drucken",
    "partager",
    "imprimer",
    "compartir",
    "imprimir",
    "condividi",
    "stampa",
    "delen",
    "afdrukken",
    "udostępnij",
    "drukuj",
    "compartilhar",
    "e-?mail",
  ].join("|")})$`,
  "iu",
);

/**
 * The other words of a page's interface left as a line of their own: a loader's "Loading…", the comment box's
 * prompts and counts, a video player's messages, a gallery's counter and arrows, "Back to top", "Copy link", the
 * text-size control (de, en, es, fr, it, nl, pl, pt where a site's template is commonly translated).
 */
const INTERFACE_LINE = new RegExp(
  `^(?:${[
    "(?:loading|laden|wird geladen|chargement(?: en cours)?|cargando|caricamento|ładowanie|carregando)(?:\\.{3}|…)?",
    "leave a (?:comment|reply)|(?:hinterlasse|schreibe?) einen kommentar|kommentar (?:verfassen|schreiben)|laisser un commentaire|deja (?:un|tu) comentario|lascia un commento|zostaw komentarz|deixe (?:um|seu) comentário",
    "(?:sign|log) in (?:or register )?to (?:post )?comments?|log in or register to post comments",
    "(?:\\d+|no) comments?|comments? \\(\\d+\\)|(?:\\d+|keine) kommentare?|\\d+ commentaires?|\\d+ comentarios?|\\d+ commenti|\\d+ komentarz(?:y|e)?",
    "play video|video player is loading\\.?|skip ad|your browser does not support (?:the )?(?:video|audio)(?: tag| element)?\\.?",
    "(?:zur|zum) (?:startseite|seitenanfang|mobilen ansicht)|video abspielen|bildergalerie",
    "hier klicken|mehr erfahren|click here|learn more",
    "merken|zur merkliste hinzufügen|lire plus tard|ajouter à mes favoris|guardar",
    "jetzt kommentieren|commenter|réagir|comentar",
    "fehler gefunden\\? jetzt melden\\.?|signaler une erreur|reportar un error",
    "copy link|link copied!?|link kopieren|link kopiert!?|copier le lien|copiar enlace|copia link",
    "save (?:for later|article|story)|add to (?:bookmarks|favou?rites|reading list)|artikel merken",
    "(?:font|text) size(?: a a a| a\\+ a-)?|schriftgröße|taille du texte|tamaño de (?:letra|texto)",
    "previous next|zurück weiter|précédent suivant|anterior siguiente",
    "(?:(?:bild|foto|image|photo|picture|imagen|slide) )?\\d+ (?:of|von|de|sur|di|z|van) \\d+",
    "back to top|top of page|(?:zurück )?nach oben|retour en haut(?: de (?:la )?page)?|volver arriba|torna su|terug naar boven|do góry|voltar ao topo",
    "print (?:this )?(?:page|article|story)|email (?:this )?(?:page|article|story)|artikel (?:drucken|versenden)|imprimer (?:cet article|la page)",
  ].join("|")})$`,
  "iu",
);

/** Whether `text` is a share or print button's label, or another line of the page's interface (INTERFACE_LINE). */
export function isInterfaceLabel(text: string): boolean {
  return (text.length <= 40 && SHARE_LABEL.test(text)) || (text.length <= 60 && INTERFACE_LINE.test(text));
}

const LABEL_BLOCKS = new Set(["p", "div", "li"]);
const LABEL_HOLDERS = "p, div, li, span, a, button";

/** Removes share and print labels and other interface lines standing alone in `root`; returns how many. */
export function removeInterfaceLabels(root: DomElement): number {
  let removed = 0;
  for (const element of [...root.querySelectorAll(LABEL_HOLDERS)]) {
    const parent = element.parentNode;
    // A label's block holds the label alone: one link or button at most (and reading a big box's text is dear).
    if (!parent || !isElement(parent) || element.children.length > 1) continue;
    const text = squash(element.textContent ?? "");
    if (!isInterfaceLabel(text)) continue;
    // A link or button inside a line of text ("[Docs] [Email] [Diff]") is part of that line: only one that is
    // its block's whole text stands alone.
    if (!LABEL_BLOCKS.has(element.localName) && squash(parent.textContent ?? "") !== text) continue;
    element.remove();
    removed++;
  }
  return removed;
}
