/**
 * What a document may be (issue 54), stated in the add box and the API reference. 50 MB bounds the Worker's memory
 * (PDF.js holds the file and its parsed objects: well under the 128 MB an isolate has) and the upload's time; 500
 * pages is a long report or a book, and reads in a few seconds.
 */
export const MAX_DOCUMENT_BYTES = 50 * 1024 * 1024;
export const MAX_PDF_PAGES = 500;
