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

export function isControlLabel(text: string): boolean {
  const words = text
    .normalize("NFC")
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
