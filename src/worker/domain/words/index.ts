/** Words compared across languages: stop words (stopwords-iso), Snowball stems, Intl.Segmenter word boundaries. */
export { type ContentTerm, contentStems, contentTerms, isContentWord, wordsOf } from "./content-terms";
export { hasStemmer, stemWord } from "./stemmer";
export { hasStopWords, isStopWord, stopWordsOf } from "./stop-words";
