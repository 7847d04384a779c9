/**
 * Text helpers every package shares, with no dependency and no Node API, so they also run in
 * browsers and editors' webviews: counting characters as the service does, reading a listing of
 * any shape, writing Russian Cyrillic in Latin letters.
 */
export { characterCount } from './text/character-count.js';
export { CYRILLIC_TO_LATIN } from './text/cyrillic-to-latin.js';
export { LANGUAGE_LISTING_KEYS, parseLanguageListing, parseListing, type ListingItem } from './text/listing.js';
export {
  MARKER_PATTERN,
  highestMarker,
  looksMarked,
  markSegments,
  restoreMarkers,
  wordlessMarker,
  type Marked,
  type Restored,
  type Segment,
} from './text/inline-markers.js';
